/**
 * The price schedule in the answers: the date an answer prices (as_of, or today from the clock),
 * the model as priced today when a scheduled change has already started, the yearly cost under
 * the schedule and its warnings, and the note of an as_of past every
 * known change.
 */
import { calculateCost, type CostsWithYear, type Workload } from '../pricing/cost.js';
import type { ModelSheets } from '../pricing/price-sheet.js';
import { timelineOf } from '../pricing/history.js';
import { changePhrase, changesWithinYear, scheduledYearly, scheduleWarnings } from '../pricing/schedule.js';
import type { Warning } from '../pricing/warnings.js';
import type { Model } from '../schema/catalogue-schema.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { catalogueOn, startedChange } from '../catalogue/priced-on.js';
import { shareDoorData } from '../offers/book.js';

/** The costs with yearly under the schedule, and the schedule's warnings after `warnings`. */
export function followSchedule(
  record: Model,
  workload: Workload,
  date: string,
  costs: CostsWithYear,
  warnings: Warning[],
): { costs: CostsWithYear; warnings: Warning[] } {
  const yearly = scheduledYearly(record, workload, date, costs.yearly);
  const ahead = scheduleWarnings(record, date);
  return {
    costs: yearly === costs.yearly ? costs : { ...costs, yearly },
    warnings: ahead.length ? [...warnings, ...ahead] : warnings,
  };
}

/**
 * calculate's costs of the workload on `priced` (its sheets given), yearly under its price schedule
 * from `date`: what an offer shows beside its monthly cost (a ranked item's is its ranking's). A door other than
 * the record's own has no schedule of the maker's (the door book clears it): its year is monthly × 12.
 */
export function costsWithYear(priced: Model, workload: Workload, date: string, sheets: ModelSheets): CostsWithYear {
  return followSchedule(priced, workload, date, calculateCost(priced, workload, sheets), []).costs;
}

/** "rises 100% on 2027-01-01" for the first change within the twelve months after `date`, if any. */
export function schedulePhrase(record: Model, date: string): string | undefined {
  const first = changesWithinYear(record, date)[0];
  return first && changePhrase(first);
}

/**
 * With an as_of on or after the last price set the record knows (a scheduled one included) and
 * after the day it was checked: the note that these are the latest known prices.
 */
export function latestKnownNote(record: Model, asOf: string): string | undefined {
  const last = timelineOf(record).at(-1)?.effectiveFrom;
  if (asOf <= record.checkedOn || (last != null && asOf < last)) return undefined;
  const since =
    last != null && last > record.checkedOn ? `the change scheduled for ${last}` : `its check on ${record.checkedOn}`;
  return `${record.name}: no price is known for ${asOf} beyond ${since}; these are the latest known prices, scheduled ones included.`;
}

/**
 * The record as shown on `today`: at today's prices when a scheduled change has started
 * (startedChange), with `priceChange` ("rises 100% on 2027-01-01") when its prices change within
 * the twelve months after today; else the record itself (no copy).
 */
export function shownOn<M extends Model>(record: M, today: string): M & { priceChange?: string } {
  const priced = (startedChange(record, today) as M | undefined) ?? record;
  const priceChange = schedulePhrase(record, today);
  return priceChange === undefined ? priced : { ...priced, priceChange };
}

/** The records as /api/pricing and the site list them on `today` (shownOn). */
export function withPriceChanges<M extends Model>(
  models: readonly M[],
  today: string,
): Array<M & { priceChange?: string }> {
  return models.map((m) => shownOn(m, today));
}

/**
 * The catalogue rankings and comparisons price with: as priced on the answer's day, a scheduled
 * change that has started included, with the same door data.
 */
export function pricedToday({ catalogue, today }: { catalogue: Catalogue; today: string }): Catalogue {
  const priced = catalogueOn(catalogue, today);
  if (priced !== catalogue) shareDoorData(catalogue, priced);
  return priced;
}
