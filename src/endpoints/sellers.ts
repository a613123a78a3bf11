/**
 * `sellers=` on cheapest and recommend: unset, answers are as the records price them, with
 * `cheaperAt` on an item when a vetted direct door (maker, cloud or host) is cheaper for the
 * workload; `all`, each model at its cheapest vetted direct door, named; a list of sellers, only
 * those sellers' doors (the maker's among them when its slug is listed).
 */
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import type { Costs, Workload } from '../core/pricing/cost.js';
import { closestMatches } from '../core/advice/suggest.js';
import type { CheapestOptions } from '../core/advice/cheapest.js';
import { findCheapestAtDoors } from '../core/advice/cheapest-doors.js';
import { doorTableOf } from '../core/offers/door-table.js';
import { recommendModels, type RecommendCriteria, type Recommendation } from '../core/advice/recommend.js';
import { doorBookOf } from '../core/offers/book.js';
import { cheapestDoor, type DoorCost } from '../core/offers/rank.js';
import { appliedPricesOf } from './applied-prices.js';
import { ApiError, quote } from './errors.js';
import { splitList, text } from './params.js';

export const sellersParam = text(
  'Which doors to price models at: unset, the record\'s own (the maker\'s), with cheaperAt where a vetted direct door is cheaper; all, each model at its cheapest vetted direct door (maker, cloud or host); or seller slugs separated by commas (amazon-bedrock,google-vertex), only those sellers\' doors.',
  ['all', 'amazon-bedrock'],
);

/** Which sellers a `sellers` value lets in: undefined when unset, else a test on a seller's slug. */
export function sellersFilter(catalogue: Catalogue, value: string | undefined): ((seller: string) => boolean) | undefined {
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === 'all') return () => true;
  const book = doorBookOf(catalogue);
  const slugs = new Set<string>();
  for (const raw of splitList(value)) {
    const name = raw.toLowerCase();
    const seller = book.sellers.get(name) ?? [...book.sellers.values()].find((s) => s.aliases.includes(name)) ?? (catalogue.byProvider.has(name) ? { slug: name } : undefined);
    if (!seller) {
      const known = [...book.sellers.keys()];
      throw new ApiError(400, 'invalid_parameter', `sellers names ${quote(raw)}, not a seller on record: give all, or seller slugs separated by commas (${known.slice(0, 8).join(', ')}, ...).`, {
        param: 'sellers',
        suggestions: closestMatches(name, known),
      });
    }
    slugs.add(seller.slug);
  }
  if (slugs.size === 0) throw new ApiError(400, 'invalid_parameter', 'sellers lists no seller: give all, or seller slugs separated by commas.', { param: 'sellers' });
  return (seller) => slugs.has(seller);
}

/** The door a ranked model is priced at under `allowed`: its cheapest vetted door that runs the workload. */
export function doorFor(catalogue: Catalogue, model: Model, workload: Workload, allowed: (seller: string) => boolean): DoorCost | undefined {
  return cheapestDoor(doorBookOf(catalogue).doorsOf(model.id), workload, (door) => allowed(door.seller.slug));
}

/** An item's seller block: who sells through the door the item is priced at. */
export function sellerOf({ door }: DoorCost) {
  return { seller: door.seller.slug, sellerName: door.seller.name, kind: door.seller.kind, door: door.id, source: door.source, date: door.date, ...(door.own ? { makersDoor: true as const } : {}) };
}

/** The prices a door's costs were worked out at. */
export function doorPrices({ door }: DoorCost, workload: Workload) {
  return appliedPricesOf(door.priced as Model, workload, door.own ? undefined : door.date, door.sheets());
}

const monthlyCosts = (costs: Costs) => ({ perRequest: costs.perRequest, daily: costs.daily, monthly: costs.monthly });

