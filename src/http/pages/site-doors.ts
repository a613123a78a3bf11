/**
 * The calculator's seller choice, alike on the server and in the browser (/assets/site.js): each
 * model at its own door (the maker's, as the catalogue prices it), at its cheapest vetted direct
 * door (every seller), or only at one cloud's door. The table, the chart and the headline follow.
 */
import type { Workload } from '../../core/pricing/cost.js';
import type { Model } from '../../core/schema/catalogue-schema.js';
import { upliftRecord, type RegionLeftOut } from '../../core/offers/regional.js';
import { escapeHtml } from '../../lib/escape.js';
import { priceAll, type Priced, type SiteModel } from './site-model.js';

/** A vetted door as the browser needs it: who sells it and the prices and limits the engine reads. */
export interface SiteDoor {
  seller: string;
  sellerName: string;
  input: number;
  output: number;
  cachedInput?: number;
  cacheWrite?: number;
  contextTokens: number;
  maxOutputTokens?: number;
  /**
   * The record's own door where its seller is not its maker (Amazon's Nova at Amazon Bedrock,
   * Together's Llama at Together): priced as the record is, with every price rule it has.
   */
  own?: true;
  /** In a region's doors: the uplift on the record's own door there (OpenAI's regional processing, 1.1). */
  multiplier?: number;
}

/**
 * One region's doors as `region=` on the API sees them: each model's doors serving it, the record's own
 * among them marked `own` (with its uplift), and the models no door serves there that a seller's
 * statement leaves out (`notInRegion`; the others no source says serve it: region_unknown).
 */
export interface SiteRegion {
  doors: Record<string, SiteDoor[]>;
  notInRegion: string[];
}

/** The clouds the calculator offers as a choice of their own. */
export const CLOUD_CHOICES = [
  ['amazon-bedrock', 'Amazon Bedrock'],
  ['google-vertex', 'Google Cloud Vertex AI'],
  ['azure', 'Microsoft Azure'],
] as const;

/** The model as a door prices it: the door's prices and limits, none of the maker's own price rules. */
function atDoor<M extends SiteModel>(model: M, door: SiteDoor): M {
  const {
    longContext: _l,
    longContextSteps: _s,
    offPeak: _o,
    batch: _b,
    serviceTiers: _t,
    unitPrices: _u,
    cacheWrite1h: _w,
    freeTierOnly: _f,
    cachedInput: _c,
    cacheWrite: _cw,
    maxOutputTokens: _m,
    ...rest
  } = model;
  return {
    ...rest,
    input: door.input,
    output: door.output,
    contextTokens: door.contextTokens,
    ...(door.cachedInput === undefined ? {} : { cachedInput: door.cachedInput }),
    ...(door.cacheWrite === undefined ? {} : { cacheWrite: door.cacheWrite }),
    ...(door.maxOutputTokens === undefined ? {} : { maxOutputTokens: door.maxOutputTokens }),
  } as M;
}

export type SellerPriced<M extends SiteModel = SiteModel> = Priced<M> & {
  sellerName?: string;
  /** The door's prices per 1M tokens and context window, where the model is priced at a door not its own (the table shows them). */
  prices?: { input: number; output: number; contextTokens: number };
};

/** The cheapest of a model's options that can run the workload, else the cheapest of them all; undefined for none. */
function cheapestOption<P extends Priced>(options: readonly P[]): P | undefined {
  const usable = options.filter((p) => !p.exclusion);
  return (usable.length ? usable : options).reduce<P | undefined>(
    (a, p) => (!a || p.monthly.nanos < a.monthly.nanos ? p : a),
    undefined,
  );
}

/**
 * Each model priced at the chosen doors: `maker`, its own; `all`, the cheapest of its own (when it
 * is capacity one can buy) and its vetted doors that can run the workload; a seller slug, only that
 * seller's doors, the record's own among them when that seller sells it (Nova at Amazon Bedrock),
 * as sellers= on the API counts it. `notSold`: the ids of models the choice has no door for.
 */
export function priceAtSellers<M extends SiteModel>(
  models: readonly M[],
  doors: Readonly<Record<string, readonly SiteDoor[]>>,
  w: Workload,
  choice: string,
): { priced: Array<SellerPriced<M>>; notSold: string[] } {
  if (choice === 'maker') return { priced: priceAll(models, w), notSold: [] };
  const priced: Array<SellerPriced<M>> = [];
  const notSold: string[] = [];
  const own = priceAll(models, w);
  models.forEach((model, i) => {
    const listed = (doors[model.id] ?? []).filter((d) => choice === 'all' || d.seller === choice);
    const candidates = listed.filter((d) => !d.own);
    const options: Array<SellerPriced<M>> = priceAll(
      candidates.map((d) => atDoor(model, d)),
      w,
    ).map((p, j) => ({
      ...p,
      model,
      sellerName: (candidates[j] as SiteDoor).sellerName,
      prices: { input: p.model.input, output: p.model.output, contextTokens: p.model.contextTokens },
    }));
    const mine = own[i] as Priced<M>;
    const ownDoor = listed.find((d) => d.own);
    if (choice === 'all' ? !model.freeTierOnly : ownDoor)
      options.unshift(ownDoor ? { ...mine, sellerName: ownDoor.sellerName } : mine);
    const best = cheapestOption(options);
    if (best) priced.push(best);
    else notSold.push(model.id);
  });
  return { priced, notSold };
}

