/** GET /api/badge: a model's price as an SVG badge, or the snippets to embed it. */
import { z } from 'zod';
import { BADGE_STYLES, priceBadgeSvg, priceMessage } from '../../badge/price-badge.js';
import { endpoint, findModel, requireParam } from '../endpoint.js';
import { choice, text } from '../params.js';

export const badgeQuery = z.object({
  model: text('Model id (required).'),
  style: choice(BADGE_STYLES, 'Badge style: flat (default) or flat-square, or another badge-maker style.'),
  format: choice(['svg', 'json', 'md', 'url'] as const, 'svg (default), json (embed snippets), md (Markdown image) or url.'),
});

export const badge = endpoint({
  path: '/api/badge',
  summary: "A model's price as an SVG badge, or its embed snippets",
  query: badgeQuery,
  handle: (p, { catalogue, baseUrl }) => {
    const model = findModel(catalogue, requireParam(p.model, 'model', 'a model id'), 'model');
    const style = p.style ?? 'flat';
    const badgeUrl = `${baseUrl}/api/badge?model=${encodeURIComponent(model.id)}${style === 'flat' ? '' : `&style=${style}`}`;
    const pageUrl = `${baseUrl}/#${encodeURIComponent(model.id)}`;
    const alt = `${model.name} price`;
    const markdown = `[![${alt}](${badgeUrl})](${pageUrl})`;
    switch (p.format) {
      case 'json':
        return {
          json: {
            embed: {
              markdown,
              html: `<a href="${escapeAttr(pageUrl)}"><img src="${escapeAttr(badgeUrl)}" alt="${escapeAttr(alt)}"></a>`,
              rst: `.. image:: ${badgeUrl}\n   :alt: ${alt}\n   :target: ${pageUrl}`,
            },
            badge_url: badgeUrl,
            pricing: {
              id: model.id, name: model.name, provider: model.provider, tier: model.tier,
              input: model.input, output: model.output, context: model.context, verified: model.verified,
              message: priceMessage(model),
            },
          },
        };
      case 'md':
        return { body: markdown, type: 'text/markdown; charset=utf-8' };
      case 'url':
        return { body: badgeUrl, type: 'text/plain; charset=utf-8' };
      default:
        return { body: priceBadgeSvg(model, style), type: 'image/svg+xml; charset=utf-8' };
    }
  },
});

function escapeAttr(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
