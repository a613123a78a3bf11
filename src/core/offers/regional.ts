/**
 * A region's doors (`region=`): for each model, at each seller, the door that serves that region at
 * that region's price, and the doors left out with why. A seller's door serves a region where
 *
 * 1. a source prices it there: a regional door (Bedrock's `eu.` profile, `azure/eu/`, a cloud
 *    region's entry) within the region, the exact region first, else the seller's cheapest listed
 *    region within it (input, then output);
 * 2. else its source puts an uplift on the base price there (OpenAI's regional processing, Anthropic's
 *    US-only inference): the base door with every token price times the multiplier, so the uplift
 *    stacks with cache reads and writes, long-context bands and service tiers as one factor on each,
 *    and with a batch discount (a share of the uplifted price);
 * 3. else the seller says it serves the region at its base price (sellers.json `regions`).
 *
 * A seller with no statement is `region_unknown`, one whose statement leaves the region out
 * `not_in_region`: left out, never assumed. The view is a DoorBook, so every ranking over doors
 * (the door table) takes it as it takes the book.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Model } from '../schema/catalogue-schema.js';
import { divideRoundHalfUp, formatScaled, parseScaled } from '../schema/money.js';
import { buildSheets, type ModelSheets } from '../pricing/price-sheet.js';
import type { DoorBook, InRegion, PricedDoor } from './book.js';
import type { Uplift } from './door-schema.js';
import { GEOGRAPHIES, within } from './regions.js';

export const REGION_LEFT_OUT = ['region_unknown', 'not_in_region'] as const;
export type RegionLeftOut = (typeof REGION_LEFT_OUT)[number];

export const REGION_LEFT_OUT_TEXT: Record<RegionLeftOut, string> = {
  region_unknown: 'no source says its seller serves this region: left out, never assumed',
  not_in_region: 'its seller serves other regions only (as its source or pricing page says)',
};

export interface RegionView {
  readonly region: string;
  /** The region's doors, as a book: doorsOf(model) the doors serving it at its prices. */
  readonly book: DoorBook;
  /** A model's doors left out for the region, with why. */
  leftOutOf(modelId: string): ReadonlyArray<{ door: PricedDoor; reason: RegionLeftOut }>;
  /** Why a model has no door in the region: not_in_region where every seller says so, else region_unknown. */
  reasonOf(modelId: string): RegionLeftOut;
}

/** The token prices an uplift multiplies, wherever they sit in a record (its bands, tiers, unit prices and dated sets). */
const PRICE_KEYS = new Set([
  'input',
  'output',
  'cachedInput',
  'cacheWrite',
  'cacheWrite1h',
  'inputAudio',
  'cachedInputAudio',
  'outputAudio',
  'inputImage',
  'outputImage',
  'inputVideo',
  'outputVideo',
  'outputReasoning',
]);
/** The parts of a record that hold token prices. */
const PRICE_PARTS = new Set([
  'longContext',
  'longContextSteps',
  'serviceTiers',
  'flex',
  'priority',
  'unitPrices',
  'priceHistory',
]);

/** `price` × `multiplier`, exact to the nano-dollar per 1M tokens (half up). */
export function upliftPrice(price: number, multiplier: number): number {
  const nanos = parseScaled(price, 9) as bigint;
  const m = parseScaled(multiplier, 4) as bigint;
  return Number(formatScaled(divideRoundHalfUp(nanos * m, 10_000n), 9));
}

function scaled(value: unknown, multiplier: number): unknown {
  if (Array.isArray(value)) return value.map((v) => scaled(v, multiplier));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (PRICE_KEYS.has(key) && typeof v === 'number') out[key] = upliftPrice(v, multiplier);
    else if (PRICE_PARTS.has(key)) out[key] = scaled(v, multiplier);
    else out[key] = v;
  }
  return out;
}

/** A priced record with every token price times `multiplier` (fees per request or search unchanged). */
export function upliftRecord(model: Model, multiplier: number, note: string): Model {
  const out = scaled(model, multiplier) as Model;
  return Object.assign(out, { priceNote: model.priceNote ? `${model.priceNote} ${note}` : note });
}

const lowest = (a: PricedDoor, b: PricedDoor) =>
  (a.priced?.input ?? Infinity) - (b.priced?.input ?? Infinity) ||
  (a.priced?.output ?? Infinity) - (b.priced?.output ?? Infinity);

