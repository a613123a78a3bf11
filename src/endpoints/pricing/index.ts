/** GET /api/pricing and GET /data/pricing.json: the catalogue, filtered, or one model. */
import * as z from 'zod';
import { TIERS, type Model } from '../../core/schema/catalogue-schema.js';
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import { closestMatches } from '../../core/catalogue/suggest.js';
import { catalogueAsOf } from '../../core/catalogue/as-of-period.js';
import { asOf, asOfInfo, modelAsOf } from '../as-of.js';
import { endpoint, findModel, namedJson, requestedAs } from '../endpoint.js';
import { ApiError, quote } from '../../lib/errors.js';
import { choice, splitList, statusFilter, text } from '../params.js';
import { catalogueBody, links } from '../present.js';
import { shownOn, withPriceChanges } from '../../core/advice/as-priced.js';
import { offersOf, withOfferCounts } from '../doors.js';

export const pricingQuery = z.object({
  provider: text('Provider slug, or several separated by commas (case-insensitive).'),
  tier: choice(TIERS, 'Pricing tier: Budget, Mid or Premium (case-insensitive).'),
  status: statusFilter('all'),
  model: text('A model id or alias: answers with that one model.'),
  as_of: asOf,
});

/** Provider slugs from a list (commas or spaces between); an unknown one is a 400 naming the allowed slugs. */
export function parseProviders(catalogue: Catalogue, list: string): Set<string> {
  const slugs = new Set<string>();
  for (const raw of splitList(list)) {
    const slug = raw.toLowerCase();
    if (!slug) continue;
    if (!catalogue.byProvider.has(slug)) {
      const known = catalogue.providers.map((p) => p.slug);
      const suggestions = closestMatches(slug, known);
      throw new ApiError(
        400,
        'invalid_parameter',
        `provider ${quote(raw)} is not a provider slug. Allowed: ${known.join(', ')}.`,
        {
          param: 'provider',
          ...(suggestions.length ? { suggestions } : {}),
        },
      );
    }
    slugs.add(slug);
  }
  // `provider=,` names no provider: refused, rather than silently matching nothing.
  if (slugs.size === 0) {
    const known = catalogue.providers.map((p) => p.slug);
    throw new ApiError(400, 'invalid_parameter', `provider lists no provider slug. Allowed: ${known.join(', ')}.`, {
      param: 'provider',
    });
  }
  return slugs;
}

export const pricing = endpoint({
  path: '/api/pricing',
  summary: 'Model prices: the catalogue, filtered by provider and tier, or one model',
  response: {
    description: 'The catalogue (filtered), or one model when model is given.',
    content: {
      'application/json': namedJson((r) => ({
        oneOf: { Catalogue: r.catalogueSchema, OneModel: r.oneModelSchema },
        parts: { Model: r.modelRecordSchema },
      })),
    },
    errors: [404],
  },
  tool: {
    name: 'get_model_price',
    description: "One model's prices per 1M tokens, context window and tier",
    keys: ['model'],
    required: ['model'],
  },
  commands: [
    {
      name: 'list',
      summary: 'List the models and their prices, filtered by provider and tier',
      params: ['provider', 'tier', 'status'],
    },
    {
      name: 'price',
      summary: "One model's prices, context window, quality and source",
      ids: { usage: '<id>', one: 'model' },
      params: ['model'],
    },
  ],
  query: pricingQuery,
  // status defaults to all here too: MCP's get_model_price passes only model.
  handle: ({ provider, tier, status = 'all', model: id, as_of: date }, ctx) => {
    const { catalogue } = ctx;
    const providers = provider === undefined ? undefined : parseProviders(catalogue, provider);
    const matches = (m: Model) =>
      (!providers || providers.has(m.providerSlug)) &&
      (!tier || m.tier === tier) &&
      (status === 'all' || m.status === status);
    if (id !== undefined) {
      const model = findModel(catalogue, id, 'model');
      // The evidence comes with one model's record only: in the lists it would be most of their size.
      const benchmarks = () => catalogue.benchmarksOf.get(model.id) ?? [];
      if (!matches(model)) {
        throw new ApiError(
          404,
          'model_not_found',
          `Model ${quote(model.id)} does not match the provider, tier and status filters given with it.`,
          {
            param: 'model',
          },
        );
      }
      if (date !== undefined) {
        const then = modelAsOf(model, date, 'model');
        return {
          model: { ...then.model, benchmarks: benchmarks(), asOf: asOfInfo(date, then.set) },
          ...requestedAs(id, model),
          ...links(ctx),
        };
      }
      return {
        model: {
          ...shownOn(model, ctx.today),
          benchmarks: benchmarks(),
          offers: offersOf(catalogue, catalogue.byId.get(model.id.split('@')[0] as string) ?? model),
        },
        ...requestedAs(id, model),
        ...links(ctx),
      };
    }
    const models = providers || tier || status !== 'all' ? catalogue.models.filter(matches) : catalogue.models;
    if (date !== undefined) {
      // Models that did not exist yet, or had no recorded price that day, are left out.
      // Made once per price period (catalogueAsOf), then filtered: the filters read no price.
      const then = catalogueAsOf(catalogue, date)
        .filter(({ model }) => matches(model))
        .map(({ model, set }) => ({ ...model, asOf: asOfInfo(date, set) }));
      const body = catalogueBody(ctx, then);
      return { models: body.models, meta: { ...body.meta, asOf: date } };
    }
    if (models.length > 0 || !providers || !tier)
      return catalogueBody(ctx, withPriceChanges(withOfferCounts(catalogue, models), ctx.today));
    // A provider has models, so only a provider and a tier together can match none.
    const slugs = [...providers].join(',');
    const tiers = TIERS.filter((t) => catalogue.models.some((m) => m.tier === t && providers.has(m.providerSlug)));
    const hint = {
      param: 'tier',
      message: `No model meets provider=${slugs} and tier=${tier}. Without tier, ${slugs} has models in tiers ${tiers.join(', ')}.`,
      without: ['tier'],
    };
    return { ...catalogueBody(ctx, models), hint };
  },
});

export const pricingFile = endpoint({
  path: '/data/pricing.json',
  summary: 'The whole catalogue as a static file (refreshed monthly)',
  response: {
    description: 'The whole catalogue.',
    content: {
      'application/json': namedJson((r) => ({
        oneOf: { Catalogue: r.catalogueSchema },
        parts: { Model: r.modelRecordSchema },
      })),
    },
  },
  query: z.object({}),
  // A static file takes no parameters; cache-busting query strings are ignored, not refused.
  ignoreQuery: true,
  handle: (_params, ctx) =>
    catalogueBody(ctx, withPriceChanges(withOfferCounts(ctx.catalogue, ctx.catalogue.models), ctx.today)),
});
