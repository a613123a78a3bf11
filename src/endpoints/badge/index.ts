/** GET /api/badge: a model's price as an SVG badge, shields.io endpoint JSON, or embed snippets. */
import * as z from 'zod';
import {
  BADGE_STYLES,
  badgeSvg,
  errorBadgeContent,
  priceBadgeContent,
  shieldsEndpointJson,
} from '../../badge/price-badge.js';
import type { Model } from '../../core/schema/catalogue-schema.js';
import {
  endpoint,
  findModel,
  namedJson,
  textMedia,
  requestedAs,
  requireParam,
  TextReply,
  type Reply,
} from '../endpoint.js';
import { ApiError } from '../../lib/errors.js';
import { escapeHtml, modelPagePath } from '../../lib/escape.js';
import { choice, text } from '../params.js';
import { shownOn } from '../../core/advice/as-priced.js';

export const BADGE_FORMATS = ['svg', 'json', 'md', 'url', 'shields'] as const;

export const badgeQuery = z.object({
  model: text('Model id or alias (required).', ['beta-pro']),
  style: choice(
    BADGE_STYLES,
    'Badge style: flat (default) or flat-square, or another badge-maker style: plastic, for-the-badge, social.',
  ),
  format: choice(
    BADGE_FORMATS,
    'svg (default): the badge image; json: embed snippets; md: a Markdown image linking to the model page; url: the badge URL; shields: shields.io endpoint-badge JSON.',
  ),
});

const SVG = 'image/svg+xml; charset=utf-8';

export const badge = endpoint({
  path: '/api/badge',
  summary: "A model's price as an SVG badge, or its embed snippets",
  response: {
    description:
      'The badge (format=svg), embed snippets (json), shields endpoint JSON (shields), Markdown (md) or the badge URL (url).',
    content: {
      'image/svg+xml': textMedia('The SVG badge; for an unknown model, an SVG error badge with status 404.'),
      'application/json': namedJson((r) => ({
        oneOf: { BadgeEmbed: r.badgeJsonResponseSchema, ShieldsEndpoint: r.shieldsResponseSchema },
      })),
      'text/markdown': textMedia('A Markdown image linking to the model page.'),
      'text/plain': textMedia('The badge URL.'),
    },
    errors: [404],
  },
  query: badgeQuery,
  handle: (p, ctx): Reply => {
    const { catalogue, today } = ctx;
    const style = p.style ?? 'flat';
    const format = p.format ?? 'svg';
    const id = requireParam(p.model, 'model', 'a model id');
    let model: Model;
    try {
      // At today's prices (a scheduled change already started included).
      model = shownOn(findModel(catalogue, id, 'model'), today);
    } catch (err) {
      // An image request gets an image: a broken README badge then says why instead of showing nothing.
      if (format === 'svg' && err instanceof ApiError && err.status === 404) {
        return new TextReply(badgeSvg(errorBadgeContent('model not found'), style), SVG, 404);
      }
      throw err;
    }
    // A price change within twelve months marks the badge.
    const change = (model as { priceChange?: string }).priceChange;
    if (format === 'svg') return new TextReply(badgeSvg(priceBadgeContent(model, change), style), SVG);
    if (format === 'shields') return shieldsEndpointJson(priceBadgeContent(model, change), style);
    // The snippets are pasted elsewhere (a README, another site): their links are absolute, and only
    // these formats read the origin (the image and shields' JSON are the same for every Host).
    const { origin } = ctx;
    const badgeUrl = `${origin}/api/badge?model=${encodeURIComponent(model.id)}${style === 'flat' ? '' : `&style=${style}`}`;
    const pageUrl = `${origin}${modelPagePath(model.id)}`;
    const alt = `${model.name} price`;
    const markdown = `[![${alt}](${badgeUrl})](${pageUrl})`;
    switch (format) {
      case 'json':
        return {
          embed: {
            markdown,
            html: `<a href="${escapeHtml(pageUrl)}"><img src="${escapeHtml(badgeUrl)}" alt="${escapeHtml(alt)}"></a>`,
            rst: `.. image:: ${badgeUrl}\n   :alt: ${alt}\n   :target: ${pageUrl}`,
          },
          badge_url: badgeUrl,
          pricing: {
            id: model.id,
            name: model.name,
            provider: model.provider,
            tier: model.tier,
            input: model.input,
            output: model.output,
            context: model.context,
            verified: model.verified,
            message: priceBadgeContent(model, change).message,
            ...(change ? { priceChange: change } : {}),
            ...requestedAs(id, model),
          },
        };
      case 'md':
        return new TextReply(markdown, 'text/markdown; charset=utf-8');
      case 'url':
        return new TextReply(badgeUrl, 'text/plain; charset=utf-8');
    }
  },
});
