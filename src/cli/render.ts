/**
 * Reading an endpoint's JSON answer for the terminal: money as the site shows it (one formatter,
 * displayUsd), prices per 1M tokens as the site's tables show them, and a model's card.
 */
import { formatPrice } from '../badge/price-badge.js';
import { SUITED_SCORE } from '../core/schema/catalogue-schema.js';
import { priceFacts, type PricedRecord } from '../core/catalogue/price-facts.js';
import type { BenchmarkResult } from '../core/quality/benchmarks.js';
import { headlineBenchmarks } from '../core/quality/headline-benchmarks.js';
import { shownValue } from '../core/quality/score-reason.js';
import { displayPlaces, displayUsd, displayUsdAt } from '../core/schema/display-usd.js';
import { parseScaled, Usd } from '../core/schema/money.js';
import { inputPartsText, outputPartsText, searchesText } from '../core/pricing/parts-text.js';
import { extrasOf } from '../endpoints/part-rules.js';
import { pairs, prose, table } from './table.js';

/** An endpoint's JSON answer, every amount printable exactly: a number that prints back as the answer wrote it, any other amount as its decimal text (see toPlain). */
export type Plain = Record<string, unknown>;

/** An amount of USD from an answer (a number or its exact decimal text) as the site shows it: `$1,125.00`, `$0.0000025`. */
export function usd(value: unknown): string {
  if (typeof value !== 'number' && typeof value !== 'string') return '';
  const nanos = parseScaled(value, 9);
  return nanos === undefined ? `$${value}` : displayUsd(new Usd(nanos));
}

/** An answer's amount as Usd, or undefined when it is none. */
function amountOf(value: unknown): Usd | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const nanos = parseScaled(value, 9);
  return nanos === undefined ? undefined : new Usd(nanos);
}

/**
 * usd for the amounts of one table, all in one format: each with the same decimals, the most
 * displayUsd gives any of `values` (cents at least), so `$1.080000` stands above `$0.845118`.
 */
export function usdAlike(values: readonly unknown[]): (value: unknown) => string {
  const places = Math.max(2, ...values.map((v) => amountOf(v)).map((a) => (a === undefined ? 0 : displayPlaces(a))));
  return (value) => {
    const amount = amountOf(value);
    return amount === undefined ? usd(value) : displayUsdAt(amount, places);
  };
}

/** A price per 1M tokens as the site's tables show it: `$1.25`. */
export function price(value: unknown): string {
  return typeof value === 'number' ? formatPrice(value) : `$${text(value)}`;
}

export function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(text).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function record(value: unknown): Plain {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Plain) : {};
}

export function list(value: unknown): Plain[] {
  return Array.isArray(value) ? value.map(record) : [];
}

const count = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-US') : text(v));

/** "Workload: 2,000 input + 500 output tokens per request, 1,000 requests a day, 30 days a month (standard)." */
export function workloadLine(w: Plain): string {
  const requests = w.requests ?? w.requests_per_day;
  const e = extrasOf(w);
  const inputParts = inputPartsText(e).join(', ');
  const outputParts = outputPartsText(e).join(', ');
  const parts = [
    `${count(w.input_tokens)} input${inputParts ? ` (${inputParts})` : ''} + ${count(w.output_tokens)} output${outputParts ? ` (${outputParts})` : ''} tokens per request${searchesText(e)}`,
  ];
  if (requests !== undefined) parts.push(`${count(requests)} requests a day`);
  if (w.days !== undefined) parts.push(`${count(w.days)} days a month`);
  const tier = typeof w.service_tier === 'string' && w.service_tier !== 'standard' ? `, ${w.service_tier} tier` : '';
  return prose(`Workload: ${parts.join(', ')}${typeof w.mode === 'string' ? ` (${w.mode}${tier})` : ''}.`);
}

export function costTable(rows: readonly Plain[]): string {
  return table(
    [
      { title: 'ID', wrap: true },
      { title: 'PER REQUEST', align: 'right' },
      { title: 'DAILY', align: 'right' },
      { title: 'MONTHLY', align: 'right' },
      { title: 'YEARLY', align: 'right' },
    ],
    rows.map((r) => {
      const c = record(r.costs);
      return [text(r.id), usd(c.perRequest), usd(c.daily), usd(c.monthly), usd(c.yearly)];
    }),
  );
}

/** An empty list: the answer's hint (why, and what would return results), else `fallback`. */
export function emptyList(answer: Plain, fallback: string): string {
  const hint = record(answer.hint);
  return prose(typeof hint.message === 'string' ? hint.message : fallback);
}

/** The overall 0-100 score and the two results that matter most, or unrated. */
function benchmarkLines(model: Plain): Array<[string, string]> {
  const results = Array.isArray(model.benchmarks) ? (model.benchmarks as BenchmarkResult[]) : [];
  const overall = record(model.scores).overall;
  if (typeof overall !== 'number') return [['Score', 'unrated: no public benchmark in our snapshots']];
  const top = headlineBenchmarks(results).map((r): [string, string] => [
    'Benchmark',
    `${r.name} ${shownValue({ result: r })}, ${r.date} (${r.source})`,
  ]);
  return [['Score', `overall ${overall}/100 from public benchmarks`], ...top];
}

/** The seller's name of the record's own door, as its one-model answer lists it among `offers` (`makersDoor`). */
function ownSellerName(model: Plain): string | undefined {
  const own = list(model.offers).find((o) => o.makersDoor === true && o.seller === record(model.referenceDoor).seller);
  return typeof own?.sellerName === 'string' ? own.sellerName : undefined;
}

