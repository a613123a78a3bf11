/** The widget script and the site's pages: assets the runtime hands to the app. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { landingPage } from '../pages/landing.js';

export const widget = endpoint({
  path: '/widget.js',
  summary: 'The embeddable widget script',
  query: z.object({}),
  ignoreQuery: true,
  handle: (_p, { assets }) =>
    assets.widgetJs === undefined
      ? { body: 'console.error("ai-model-pricing: widget bundle not built");', type: 'text/javascript; charset=utf-8', status: 404 }
      : { body: assets.widgetJs, type: 'text/javascript; charset=utf-8' },
});

export const home = endpoint({
  path: '/',
  summary: "The service's site",
  query: z.object({}),
  ignoreQuery: true,
  handle: (_p, ctx) => ({ body: landingPage(ctx), type: 'text/html; charset=utf-8' }),
});