/** A door as the region sells it: its own fields, a region, and its sheets made on first use. */
function inRegion(door: PricedDoor, priced: Model | undefined, region: InRegion): PricedDoor {
  let sheets: ModelSheets | undefined;
  const same = priced === door.priced;
  return {
    ...door,
    priced,
    inRegion: region,
    sheets: () => (sheets ??= same ? door.sheets() : buildSheets(priced as Model)),
  };
}

function viewOf(catalogue: Catalogue, book: DoorBook, region: string): RegionView {
  const byModel = new Map<string, PricedDoor[]>();
  const byId = new Map<string, PricedDoor>();
  const left = new Map<string, Array<{ door: PricedDoor; reason: RegionLeftOut }>>();
  for (const record of catalogue.models) {
    // Serving variants (a door's `variant`) are never the model's door, in a region or not.
    const base = book.doorsOf(record.id).filter((d) => d.door?.variant === undefined);
    const regional = book.regionalOf(record.id);
    const uplifts = book.upliftsOf(record.id);
    const doors: PricedDoor[] = [];
    const out: Array<{ door: PricedDoor; reason: RegionLeftOut }> = [];
    const sellers = new Set([...base, ...regional].map((d) => d.seller.slug));
    for (const slug of sellers) {
      const there = regional.filter((d) => d.seller.slug === slug && within(d.region as string, region));
      const exact = there.find((d) => d.region === region) ?? [...there].sort(lowest)[0];
      if (exact) {
        doors.push(
          inRegion(exact, exact.priced, {
            asked: region,
            region: exact.region as string,
            why: `${exact.seller.name}'s ${exact.region} price (${exact.sellerModelId}), as ${exact.source} lists it`,
          }),
        );
        continue;
      }
      const own = base.find((d) => d.seller.slug === slug);
      if (!own) continue;
      const uplift: Uplift | undefined = uplifts.find((u) => u.seller === slug && u.region === region);
      if (uplift) {
        const why = `${own.seller.name}'s price in ${region} is ${uplift.multiplier}x its base price on every token price (${uplift.what} in ${uplift.source})`;
        const priced = own.priced && upliftRecord(own.priced, uplift.multiplier, `In ${region}: ${why}.`);
        doors.push(inRegion(own, priced, { asked: region, region, multiplier: uplift.multiplier, why }));
        continue;
      }
      const serves = own.seller.regions?.serves.find((r) => within(r, region));
      if (serves !== undefined) {
        doors.push(
          inRegion(own, own.priced, {
            asked: region,
            region: serves,
            why: `${own.seller.name} serves ${serves} at its base price (${own.seller.regions?.source})`,
          }),
        );
        continue;
      }
      out.push({ door: own, reason: own.seller.regions ? 'not_in_region' : 'region_unknown' });
    }
    doors.sort((a, b) => Number(b.own) - Number(a.own) || a.seller.slug.localeCompare(b.seller.slug));
    byModel.set(record.id, doors);
    for (const d of doors) byId.set(d.id.toLowerCase(), d);
    if (out.length) left.set(record.id, out);
  }
  const view: DoorBook = {
    sellers: book.sellers,
    problems: book.problems,
    byId,
    doorsOf: (id) => byModel.get(id) ?? [],
    countOf: (id) => byModel.get(id)?.length ?? 0,
    regionalOf: () => [],
    upliftsOf: () => [],
  };
  return {
    region,
    book: view,
    leftOutOf: (id) => left.get(id) ?? [],
    reasonOf: (id) =>
      (left.get(id) ?? []).some((l) => l.reason === 'region_unknown') ? 'region_unknown' : 'not_in_region',
  };
}

/** The regions `region=` takes on this book: the geographies, and every region a door or seller names. */
export function regionsOf(book: DoorBook, catalogue: Catalogue): string[] {
  const all = new Set<string>(GEOGRAPHIES);
  for (const seller of book.sellers.values()) for (const r of seller.regions?.serves ?? []) all.add(r);
  for (const record of catalogue.models) {
    for (const d of book.regionalOf(record.id)) all.add(d.region as string);
    for (const u of book.upliftsOf(record.id)) all.add(u.region);
  }
  return [...all].sort();
}

const views = new WeakMap<DoorBook, Map<string, RegionView>>();

/** The book's view for one region, made on first use and kept (the regions are the book's own: regionsOf). */
export function regionView(catalogue: Catalogue, book: DoorBook, region: string): RegionView {
  let byRegion = views.get(book);
  if (!byRegion) views.set(book, (byRegion = new Map()));
  let view = byRegion.get(region);
  if (!view) byRegion.set(region, (view = viewOf(catalogue, book, region)));
  return view;
}
