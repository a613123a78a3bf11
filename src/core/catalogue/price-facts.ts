/**
 * A record's prices beyond input, output and cached input, in words: cache writes (5-minute and
 * 1-hour), each long-context band, the off-peak prices with their times, the service tiers, the
 * prices of audio, image and video tokens, reasoning, web searches and request fees, and the
 * modalities the model takes, each with where and when it was read, and the door the prices are from
 * where the record names it (referenceDoor). The model page and the CLI's
 * price card show the same lines.
 */
import { PAID_TIERS } from '../schema/service-tiers.js';
import type { Model } from '../schema/catalogue-schema.js';
import type { PriceTerm } from '../schema/units.js';
import { bandVerb } from '../pricing/context-window.js';
import { describeOffPeak } from '../pricing/time-of-day.js';

/** The fields read here: a served record (the CLI reads one from an answer). */
export type PricedRecord = Pick<Model, PriceTerm | 'serviceTiers' | 'unitPrices' | 'modalities' | 'referenceDoor'>;

type Format = (usd: number) => string;

/** `$4 input, $18 output, $0.4 cached, $5 cache write per 1M`: the prices a set has, in that order. */
function priceList(
  set: {
    input: number;
    output: number;
    cachedInput?: number | undefined;
    cacheWrite?: number | undefined;
    cacheWrite1h?: number | undefined;
  },
  fmt: Format,
): string {
  const parts = [`${fmt(set.input)} input`, `${fmt(set.output)} output`];
  if (set.cachedInput !== undefined) parts.push(`${fmt(set.cachedInput)} cached`);
  if (set.cacheWrite !== undefined) parts.push(`${fmt(set.cacheWrite)} cache write`);
  if (set.cacheWrite1h !== undefined) parts.push(`${fmt(set.cacheWrite1h)} 1-hour write`);
  return `${parts.join(', ')} per 1M`;
}

/**
 * [label, text] lines for the record's reference door, cache-write, long-context and off-peak prices, where it has them.
 * `sellerName` is the name of the seller its referenceDoor names (data/offers/sellers.json, as the API's `sellerName`):
 * the record holds only the slug, so the caller that has the sellers passes it; without it the slug is shown.
 */
export function priceFacts(model: PricedRecord, fmt: Format, sellerName?: string): Array<[string, string]> {
  const facts: Array<[string, string]> = [];
  const door = model.referenceDoor;
  if (door) {
    const why =
      door.rule === 'maker'
        ? "the maker's own API"
        : 'the median-priced vetted direct seller; the maker sells no capacity of it';
    // "as <id>", not "(<id>)": seller names carry their own parentheses (Microsoft Azure (OpenAI and AI Foundry)).
    facts.push(['Priced at', `${sellerName ?? door.seller}, as ${door.sellerModelId}: ${why}`]);
  }
  if (model.cacheWrite !== undefined) facts.push(['Cache write', `${fmt(model.cacheWrite)} per 1M tokens`]);
  if (model.cacheWrite1h !== undefined) facts.push(['Cache write 1h', `${fmt(model.cacheWrite1h)} per 1M tokens`]);
  const verb = bandVerb(model.longContextRule);
  const bands = model.longContext ? [model.longContext, ...(model.longContextSteps ?? [])] : [];
  if (bands.length > 0) {
    const text = bands
      .map((b) => `${verb} ${b.threshold.toLocaleString('en-US')} input tokens: ${priceList(b, fmt)}`)
      .join('; ');
    facts.push(['Long context', text]);
  }
  const off = model.offPeak;
  if (off) facts.push(['Off-peak', `${describeOffPeak(off)}: ${priceList(off, fmt)} (the others are peak prices)`]);
  for (const tier of PAID_TIERS) {
    const set = model.serviceTiers?.[tier];
    if (set)
      facts.push([
        `${tier[0]?.toUpperCase()}${tier.slice(1)} tier`,
        `${priceList(set, fmt)}${set.note ? `; ${set.note}` : ''} ${read(set)}`,
      ]);
  }
  facts.push(...unitFacts(model.unitPrices, fmt));
  const m = model.modalities;
  if (m)
    facts.push([
      'Modalities',
      `takes ${m.input.join(', ')}; gives ${m.output.join(', ')} ${read(m)}${m.note ? `; ${m.note}` : ''}`,
    ]);
  return facts;
}

/** `text, image → text`: what the model takes and gives, short, for a table cell; undefined where no source says. */
export function modalitiesShort(model: Pick<Model, 'modalities'>): string | undefined {
  const m = model.modalities;
  return m ? `${m.input.join(', ')} → ${m.output.join(', ')}` : undefined;
}

/** "(source, checked 2026-11-21)": where and when a price or fact was read. */
const read = (fact: { source: string; checkedOn: string }) => `(${fact.source}, checked ${fact.checkedOn})`;

/** Lines for the unit prices a model publishes: audio, image and video tokens, reasoning, searches, request fees. */
function unitFacts(u: PricedRecord['unitPrices'], fmt: Format): Array<[string, string]> {
  if (!u) return [];
  const list = (parts: Array<[number | undefined, string]>, per: string) => {
    const shown = parts
      .filter((p): p is [number, string] => p[0] !== undefined)
      .map(([usd, what]) => `${fmt(usd)} ${what}`);
    return shown.length ? `${shown.join(', ')} ${per}` : undefined;
  };
  const lines: Array<[string, string | undefined]> = [
    [
      'Audio tokens',
      list(
        [
          [u.inputAudio, 'input'],
          [u.cachedInputAudio, 'cached input'],
          [u.outputAudio, 'output'],
        ],
        'per 1M',
      ),
    ],
    [
      'Image tokens',
      list(
        [
          [u.inputImage, 'input'],
          [u.outputImage, 'output'],
        ],
        'per 1M',
      ),
    ],
    [
      'Video tokens',
      list(
        [
          [u.inputVideo, 'input'],
          [u.outputVideo, 'output'],
        ],
        'per 1M',
      ),
    ],
    ['Reasoning', list([[u.outputReasoning, 'per 1M reasoning tokens']], '')],
    ['Web searches', list([[u.webSearches, 'per 1,000 searches']], '')],
    ['Request fee', list([[u.requests, 'per 1,000 requests']], '')],
  ];
  const shown = lines
    .filter((l): l is [string, string] => l[1] !== undefined)
    .map(([label, text]): [string, string] => [label, text.trim()]);
  return shown.length ? [...shown, ['Unit prices source', read(u).slice(1, -1)]] : [];
}
