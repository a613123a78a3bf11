/**
 * Which doors a ranking may weigh. A door is kept out, listed apart with its reason, when its 0 is
 * a free tier, trial or plan; it has no price (unknown, never $0); its only price is a unit error
 * (above $1,000 per 1M tokens, or a thousand or a million times another source's); a gateway resells
 * it; it copies the maker's price of before the maker's last change (within 2 %), in a source older
 * than that change (stale); or its price is over 5x from the median of the model's other vetted,
 * non-stale doors, either way (an outlier); or it sells a serving variant (TEE, fast, a quantisation),
 * whose price is another service's. A door that predates the maker's change but sets its own
 * price stays ranked, and says so (predatesChange).
 */
import type { Model } from '../schema/catalogue-schema.js';
import type { Seller } from './door-schema.js';

export const KEPT_OUT = [
  'free_tier',
  'trial',
  'plan',
  'no_price',
  'unit_error',
  'gateway',
  'stale',
  'outlier',
  'variant',
  'currency_unknown',
] as const;
export type KeptOut = (typeof KEPT_OUT)[number];

export const KEPT_OUT_TEXT: Record<KeptOut, string> = {
  free_tier: 'a free, rate-limited tier: its $0 is no capacity one can buy',
  trial: 'a free trial: its $0, or any price a source lists for it, is no capacity one can buy',
  plan: 'a subscription plan: its quota is not a per-token price',
  no_price: 'no price on record: unknown, not free',
  unit_error:
    "its source lists a price that is a unit error (above $1,000 per 1M tokens, or a thousand or a million times another source's for this door): no price we can trust",
  gateway: "a gateway or router: it resells other sellers' capacity and is never ranked as a seller of its own",
  stale: "copies the maker's price of before its last price change (within 2 %), in a source older than that change",
  outlier: 'over 5x from the median price of the other sellers of this model, above or below',
  variant:
    'a serving variant (confidential compute, a speed tier or a quantisation): its own price for another service, listed as a door of its own and never ranked as the model',
  currency_unknown:
    'its source prices it in another currency and no reviewed rate to US dollars is on record: never shown as dollars it is not',
};

/** How far from the median a price may be, either way, before the door is an outlier. */
export const OUTLIER_FACTOR = 5;

/** USD per 1M tokens above which a listed price is a unit error, not a price (the dearest text model on record asks a fraction of it). */
export const UNIT_ERROR_ABOVE = 1000;

/** How close to the maker's old price a door's is to be a copy of it (rounding, a seller's 1.5 % off). */
export const COPY_TOLERANCE = 0.02;

/** What vetting reads of a door (a PricedDoor has it; the doors refresh builds it from door data). */
export interface Vettable {
  readonly record: Pick<Model, 'priceHistory' | 'checkedOn'>;
  readonly seller: Seller;
  readonly own: boolean;
  readonly priced: Pick<Model, 'input' | 'output' | 'freeTierOnly'> | undefined;
  /** The day the door's source listed its price. */
  readonly date: string;
  /** Prices its sources list that are unit errors (door data), where any. */
  readonly unitErrors?: readonly unknown[] | undefined;
  /** The serving variant the door sells (door data), where it is one. */
  readonly variant?: string | undefined;
}

/** The maker's last price change (the record's newest dated set it has reached) and the prices before it. */
export function lastChange(record: Vettable['record']): { from: string; input: number; output: number } | undefined {
  const history = (record.priceHistory ?? []).filter((set) => set.effectiveFrom <= record.checkedOn);
  const last = history.at(-1);
  const before = history.at(-2);
  return last && before ? { from: last.effectiveFrom, input: before.input, output: before.output } : undefined;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const far = (price: number, middle: number) => price > middle * OUTLIER_FACTOR || price * OUTLIER_FACTOR < middle;
const near = (price: number, old: number) => Math.abs(price - old) <= old * COPY_TOLERANCE;

/**
 * The maker's change a door's price predates: its source lists it before the maker's last price
 * change (undefined for the record's own door, or a door listed on or after the change).
 */
export function predatedChange(door: Vettable): { from: string; input: number; output: number } | undefined {
  const change = door.own ? undefined : lastChange(door.record);
  return change && door.date < change.from ? change : undefined;
}

/** Each door's reason to be kept out (undefined: vetted in), in the order given; the doors are one model's. */
export function vetDoors(doors: readonly Vettable[]): Array<KeptOut | undefined> {
  const reasons = doors.map((door): KeptOut | undefined => {
    const { seller, priced } = door;
    if (door.variant !== undefined) return 'variant';
    if (seller.free === 'trial') return 'trial';
    if (seller.free === 'plan' || seller.kind === 'subscription') return 'plan';
    if (seller.free === 'rate-limited') return 'free_tier';
    if (!priced) return door.unitErrors?.length ? 'unit_error' : 'no_price';
    if (priced.input > UNIT_ERROR_ABOVE || priced.output > UNIT_ERROR_ABOVE) return 'unit_error';
    if (priced.freeTierOnly || (priced.input === 0 && priced.output === 0)) return 'free_tier';
    if (seller.kind === 'gateway') return 'gateway';
    const change = predatedChange(door);
    if (change && near(priced.input, change.input) && near(priced.output, change.output)) return 'stale';
    return undefined;
  });
  // Outliers against the median of the doors vetted so far, none stale (three at least: two cannot say which is odd).
  const paid = doors.flatMap((d, i) => (reasons[i] === undefined && d.priced ? [d.priced] : []));
  if (paid.length >= 3) {
    const input = median(paid.map((m) => m.input));
    const output = median(paid.map((m) => m.output));
    doors.forEach((d, i) => {
      if (reasons[i] === undefined && d.priced && (far(d.priced.input, input) || far(d.priced.output, output)))
        reasons[i] = 'outlier';
    });
  }
  return reasons;
}