/** `cheaperAt` for an item priced at its record's door: the cheapest vetted direct door, when it costs less a month. */
export function cheaperAt(catalogue: Catalogue, model: Model, workload: Workload, monthly: Costs['monthly']) {
  const best = cheapestDoor(doorBookOf(catalogue).doorsOf(model.id), workload, (door) => !door.own);
  if (!best || best.costs.monthly.compare(monthly) >= 0) return undefined;
  return { ...sellerOf(best), costs: monthlyCosts(best.costs), appliedPrices: doorPrices(best, workload) };
}

/** Ranked models re-priced at their allowed doors, in the order given; those without one dropped (counted). */
export function atDoors<T extends { model: Model }>(catalogue: Catalogue, items: readonly T[], workload: Workload, allowed: (seller: string) => boolean) {
  const priced: Array<{ item: T; at: DoorCost }> = [];
  let notSold = 0;
  for (const item of items) {
    const at = doorFor(catalogue, item.model, workload, allowed);
    if (at) priced.push({ item, at });
    else notSold++;
  }
  return { priced, notSold };
}

export { monthlyCosts };

/** cheapest over doors: every eligible model at its cheapest allowed door, cheapest first, within the budget and limit (core/advice/cheapest-doors.ts). */
export function cheapestAtDoors(catalogue: Catalogue, workload: Workload, options: CheapestOptions, allowed: (seller: string) => boolean, all: boolean) {
  const table = doorTableOf(catalogue, doorBookOf(catalogue));
  const sellers = all ? undefined : Uint8Array.from(table.sellers, (slug) => (allowed(slug) ? 1 : 0));
  const { ranked, excluded, notSold } = findCheapestAtDoors(catalogue, table, workload, options, sellers);
  return { ranked: ranked.map((r) => ({ rank: r.rank, model: r.model, costs: r.costs, at: { door: r.door, costs: r.costs } })), excluded, notSold };
}

/**
 * recommend over doors: every model the criteria admit at its cheapest allowed door; by score as
 * before (sort=score), re-ordered by the door's cost (cost) or score per dollar (value); max_cost
 * and the limit then apply to the door's cost.
 */
export function recommendAtDoors(catalogue: Catalogue, criteria: RecommendCriteria, allowed: (seller: string) => boolean) {
  const { maxCostNanos, limit, ...rest } = criteria;
  const { recommendations: all, excluded } = recommendModels(catalogue, { ...rest, limit: catalogue.rankable.length });
  const { priced, notSold } = atDoors(catalogue, all, criteria.workload, allowed);
  const monthly = (x: { at: DoorCost }) => x.at.costs.monthly.nanos;
  if (criteria.sort === 'cost') priced.sort((a, b) => a.at.costs.monthly.compare(b.at.costs.monthly) || b.item.score - a.item.score);
  if (criteria.sort === 'value') {
    // Score per dollar without division: a first when a.score × b.cost > b.score × a.cost.
    priced.sort((a, b) => Number(BigInt(b.item.score) * monthly(a) - BigInt(a.item.score) * monthly(b)) || a.at.costs.monthly.compare(b.at.costs.monthly));
  }
  const recommendations: Array<Recommendation & { at: DoorCost }> = [];
  for (const { item, at } of priced) {
    if (recommendations.length === limit) break;
    if (maxCostNanos !== undefined && at.costs.perRequest.nanos > maxCostNanos) continue;
    const reason = `${item.reason} Priced here at ${at.door.seller.name}'s door: $${at.costs.perRequest.toString()} per request.`;
    recommendations.push({ ...item, rank: recommendations.length + 1, costs: at.costs, costPerRequest: at.costs.perRequest, reason, at });
  }
  return { recommendations, excluded, notSold };
}

/** An answer's item at its door (its seller and prices), or at its record's with cheaperAt where a direct door is cheaper. */
export function withDoor<T extends object>(catalogue: Catalogue, workload: Workload, item: T, ranked: { model: Model; costs: Costs; at?: DoorCost }) {
  if (ranked.at) return Object.assign(item, sellerOf(ranked.at), { appliedPrices: doorPrices(ranked.at, workload) });
  const cheaper = cheaperAt(catalogue, ranked.model, workload, ranked.costs.monthly);
  return cheaper ? Object.assign(item, { cheaperAt: cheaper }) : item;
}
