/**
 * Routes outside ENDPOINTS: the model pages (a path parameter) and /docs. The app
 * registers them (PAGE_ROUTES) and the OpenAPI document lists them.
 */
import { pricedToday, shownOn } from '../../core/advice/as-priced.js';
import { doorBookOf } from '../../core/offers/book.js';
import { requestedAs, TextReply, type RequestContext } from '../../endpoints/endpoint.js';
import type { DescribeApi, ExtraRoute } from '../openapi.js';
import { modelNotFoundPage, modelPage } from '../pages/model-page.js';
import { docsPage } from './docs.js';
import { repricePage } from '../pages/reprice-page.js';

export interface PageRoute extends ExtraRoute {
  respond(params: Record<string, string>, ctx: RequestContext): TextReply | Promise<TextReply>;
}

const HTML = 'text/html; charset=utf-8';

export const modelPageRoute: PageRoute = {
  path: '/models/:id',
  summary: "A model's page: prices, costs, badge and embed snippets (what badges link to)",
  parameters: [
    {
      name: 'id',
      in: 'path',
      required: true,
      description: 'Model id (any case).',
      schema: { type: 'string' },
      example: 'beta-pro',
    },
  ],
  response: {
    description: "The model's page.",
    content: { 'text/html': { schema: { type: 'string' } } },
    errors: [404],
  },
  respond: ({ id = '' }, { catalogue, baseUrl, today }) => {
    const model = catalogue.byId.get(id.toLowerCase());
    // An alias shows its model's page, saying which alias was asked for.
    return model
      ? new TextReply(
          modelPage(
            shownOn(model, today),
            catalogue.benchmarksOf.get(model.id) ?? [],
            baseUrl,
            requestedAs(id, model).requestedId,
            shownOn(model, today).priceChange,
            doorBookOf(pricedToday({ catalogue, today })).doorsOf(model.id),
          ),
          HTML,
        )
      : new TextReply(modelNotFoundPage(catalogue, id), HTML, 404);
  },
};

/** Takes the describer from the app, like /openapi.json, whose document it renders. */
export const docsRoute = (describe: DescribeApi): PageRoute => ({
  path: '/docs',
  summary: 'Interactive API reference (Swagger UI, served from this service) of /openapi.json',
  response: { description: 'The reference page.', content: { 'text/html': { schema: { type: 'string' } } } },
  respond: async (_params, ctx) => new TextReply(await docsPage(ctx, describe), HTML),
});

/** The page that re-prices a dropped usage export (read in the browser; rows POSTed to /api/reprice). */
export const repricePageRoute: PageRoute = {
  path: '/reprice',
  summary:
    'Re-price your own usage: drop an export, read in the browser, priced by POST /api/reprice, with a chart of cost per day',
  response: { description: 'The page.', content: { 'text/html': { schema: { type: 'string' } } } },
  respond: () => new TextReply(repricePage(), HTML),
};