/**
 * Each model priced at the chosen doors that serve a region, as the API's region= with sellers=
 * (`all` or one seller) prices it: the record's own door at its price there (times its uplift), any
 * other door at its own. `leftOut`: the models no door serves there, with why (region_unknown,
 * not_in_region), also in `notSold`.
 */
export function priceInRegion<M extends SiteModel>(
  models: readonly M[],
  region: SiteRegion,
  w: Workload,
  choice: string,
): { priced: Array<SellerPriced<M>>; notSold: string[]; leftOut: Map<string, RegionLeftOut> } {
  const priced: Array<SellerPriced<M>> = [];
  const notSold: string[] = [];
  const leftOut = new Map<string, RegionLeftOut>();
  const notInRegion = new Set(region.notInRegion);
  for (const model of models) {
    const serving = region.doors[model.id];
    if (!serving) {
      leftOut.set(model.id, notInRegion.has(model.id) ? 'not_in_region' : 'region_unknown');
      notSold.push(model.id);
      continue;
    }
    const listed = serving.filter((d) => choice === 'all' || d.seller === choice);
    const atDoors = listed.map((d) =>
      d.own
        ? d.multiplier === undefined
          ? model
          : (upliftRecord(model as unknown as Model, d.multiplier, '') as unknown as M)
        : atDoor(model, d),
    );
    const options: Array<SellerPriced<M>> = priceAll(atDoors, w).map((p, j) => {
      const door = listed[j] as SiteDoor;
      const plain = door.own && door.multiplier === undefined;
      return {
        ...p,
        model,
        sellerName: door.sellerName,
        ...(plain
          ? {}
          : { prices: { input: p.model.input, output: p.model.output, contextTokens: p.model.contextTokens } }),
      };
    });
    const best = cheapestOption(options);
    if (best) priced.push(best);
    else notSold.push(model.id);
  }
  return { priced, notSold, leftOut };
}

/** The name of a one-seller choice ("Amazon Bedrock"), undefined for `maker` and `all`. */
export const chosenSellerName = (choice: string): string | undefined =>
  CLOUD_CHOICES.find(([slug]) => slug === choice)?.[1];

/** What the table's cells say of a model the choice has no door for. */
export const notSoldCell = (sellerName: string | undefined) =>
  sellerName ? `not sold at ${sellerName}` : 'not sold for capacity';

/** The headline's sentence (HTML) on the models the chosen seller does not sell, or '' when it sells them all. */
export function notSoldHtml(count: number, sellerName: string | undefined): string {
  if (count === 0) return '';
  const models = `${count.toLocaleString('en-US')} ${count === 1 ? 'model has' : 'models have'}`;
  return escapeHtml(
    `${models} no door ${sellerName ? `at ${sellerName}` : 'one can buy capacity at'}: the table lists ${count === 1 ? 'it' : 'them'} last, marked "${notSoldCell(sellerName)}".`,
  );
}

/** What the table's cells say of a model no door serves in the region asked. */
export const notInRegionCell = (region: string, reason: RegionLeftOut) =>
  reason === 'not_in_region' ? `not served in ${region}` : `no door known to serve ${region}`;

/** The geographies by name; a cloud region (eu-central-1) is its own name. */
const REGION_NAMES: Record<string, string> = {
  global: 'Global',
  us: 'United States',
  eu: 'Europe',
  apac: 'Asia-Pacific',
  au: 'Australia',
  jp: 'Japan',
  cn: 'Mainland China',
  'us-gov': 'US government',
};

/** The calculator's region field: the values the API's region= takes; unset, every door at its base price. */
export function regionField(regions: readonly string[]): string {
  const options = [
    ['', 'Any: each door at its base price'],
    ...regions.map((r) => [r, REGION_NAMES[r] ? `${REGION_NAMES[r]} (${r})` : r]),
  ];
  return `<label for="calc-region">Region<select id="calc-region" name="region">${options.map(([v, t]) => `<option value="${escapeHtml(v as string)}">${escapeHtml(t as string)}</option>`).join('')}</select></label>`;
}

/** The calculator's seller field. */
export function sellerField(): string {
  const options = [
    ['maker', "Each model's own seller (its maker)"],
    ['all', 'Every seller: the cheapest vetted door'],
    ...CLOUD_CHOICES.map(([slug, name]) => [slug, `${name} only`]),
  ];
  return `<label for="calc-sellers">Sellers<select id="calc-sellers" name="sellers">${options.map(([v, t]) => `<option value="${v}">${escapeHtml(t as string)}</option>`).join('')}</select></label>`;
}
