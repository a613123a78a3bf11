/**
 * One door from every source that lists it (models.dev, LiteLLM, genai-prices), field by field.
 * Unit errors are caught per source first (a price above $1,000 per 1M tokens, or about a thousand
 * or a million times another source's for the same door: a per-token or per-1K figure read as per
 * 1M), and the door keeps the sources that agree. Of those, the price is the newest listing's (by
 * the day each source lists it, then the source's rank); the fields its source lacks come from
 * another source for the same door: cache, batch and service-tier prices only from a source whose
 * input and output agree with the price (else they belong to another price), limits, modalities and
 * the seller's page from any, newest first. Where sources disagree the door says so. Pure: no I/O.
 */
import type { Door, DoorPrices } from '../../core/offers/door-schema.js';
import { UNIT_ERROR_ABOVE } from '../../core/offers/vetting.js';
import { PRICE_FIELDS } from '../../core/schema/units.js';
import type { RawDoor } from './raw-door.js';

/** The merged door's fields past its model, seller and id (the caller adds those). */
export type MergedFields = Omit<Door, 'model' | 'seller'>;

const money = (p: DoorPrices) => `$${p.input} / $${p.output}`;
const count = (n: number) => n.toLocaleString('en-US');

/** The factors a unit slip multiplies a price by: per 1K read as per 1M, per token read as per 1M. */
const SLIPS = [1000, 1_000_000] as const;

/** Whether `big` is about `factor` times `small` (within 2 %, as rounding leaves it). */
const about = (big: number, small: number, factor: number) => small > 0 && Math.abs(big / (small * factor) - 1) <= 0.02;

/** Why a source's price for a door is a unit error, against the other sources for it; undefined when it is none. */
export function unitError(raw: RawDoor, others: readonly RawDoor[]): string | undefined {
  const p = raw.prices;
  if (!p) return undefined;
  const above = (['input', 'output'] as const).find((k) => p[k] > UNIT_ERROR_ABOVE);
  if (above)
    return `its ${above} price, $${count(p[above])} per 1M tokens, is above $${count(UNIT_ERROR_ABOVE)}: a per-token or per-1K price read as per 1M`;
  for (const other of others) {
    const q = other.prices;
    if (!q || other === raw) continue;
    for (const factor of SLIPS) {
      if (about(p.input, q.input, factor) || about(p.output, q.output, factor)) {
        return `${count(factor)} times ${other.source}'s ${money(q)} for the same door: a unit slip, not a price`;
      }
    }
  }
  return undefined;
}

const agrees = (a: DoorPrices | undefined, b: DoorPrices | undefined) =>
  a !== undefined && b !== undefined && a.input === b.input && a.output === b.output;

/** The door merged from the raw doors that list it (one model, one seller; any number of keys per source). */
export function mergeDoor(raws: readonly RawDoor[]): MergedFields {
  // One entry per source: its best-ranked key (LiteLLM's base key before global., before us.).
  const bySource = new Map<string, RawDoor>();
  for (const raw of [...raws].sort((a, b) => a.rank - b.rank)) {
    const held = bySource.get(raw.source);
    if (!held || (!held.prices && raw.prices)) bySource.set(raw.source, raw);
  }
  // Newest listing first, then the source's rank.
  const list = [...bySource.values()].sort((a, b) => b.date.localeCompare(a.date) || a.rank - b.rank);
  const errors = new Map<RawDoor, string>();
  for (const raw of list) {
    const why = unitError(raw, list);
    if (why) errors.set(raw, why);
  }
  const sane = list.filter((r) => !errors.has(r));
  const head = sane.find((r) => r.prices) ?? sane[0] ?? (list[0] as RawDoor);
  const price = head.prices && !errors.has(head) ? head.prices : undefined;
  // The sources a price-bound field may come from: the price's own, then those listing the same input and output.
  const agreeing = price ? [head, ...sane.filter((r) => r !== head && agrees(r.prices, price))] : [];
  const first = <T>(from: readonly RawDoor[], pick: (r: RawDoor) => T | undefined): T | undefined => {
    for (const r of from) {
      const v = pick(r);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  // Input and output are the price's; each other field of the block the first agreeing source's that gives it.
  let prices: DoorPrices | undefined;
  if (price) {
    prices = { input: price.input, output: price.output };
    for (const field of PRICE_FIELDS) {
      const value = first(agreeing, (r) => r.prices?.[field]);
      if (value !== undefined) prices[field] = value;
    }
  }
  // Limits, modalities and pages are no prices: a source whose price is a unit error still gives them.
  const limitsFrom = list;
  const contextTokens = first(limitsFrom, (r) => r.contextTokens);
  const maxOutputTokens = first(limitsFrom, (r) => r.maxOutputTokens);
  const batch = first(agreeing, (r) => r.batch);
  const serviceTiers = first(agreeing, (r) =>
    r.serviceTiers && Object.keys(r.serviceTiers).length ? r.serviceTiers : undefined,
  );
  const modalities = first(limitsFrom, (r) => r.modalities);
  const sourceUrl = head.sourceUrl ?? first(limitsFrom, (r) => r.sourceUrl);
  const disagreements: string[] = [];
  for (const r of sane) {
    if (r === head) continue;
    if (price && r.prices && !agrees(r.prices, price)) disagreements.push(`${r.source} lists ${money(r.prices)}`);
    if (contextTokens !== undefined && r.contextTokens !== undefined && r.contextTokens !== contextTokens)
      disagreements.push(`${r.source} lists a ${count(r.contextTokens)}-token context window`);
    if (maxOutputTokens !== undefined && r.maxOutputTokens !== undefined && r.maxOutputTokens !== maxOutputTokens)
      disagreements.push(`${r.source} lists ${count(r.maxOutputTokens)} output tokens`);
  }
  const also = list.filter((r) => r !== head).map((r) => r.source);
  const unitErrors = list.flatMap((r) => {
    const reason = errors.get(r);
    return reason && r.prices
      ? [{ source: r.source, date: r.date, input: r.prices.input, output: r.prices.output, reason }]
      : [];
  });
  return {
    sellerModelId: head.sellerModelId,
    ...(prices ? { prices } : {}),
    ...(contextTokens ? { contextTokens } : {}),
    ...(maxOutputTokens ? { maxOutputTokens } : {}),
    ...(batch ? { batch } : {}),
    ...(serviceTiers ? { serviceTiers } : {}),
    ...(modalities ? { modalities } : {}),
    source: head.source,
    ...(sourceUrl ? { sourceUrl } : {}),
    date: head.date,
    ...(price && head.effectiveFrom ? { effectiveFrom: head.effectiveFrom } : {}),
    ...(also.length ? { also } : {}),
    ...(disagreements.length ? { disagreements } : {}),
    ...(unitErrors.length ? { unitErrors } : {}),
  };
}