/** One model on a few lines: who it is, its prices, context, quality and what it suits, where the price comes from. */
export function modelCard(model: Plain, source: unknown): string {
  const suited = Object.entries(record(model.useCases))
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] >= SUITED_SCORE)
    .sort((a, b) => b[1] - a[1])
    .map(([name, score]) => `${name} ${score}`);
  const maxOutput =
    typeof model.maxOutputTokens === 'number' ? `, up to ${count(model.maxOutputTokens)} output tokens` : '';
  const lines: Array<[string, string] | undefined> = [
    ['Input', `${price(model.input)} per 1M tokens`],
    ['Output', `${price(model.output)} per 1M tokens`],
    model.cachedInput === undefined ? undefined : ['Cached input', `${price(model.cachedInput)} per 1M tokens`],
    // A change within twelve months (the API's priceChange): the prices above do not last.
    model.priceChange === undefined
      ? undefined
      : ['Price change', `${text(model.priceChange)} (the prices above are today's)`],
    // The answer's record is a served model (amounts possibly as exact decimal text, which price() prints);
    // its own door among its offers names the seller of its reference door.
    ...priceFacts(model as PricedRecord, price, ownSellerName(model)),
    ['Context', `${text(model.context)} (${count(model.contextTokens)} tokens)${maxOutput}`],
    ['Quality', `${text(model.quality)}/5${suited.length ? `; suits ${suited.join(', ')}` : ''}`],
    ...benchmarkLines(model),
    model.freeTierOnly === true
      ? ['Free tier', 'served only on a free, rate-limited tier: the $0 is no capacity to buy']
      : undefined,
    model.batch === undefined
      ? undefined
      : ['Batch', `${text(record(model.batch).discountPercent)}% off through the provider's batch API (--mode batch)`],
    model.batch === undefined ? undefined : ['Batch terms', text(record(model.batch).source)],
    ['Verified', `${text(model.verified)} (checked ${text(model.checkedOn)})`],
    // A door whose sources cite no page, of a seller with none on record, has none: never the maker's.
    [
      'Source',
      model.sourceUrl === undefined ? "no page on record for this seller (never the maker's)" : text(model.sourceUrl),
    ],
    model.priceNote === undefined ? undefined : ['Note', text(model.priceNote)],
    ['Page', `${text(source)}models/${encodeURIComponent(text(model.id))}`],
  ];
  const head = [
    `${text(model.name)} (${text(model.id)})`,
    `${text(model.provider)}, ${text(model.tier)} tier, ${text(model.status)}`,
  ].map((l) => prose(l));
  return `${head.join('\n')}\n\n${pairs(lines.filter((l): l is [string, string] => l !== undefined))}`;
}

/**
 * Lines under a cost table: which model an alias named, and which prices billed a row when they
 * were not the standard ones (a long-context band, off-peak prices), so no cost changes silently.
 */
export function rowNotes(rows: readonly Plain[]): string {
  return rows
    .flatMap((r) => {
      const notes: string[] = [];
      if (typeof r.requestedId === 'string') notes.push(`${text(r.requestedId)} is an alias of ${text(r.id)}.`);
      const applied = record(r.appliedPrices);
      if (typeof applied.band === 'string' && applied.band !== 'standard') {
        notes.push(
          `${text(r.id)}: long-context prices (${applied.band} input tokens), ${price(applied.input)} input, ${price(applied.output)} output per 1M.`,
        );
      }
      const off = record(applied.offPeak);
      if (applied.period === 'off-peak' || applied.period === 'mixed') {
        notes.push(
          `${text(r.id)}: ${text(off.percent)}% of requests at off-peak prices (${text(off.window)}), ${price(off.input)} input, ${price(off.output)} output per 1M.`,
        );
      } else if (applied.period === 'peak') {
        notes.push(`${text(r.id)}: peak prices; --off-peak-share or --at prices off-peak hours.`);
      }
      const batch = record(applied.batch);
      if (typeof batch.discountPercent === 'number')
        notes.push(`${text(r.id)}: ${batch.discountPercent}% batch discount.`);
      for (const w of list(r.warnings)) notes.push(`${text(r.id)}: ${text(w.message)}`);
      // At a door (--sellers), or a cheaper door beside the record's: what a buyer must know of it.
      const predates = record(r.predatesChange).text;
      if (typeof predates === 'string') notes.push(`${text(r.door ?? r.id)}: ${predates}.`);
      const cheaper = record(r.cheaperAt);
      if (typeof cheaper.door === 'string') {
        const older = record(cheaper.predatesChange).text;
        notes.push(
          `${text(r.id)}: cheaper at ${text(cheaper.door)}, ${usd(record(cheaper.costs).monthly)} a month${typeof older === 'string' ? ` (${older})` : ''}.`,
        );
      }
      if (Array.isArray(r.variants))
        notes.push(`${text(r.id)} also stands for ${text(r.variants)} (same prices and capabilities).`);
      return notes.map((n) => `\n${prose(n)}`);
    })
    .join('');
}

/** The line under a ranking: how many models met the filters but were left out, and why. */
export function excludedLine(answer: Plain): string {
  const excluded = record(answer.excluded);
  const reasons = list(excluded.byReason);
  if (reasons.length === 0) return '';
  const parts = reasons.map((r) => `${count(r.count)} because ${text(r.message)}`);
  return `\n\n${prose(`Left out ${count(excluded.count)} models that meet the filters: ${parts.join('; ')}.`)}`;
}
