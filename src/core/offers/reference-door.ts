/**
 * The reference door of a model its maker sells no capacity of (records with `referenceDoor.rule`
 * `median-direct`): among its vetted direct doors at a cloud or host (never a gateway, free trial,
 * free tier or plan, never an outlier), the median by blended price (3 × input + output) / 4, the
 * lower of the two middle ones for an even count, ties by seller slug. Exact: prices are compared
 * as integers of 1e-9 USD.
 */
import { parseScaled } from '../schema/money.js';
import type { Seller } from './door-schema.js';
import type { KeptOut } from './vetting.js';

/** A door as the rule reads it: its seller, its vetting and its standard prices. */
export interface Candidate {
  readonly seller: Pick<Seller, 'slug' | 'kind'>;
  readonly keptOut: KeptOut | undefined;
  readonly priced: { readonly input: number; readonly output: number } | undefined;
}

/** 4 × the blended price per 1M tokens in 1e-9 USD: 3 × input + output, exact. */
export function blendedNanos(prices: { input: number; output: number }): bigint {
  const at = (v: number) => parseScaled(v, 9) ?? 0n;
  return 3n * at(prices.input) + at(prices.output);
}

/** The doors the rule may choose among, cheapest first (ties by seller slug). */
export function directCandidates<T extends Candidate>(doors: readonly T[]): T[] {
  return doors
    .filter((d) => d.keptOut === undefined && d.priced !== undefined && (d.seller.kind === 'cloud' || d.seller.kind === 'host'))
    .map((d) => ({ d, b: blendedNanos(d.priced!) }))
    .sort((x, y) => (x.b < y.b ? -1 : x.b > y.b ? 1 : x.d.seller.slug.localeCompare(y.d.seller.slug)))
    .map((x) => x.d);
}

/** The median-priced vetted direct door (the lower middle for an even count), or undefined when there is none. */
export function medianDirectDoor<T extends Candidate>(doors: readonly T[]): T | undefined {
  const ranked = directCandidates(doors);
  return ranked[(ranked.length - 1) >> 1];
}
