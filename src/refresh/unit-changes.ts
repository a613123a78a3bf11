/**
 * The prices beyond text tokens a refresh proposes and writes: a record's `unitPrices` (audio,
 * image and video tokens, reasoning, web searches, request fees; genai-prices gives them) and its
 * `serviceTiers` (flex, priority, fast; litellm gives them). Each group comes from the best-ranked
 * source that gives it (the sources' precedence), and is written with that source and the date; the
 * prices it replaces are kept in a tier's `note` and in the record's `priceNote`. A source's tiers
 * are read only when its standard price is the record's (as this run leaves it): tiers listed
 * beside another standard price belong to that price. A flex or priority tier at the standard
 * price itself is no separate price and is not read either.
 */
import type { ModelData } from '../core/schema/catalogue-schema.js';
import {
  TIER_NAMES,
  TIER_PRICE_FIELDS,
  UNIT_PRICE_FIELDS,
  type Source,
  type SourceEntry,
  type TierName,
} from './entry.js';

/** A source's entry for a record (Found, which imports UnitChange from here). */
type Found = { source: Source; entry: SourceEntry };
import type { Draft } from './record.js';

export interface UnitChange {
  /** `unitPrices`, or the service tier the price is of. */
  group: 'unitPrices' | TierName;
  field: string;
  ours: number | null;
  theirs: number;
  /** Where the new price comes from (the source, and the provider page it cites). */
  source: string;
  /** The source's date: when the price was read. */
  date: string;
}

const sourceOf = (f: Found) => (f.entry.cites ? `${f.source.label}, citing ${f.entry.cites}` : f.source.label);

/** The standard price a record has once this run's changes are written. */
type Standard = { input: number; output: number };

/** What the sources (best first, as rank orders them) give that the record does not have or has otherwise. */
export function unitChanges(model: ModelData, ranked: readonly Found[], standard: Standard = model): UnitChange[] {
  const changes: UnitChange[] = [];
  const add = (
    group: UnitChange['group'],
    field: string,
    ours: number | undefined,
    theirs: number | undefined,
    from: Found,
  ) => {
    if (theirs !== undefined && theirs !== ours)
      changes.push({ group, field, ours: ours ?? null, theirs, source: sourceOf(from), date: from.source.date });
  };
  const units = ranked.find((f) => f.entry.unitPrices);
  for (const field of UNIT_PRICE_FIELDS)
    if (units) add('unitPrices', field, model.unitPrices?.[field], units.entry.unitPrices?.[field], units);
  const atStandard = (p: Standard) => p.input === standard.input && p.output === standard.output;
  const tiersFrom = ranked.filter((f) => atStandard(f.entry));
  for (const tier of TIER_NAMES) {
    const from = tiersFrom.find((f) => {
      const t = f.entry.serviceTiers?.[tier];
      return t && !(tier !== 'fast' && atStandard(t));
    });
    const set = from?.entry.serviceTiers?.[tier];
    if (from && set)
      for (const field of TIER_PRICE_FIELDS) add(tier, field, model.serviceTiers?.[tier]?.[field], set[field], from);
  }
  return changes;
}

const money = (v: number | null) => `$${String(v)}`;
const label = (c: UnitChange) => (c.group === 'unitPrices' ? c.field : `${c.group} ${c.field}`);

/** A group's fields in the schema's order, then its source, date and note. */
function orderedGroup<T extends Record<string, unknown>>(fields: readonly string[], group: T): T {
  const keys = [...fields, 'source', 'checkedOn', 'note'];
  return Object.fromEntries(keys.filter((k) => group[k] !== undefined).map((k) => [k, group[k]])) as T;
}

/**
 * The record's unitPrices and serviceTiers with the changes written, each group with its source
 * and checkedOn; and the sentence for the priceNote ("Changed on …: flex input $0.5 to $0.4 (…).").
 */
export function applyUnitChanges(
  model: ModelData,
  changes: readonly UnitChange[],
  today: string,
): { patch: Draft; sentence: string | undefined } {
  if (changes.length === 0) return { patch: {}, sentence: undefined };
  const patch: Draft = {};
  const units = changes.filter((c) => c.group === 'unitPrices');
  if (units.length) {
    const next: Record<string, unknown> = { ...model.unitPrices, source: units[0]?.source, checkedOn: today };
    for (const c of units) next[c.field] = c.theirs;
    patch.unitPrices = orderedGroup(UNIT_PRICE_FIELDS, next) as ModelData['unitPrices'];
  }
  const tiers: Record<string, unknown> = { ...model.serviceTiers };
  for (const tier of TIER_NAMES) {
    const mine = changes.filter((c) => c.group === tier);
    if (mine.length === 0) continue;
    const old = model.serviceTiers?.[tier];
    const next: Record<string, unknown> = { ...old, source: mine[0]?.source, checkedOn: today };
    for (const c of mine) next[c.field] = c.theirs;
    // The tier's note keeps the prices this change replaces, with the source that gave them.
    if (old)
      next.note = `Before ${mine[0]?.date}: ${TIER_PRICE_FIELDS.filter((f) => old[f] !== undefined)
        .map((f) => `${f} ${money(old[f] ?? null)}`)
        .join(', ')} (${old.source}, checked ${old.checkedOn}).`;
    tiers[tier] = orderedGroup([...TIER_PRICE_FIELDS, 'cacheWrite'], next);
  }
  if (changes.some((c) => c.group !== 'unitPrices'))
    patch.serviceTiers = orderedGroup(TIER_NAMES, tiers) as ModelData['serviceTiers'];
  const moved = changes.filter((c) => c.ours !== null);
  const filled = changes.filter((c) => c.ours === null);
  const from = (list: readonly UnitChange[]) => [...new Set(list.map((c) => c.source))].join('; ');
  const sentences = [
    moved.length
      ? `Changed on ${moved[0]?.date}: ${moved.map((c) => `${label(c)} ${money(c.ours)} to ${money(c.theirs)}`).join(', ')} (${from(moved)}).`
      : '',
    filled.length
      ? `Added on ${today}: ${filled.map((c) => `${label(c)} ${money(c.theirs)}`).join(', ')} (${from(filled)}).`
      : '',
  ].filter(Boolean);
  return { patch, sentence: sentences.join(' ') };
}
