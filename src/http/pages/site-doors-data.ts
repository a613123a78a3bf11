/** The vetted doors the home page embeds for its calculator's seller choice; server only. */
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import { doorBookOf } from '../../core/offers/book.js';
import type { SiteDoor } from './site-doors.js';

/**
 * Each model's vetted doors besides its own, by model id (the page embeds them for the browser),
 * and its own where the seller of that door is not its maker (Nova's at Amazon Bedrock), marked
 * `own`: the seller choice counts it as that seller's.
 */
export function siteDoors(catalogue: Catalogue): Record<string, SiteDoor[]> {
  const book = doorBookOf(catalogue);
  const out: Record<string, SiteDoor[]> = {};
  for (const model of catalogue.models) {
    const doors = book.doorsOf(model.id).flatMap((d): SiteDoor[] => {
      const p = d.priced;
      if ((d.own && d.seller.slug === model.providerSlug) || d.keptOut !== undefined || !p) return [];
      return [
        {
          ...(d.own ? { own: true as const } : {}),
          seller: d.seller.slug,
          sellerName: d.seller.name,
          input: p.input,
          output: p.output,
          contextTokens: p.contextTokens,
          ...(p.cachedInput === undefined ? {} : { cachedInput: p.cachedInput }),
          ...(p.cacheWrite === undefined ? {} : { cacheWrite: p.cacheWrite }),
          ...(p.maxOutputTokens === undefined ? {} : { maxOutputTokens: p.maxOutputTokens }),
        },
      ];
    });
    if (doors.length) out[model.id] = doors;
  }
  return out;
}
