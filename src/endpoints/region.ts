/**
 * `region=` on every cost endpoint: each door at the price it has in that region, the doors not known
 * to serve it left out and counted. Unset, nothing here runs.
 */
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import { doorBookOf, type PricedDoor } from '../core/offers/book.js';
import { resolveDoor, splitDoorId } from '../core/offers/resolve.js';
import { REGION_LEFT_OUT_TEXT, regionView, regionsOf, type RegionView } from '../core/offers/regional.js';
import { closestMatches } from '../core/catalogue/suggest.js';
import { ApiError, quote } from '../lib/errors.js';
import { text } from './params.js';
import { doorCaveats, sellersFilter } from './sellers.js';
import { anySeller } from '../core/advice/at-doors.js';

export const regionParam = text(
  // No example: the docs' "Try it out" fills examples in, and a model's own door need not serve one region.
  "Where the requests must be served: global, us, eu, apac, au, jp, cn, us-gov, or a cloud region a source prices (eu-central-1). Each door at that region's price (a regional door, or the seller's price times its uplift there), doors no source says serve it left out and counted (region_unknown, not_in_region). A model id alone is its maker's door there. Unset: every door at its base price, as without regions.",
);

/** A ranking's doors: each model's cheapest of the sellers asked, serving the region asked (at its price); none, its record's. */
export function rankedAt(catalogue: Catalogue, p: { sellers?: string | undefined; region?: string | undefined }) {
  const region = regionOf(catalogue, p.region);
  return { region, allowed: sellersFilter(catalogue, p.sellers) ?? (region ? anySeller : undefined) };
}

/** The region's view for a `region` value, or undefined when unset; a region the data does not know is a 400. */
export function regionOf(catalogue: Catalogue, value: string | undefined): RegionView | undefined {
  if (value === undefined) return undefined;
  const asked = value.trim().toLowerCase();
  const book = doorBookOf(catalogue);
  const known = regionsOf(book, catalogue);
  if (!known.includes(asked))
    throw new ApiError(
      400,
      'invalid_parameter',
      `region ${quote(value)} is no region on record: give one of ${known.join(', ')}.`,
      { param: 'region', suggestions: closestMatches(asked, known) },
    );
  return regionView(catalogue, book, asked);
}

/**
 * The door a model id names in the region: `<model-id>@<seller>` that seller's door there, a model id
 * alone its own door there; a 404 naming the region and why (and the doors that do serve it) otherwise.
 */
export function findInRegion(
  catalogue: Catalogue,
  view: RegionView,
  id: string,
  param: string,
  findRecord: (id: string) => Model,
): PricedDoor {
  const parts = splitDoorId(id.trim());
  if (parts && parts.model.includes('@'))
    throw new ApiError(400, 'invalid_parameter', `${param} ${quote(id)} is not <model-id>@<seller>.`, { param });
  const record = findRecord(parts ? parts.model : id);
  const doors = view.book.doorsOf(record.id);
  // The seller as the book names it (slug, a source's name, its display name); unknown sellers are findRecord's 404.
  const base = parts
    ? resolveDoor(catalogue, `${record.id}@${parts.seller}`)
    : doorBookOf(catalogue).doorsOf(record.id)[0];
  const slug = base?.seller.slug ?? parts?.seller;
  const door = doors.find((d) => d.seller.slug === slug);
  const serving = doors.filter((d) => d.priced).map((d) => d.id);
  const others = serving.length
    ? ` Doors serving ${view.region}: ${serving.join(', ')}.`
    : ` No door of it is known to serve ${view.region}.`;
  if (!door || !door.priced) {
    const left = view.leftOutOf(record.id).find((l) => l.door.seller.slug === slug);
    const who = base
      ? `${base.seller.name}'s door to ${record.id}`
      : `No seller ${quote(parts?.seller ?? '')} of ${record.id}`;
    const why = left
      ? ` does not serve ${view.region} as far as we know: ${REGION_LEFT_OUT_TEXT[left.reason]}.`
      : door
        ? ` has no price on record in ${view.region} (unknown, not free).`
        : ` is not on record in ${view.region}.`;
    throw new ApiError(404, 'door_not_found', `${who}${why}${others} (${param}, region)`, {
      param,
      suggestions: serving.slice(0, 5),
    });
  }
  return door;
}

/**
 * A finder of model ids for one answer: unset region, findModel's record or door; with region, the
 * door there (findInRegion), its record as priced in the region, remembered for the answer's `inRegion`.
 */
export function regionFinder(
  catalogue: Catalogue,
  view: RegionView | undefined,
  findModel: (catalogue: Catalogue, id: string, param: string) => Model,
) {
  const doors = new Map<Model, PricedDoor>();
  return {
    find: (id: string, param: string): Model => {
      if (!view) {
        const model = findModel(catalogue, id, param);
        // A door priced in another currency says so wherever it is priced (its own prices and the rate).
        const door = model.id.includes('@') ? doorBookOf(catalogue).byId.get(model.id.toLowerCase()) : undefined;
        if (door?.local && door.priced === model) doors.set(model, door);
        return model;
      }
      const door = findInRegion(catalogue, view, id, param, (plain) => findModel(catalogue, plain, param));
      doors.set(door.priced as Model, door);
      return door.priced as Model;
    },
    /** The door a found model is priced at in the region (without region, a door in another currency), else undefined. */
    doorOf: (model: Model): PricedDoor | undefined => doors.get(model),
  };
}

/** For an answer's item priced at a door: why it serves the region asked at that price (inRegion), and its own currency's prices and rate where it is priced in another (currency). */
export function inRegionOf(door: PricedDoor | undefined) {
  if (!door) return {};
  const { inRegion, currency } = doorCaveats(door);
  return { ...(inRegion ? { inRegion } : {}), ...(currency ? { currency } : {}) };
}
