/** The vetted doors the home page embeds for its calculator's seller choice; server only. */
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import { doorBookOf, type PricedDoor } from '../../core/offers/book.js';
import { regionView, regionsOf } from '../../core/offers/regional.js';
import type { SiteDoor, SiteRegion } from './site-doors.js';

/** A vetted, priced door as the browser prices it (none for a door kept out or with no price). */
function siteDoorOf(d: PricedDoor): SiteDoor[] {
  const p = d.priced;
  if (d.keptOut !== undefined || !p) return [];
  const multiplier = d.inRegion?.multiplier;
  return [
    {
      ...(d.own ? { own: true as const } : {}),
      // The record's own door in a region with an uplift: the browser multiplies the record's every price.
      ...(d.own && multiplier !== undefined ? { multiplier } : {}),
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
}

/**
 * Each model's vetted doors besides its own, by model id (the page embeds them for the browser),
 * and its own where the seller of that door is not its maker (Nova's at Amazon Bedrock), marked
 * `own`: the seller choice counts it as that seller's.
 */
export function siteDoors(catalogue: Catalogue): Record<string, SiteDoor[]> {
  const book = doorBookOf(catalogue);
  const out: Record<string, SiteDoor[]> = {};
  for (const model of catalogue.models) {
    const doors = book
      .doorsOf(model.id)
      .flatMap((d) => (d.own && d.seller.slug === model.providerSlug ? [] : siteDoorOf(d)));
    if (doors.length) out[model.id] = doors;
  }
  return out;
}

/**
 * Each region region= takes, with its doors as the region's view has them (the record's own door among
 * them, with its uplift) and the models a seller's statement leaves out there; the page embeds them.
 */
export function siteRegions(catalogue: Catalogue): Record<string, SiteRegion> {
  const book = doorBookOf(catalogue);
  const out: Record<string, SiteRegion> = {};
  for (const region of regionsOf(book, catalogue)) {
    const view = regionView(catalogue, book, region);
    const doors: Record<string, SiteDoor[]> = {};
    const notInRegion: string[] = [];
    for (const model of catalogue.models) {
      const serving = view.book.doorsOf(model.id).flatMap(siteDoorOf);
      if (serving.length) doors[model.id] = serving;
      else if (view.reasonOf(model.id) === 'not_in_region') notInRegion.push(model.id);
    }
    out[region] = { doors, notInRegion };
  }
  return out;
}
