/**
 * A record's prices beyond input, output and cached input, in words: cache writes (5-minute and
 * 1-hour), each long-context band and the off-peak prices with their times. The model page and the
 * CLI's price card show the same lines.
 */
import type { Model } from './catalogue-schema.js';
import { bandVerb } from './context-window.js';
import { describeOffPeak } from './time-of-day.js';

/** The fields read here: a served record (the CLI reads one from an answer). */
export type PricedRecord = Pick<Model, 'cacheWrite' | 'cacheWrite1h' | 'longContext' | 'longContextSteps' | 'longContextRule' | 'offPeak'>;

type Format = (usd: number) => string;

/** `$4 input, $18 output, $0.4 cached, $5 cache write per 1M`: the prices a set has, in that order. */
function priceList(set: { input: number; output: number; cachedInput?: number | undefined; cacheWrite?: number | undefined; cacheWrite1h?: number | undefined }, fmt: Format): string {
  const parts = [`${fmt(set.input)} input`, `${fmt(set.output)} output`];
  if (set.cachedInput !== undefined) parts.push(`${fmt(set.cachedInput)} cached`);
  if (set.cacheWrite !== undefined) parts.push(`${fmt(set.cacheWrite)} cache write`);
  if (set.cacheWrite1h !== undefined) parts.push(`${fmt(set.cacheWrite1h)} 1-hour write`);
  return `${parts.join(', ')} per 1M`;
}

/** [label, text] lines for the record's cache-write, long-context and off-peak prices, where it has them. */
export function priceFacts(model: PricedRecord, fmt: Format): Array<[string, string]> {
  const facts: Array<[string, string]> = [];
  if (model.cacheWrite !== undefined) facts.push(['Cache write', `${fmt(model.cacheWrite)} per 1M tokens`]);
  if (model.cacheWrite1h !== undefined) facts.push(['Cache write 1h', `${fmt(model.cacheWrite1h)} per 1M tokens`]);
  const verb = bandVerb(model.longContextRule);
  const bands = model.longContext ? [model.longContext, ...(model.longContextSteps ?? [])] : [];
  if (bands.length > 0) {
    const text = bands.map((b) => `${verb} ${b.threshold.toLocaleString('en-US')} input tokens: ${priceList(b, fmt)}`).join('; ');
    facts.push(['Long context', text]);
  }
  const off = model.offPeak;
  if (off) facts.push(['Off-peak', `${describeOffPeak(off)}: ${priceList(off, fmt)} (the others are peak prices)`]);
  return facts;
}
