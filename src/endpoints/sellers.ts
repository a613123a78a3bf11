/**
 * `sellers=` on cheapest and recommend: unset, answers are as the records price them, with
 * `cheaperAt` on an item when a vetted direct door (maker, cloud or host) is cheaper for the
 * workload; `all`, each model at its cheapest vetted direct door, named; a list of sellers, only
 * those sellers' doors (the maker's among them when its slug is listed).
 */
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import type { Costs, Workload } from '../core/pricing/cost.js';
import { sellerResolverOf } from '../core/offers/sellers.js';
import { anySeller, cheaperDoorOf } from '../core/advice/at-doors.js';
import type { LocalPrices, PricedDoor } from '../core/offers/book.js';
import type { DoorCost } from '../core/offers/rank.js';
import { appliedPricesOf } from './applied-prices.js';
import type { OwnTokens } from '../core/pricing/tokenizers.js';
import { costWarnings, type Warning } from '../core/pricing/warnings.js';
import { ApiError, quote } from '../lib/errors.js';
import { text } from './params.js';

export const sellersParam = text(
  "Which doors to price models at: unset, the record's own (the maker's), with cheaperAt where a vetted direct door is cheaper; all, each model at its cheapest vetted direct door (maker, cloud or host); or sellers separated by commas, each by slug, alias or name in any case (amazon-bedrock,Google Cloud Vertex AI), only those sellers' doors.",
  ['all', 'amazon-bedrock'],
);

/**
 * Which sellers a `sellers` value lets in: undefined when unset, else a test on a seller's slug.
 * Names are separated by commas only: `Amazon Bedrock` is one seller, not Amazon and Bedrock.
 */
export function sellersFilter(
  catalogue: Catalogue,
  value: string | undefined,
): ((seller: string) => boolean) | undefined {
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === 'all') return anySeller;
  const resolver = sellerResolverOf(catalogue);
  const slugs = new Set<string>();
  for (const raw of value.split(',')) {
    if (!raw.trim()) continue;
    const seller = resolver.resolve(raw);
    if (!seller)
      throw new ApiError(
        400,
        'invalid_parameter',
        `sellers names ${quote(raw.trim())}, not a seller on record: give all, or sellers separated by commas, by slug or name (${[...resolver.sellers.keys()].slice(0, 8).join(', ')}, ...).`,
        { param: 'sellers', suggestions: resolver.closest(raw) },
      );
    slugs.add(seller.slug);
  }
  if (slugs.size === 0)
    throw new ApiError(
      400,
      'invalid_parameter',
      'sellers lists no seller: give all, or seller slugs separated by commas.',
      { param: 'sellers' },
    );
  return (seller) => slugs.has(seller);
}

/** A door's prices in its own currency, and the dated rate its dollar prices were converted at (none: currency unknown). */
function currencyOf(local: LocalPrices) {
  return {
    code: local.currency,
    prices: { ...local.prices },
    ...(local.rate
      ? { usdPerUnit: local.rate.usdPerUnit, rateDate: local.rate.date, rateSource: local.rate.source }
      : { unknown: true as const }),
  };
}

/**
 * What a buyer must know of a door wherever it is shown: a price its source lists before the
 * maker's last change (ranked, but older than the change), and limits no source gives for it (the model's).
 */
export function doorCaveats(door: PricedDoor) {
  return {
    ...(door.predates ? { predatesChange: { changedOn: door.predates.from, text: door.predates.text } } : {}),
    ...(door.limitsFromModel.length ? { limitsFromModel: [...door.limitsFromModel] } : {}),
    ...(door.inRegion ? { inRegion: { ...door.inRegion } } : {}),
    ...(door.local ? { currency: currencyOf(door.local) } : {}),
  };
}

/** An item's seller block: who sells through the door the item is priced at. */
export function sellerOf({ door }: DoorCost) {
  return {
    seller: door.seller.slug,
    sellerName: door.seller.name,
    kind: door.seller.kind,
    door: door.id,
    source: door.source,
    date: door.date,
    ...(door.own ? { makersDoor: true as const } : {}),
    ...doorCaveats(door),
  };
}

/**
 * The prices a door's costs were worked out at: `effectiveFrom` only where a source dates the
 * change, else `listedOn`, the day its source listed the price (a record's own door as the record dates it).
 */
export function doorPrices({ door }: DoorCost, workload: Workload) {
  const applied: ReturnType<typeof appliedPricesOf> & { listedOn?: string } = appliedPricesOf(
    door.priced as Model,
    workload,
    door.own ? undefined : door.effectiveFrom,
    door.sheets(),
  );
  if (!door.own && door.effectiveFrom === undefined) applied.listedOn = door.date;
  return applied;
}

/** `cheaperAt` for the items of one answer priced at their records' doors: the cheaper door's seller, costs and prices. */
export function cheaperDoors(catalogue: Catalogue, given: Workload, own?: OwnTokens) {
  const cheaperDoor = cheaperDoorOf(catalogue, given, own);
  return (model: Model, monthly: Costs['monthly']) => {
    const best = cheaperDoor(model, monthly);
    return best && { ...sellerOf(best), costs: best.costs, appliedPrices: doorPrices(best, best.workload) };
  };
}
export type CheaperDoors = ReturnType<typeof cheaperDoors>;

/**
 * An item priced at a door: its seller, prices and warnings the door's (a free tier, batch
 * discount or scheduled change of the record is its own door's, not this one's). At the record's
 * own door they are the item's already, its scheduled change (which its yearly cost follows) included.
 */
export function atDoor<T extends DoorItem>(item: T, at: DoorCost, workload: Workload, costs?: Costs) {
  if (!at.door.own) {
    const warnings = costWarnings(at.door.priced as Model, workload, at.door.sheets());
    // Set, not deleted (see rankedItem): undefined fields are not written.
    const own = item as {
      freeTierOnly?: true | undefined;
      priceChange?: string | undefined;
      warnings?: Warning[] | undefined;
    };
    own.freeTierOnly = undefined;
    own.priceChange = undefined;
    own.warnings = warnings.length ? warnings : undefined;
  }
  return Object.assign(item, sellerOf(at), costs ? { costs } : {}, { appliedPrices: doorPrices(at, workload) });
}

/** The fields of a ranked item that are its record's door's, which an item at another door replaces. */
type DoorItem = { freeTierOnly?: true; warnings?: Warning[]; priceChange?: string };

/** An answer's item at its door (its seller and prices), or at its record's with cheaperAt where a direct door is cheaper. */
export function withDoor<T extends DoorItem>(
  cheaperAt: CheaperDoors,
  workload: Workload,
  item: T,
  ranked: { model: Model; costs: Costs; at?: DoorCost },
) {
  if (ranked.at) return atDoor(item, ranked.at, workload);
  const cheaper = cheaperAt(ranked.model, ranked.costs.monthly);
  return cheaper ? Object.assign(item, { cheaperAt: cheaper }) : item;
}
