/** The `as_of` parameter: a calendar date, and the model priced as it was that day (or a 404). */
import type { Model } from '../core/schema/catalogue-schema.js';
import { modelOn, type PriceSet } from '../core/pricing/history.js';
import { ApiError, quote } from '../lib/errors.js';
import { param } from './params.js';

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * An optional YYYY-MM-DD date. No example in the document: /docs "Try it out" fills examples in,
 * and a pre-filled past date would answer with past prices to someone who only changed the model.
 */
export function dateParam(description: string) {
  return param(
    (text) => {
      if (text === undefined || isCalendarDate(text)) return text;
      return { refused: `must be a real date written YYYY-MM-DD, such as 2026-09-01; got ${quote(text)}` };
    },
    { description: `${description} For example 2026-09-01.` },
  );
}

export const asOf = dateParam('Answer with the prices in force on this day (YYYY-MM-DD); default: the current prices.');

/** What `as_of` adds to a model record: the day asked and the price set in force then. */
export function asOfInfo(date: string, set: PriceSet) {
  return { date, effectiveFrom: set.effectiveFrom, source: set.source, ...(set.note ? { note: set.note } : {}) };
}

/** The model priced as on `date`, or a 404 saying it did not exist yet or had no known price. */
export function modelAsOf(model: Model, date: string, param: string): { model: Model; set: PriceSet } {
  const found = modelOn(model, date);
  if (found.kind === 'not-released') {
    throw new ApiError(
      404,
      'model_not_found',
      `Model ${quote(model.id)} (${param}) did not exist on ${date}: it was released on ${found.releasedOn}.`,
      {
        param,
      },
    );
  }
  if (found.kind === 'unknown') {
    throw new ApiError(
      404,
      'model_not_found',
      `Model ${quote(model.id)} (${param}) has no recorded price on ${date}; its earliest recorded price is from ${found.knownFrom}.`,
      {
        param,
      },
    );
  }
  return { model: found.model, set: found.set };
}
