/**
 * The reference door of a model its maker sells no capacity of (records with `referenceDoor.rule`
 * `median-direct`): among its vetted direct doors at a cloud or host (never a gateway, free trial,
 * free tier or plan, never an outlier), the median by blended price (3 × input + output) / 4, the
 * lower of the two middle ones for an even count. Where several doors ask that median price, the
 * one with the widest context window, then the largest output (an unknown limit counts as none),
 * then the first by seller slug. Exact: prices are compared as integers of 1e-9 USD.
 */
import { parseScaled } from '../schema/money.js';
import type { Seller } from './door-schema.js';
import type { KeptOut } from './vetting.js';

/** A door as the rule reads it: its seller, its vetting, its standard prices and its limits where known. */
export interface Candidate {
  readonly seller: Pick<Seller, 'slug' | 'kind'>;
  readonly keptOut: KeptOut | undefined;
  readonly priced: { readonly input: number; readonly output: number } | undefined;
  readonly contextTokens?: number | undefined;
  readonly maxOutputTokens?: number | undefined;
}

/** 4 × the blended price per 1M tokens in 1e-9 USD: 3 × input + output, exact. */
export function blendedNanos(prices: { input: number; output: number }): bigint {
  const at = (v: number) => parseScaled(v, 9) ?? 0n;
  return 3n * at(prices.input) + at(prices.output);
}

/** Of two doors at one price, the one with the wider limits first: context window, then largest output, then seller slug. */
function wider(x: Candidate, y: Candidate): number {
  return (
    (y.contextTokens ?? 0) - (x.contextTokens ?? 0) ||
    (y.maxOutputTokens ?? 0) - (x.maxOutputTokens ?? 0) ||
    x.seller.slug.localeCompare(y.seller.slug)
  );
}

/** The doors the rule may choose among with their blended prices, cheapest first, ties by wider limits then slug. */
function ranked<T extends Candidate>(doors: readonly T[]): Array<{ d: T; b: bigint }> {
  return doors
    .flatMap((d) =>
      d.keptOut === undefined && d.priced !== undefined && (d.seller.kind === 'cloud' || d.seller.kind === 'host')
        ? [{ d, b: blendedNanos(d.priced) }]
        : [],
    )
    .sort((x, y) => (x.b < y.b ? -1 : x.b > y.b ? 1 : wider(x.d, y.d)));
}

/** The doors the rule may choose among, cheapest first (ties by wider limits, then seller slug). */
export function directCandidates<T extends Candidate>(doors: readonly T[]): T[] {
  return ranked(doors).map((x) => x.d);
}

/**
 * The median-priced vetted direct door (the lower middle for an even count): of the doors at that
 * price, the widest; undefined when there is none.
 */
export function medianDirectDoor<T extends Candidate>(doors: readonly T[]): T | undefined {
  const list = ranked(doors);
  const middle = list[(list.length - 1) >> 1];
  return middle && list.find((x) => x.b === middle.b)?.d;
}
