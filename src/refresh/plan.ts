/**
 * What the public sources propose for data/*.json: changed prices, new models, removed models,
 * API aliases and providers' long-context rules. Pure: reads the sources' entries and the data
 * files in memory; the caller writes the proposal.
 */
import type { LongContextRule, ModelData } from '../core/schema/catalogue-schema.js';
import { FORMATS, HISTORY_FIELDS, PRICE_FIELDS, type Band, type SourceEntry, type Source } from './entry.js';
import { finder, labelOf, namesOf, rank } from './match.js';
import { newModels } from './plan-new.js';
import { pair, type Change, type DataFile, type FieldChange, type Found, type Proposal } from './proposal.js';
import { unitChanges } from './unit-changes.js';
import { catalogueId, matchKey } from './units.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Plain-language agreement / disagreement of the other sources with the winner. */
function verdict(winner: Found, found: Found[]) {
  const others = found.filter((f) => f !== winner);
  const agree = others.filter((f) => f.entry.input === winner.entry.input && f.entry.output === winner.entry.output);
  const differ = others.filter((f) => !agree.includes(f));
  const names = (list: Found[]) => list.map(labelOf).join(' and ');
  const agreeText = agree.length === 0 ? '' : `${names(agree)} ${agree.length === 1 ? 'agrees' : 'agree'}`;
  const differText = differ.map((f) => `${labelOf(f)} (${f.source.date}) gives ${pair(f.entry)}`).join('; ');
  return { agreeText, differText: differText ? `Sources differ: ${differText}.` : undefined };
}

/** The provenance text of a record priced from `winner`. */
function priceSourceText(providerName: string, winner: Found, agreeText: string, date: string): string {
  const via = winner.entry.cites
    ? `${providerName} pricing page as cited by ${winner.source.label}`
    : winner.source.label;
  return `${via}, checked ${date}${agreeText ? `; ${agreeText}` : ''}`;
}

function fieldChanges(model: ModelData, entry: SourceEntry): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of PRICE_FIELDS) {
    const theirs = entry[field];
    if (theirs !== undefined && theirs !== model[field]) changes.push({ field, ours: model[field] ?? null, theirs });
  }
  if (entry.tiersKnown) {
    // A band from the whole window on cannot apply (e.g. a retired larger beta window): left out.
    const steps = [entry.longContext, ...(entry.longContextSteps ?? [])].filter(
      (b): b is Band => b !== undefined && b.threshold < model.contextTokens,
    );
    const [first, ...more] = steps;
    const bands: FieldChange[] = [
      { field: 'offPeak', ours: model.offPeak ?? null, theirs: entry.offPeak ?? null },
      { field: 'longContext', ours: model.longContext ?? null, theirs: first ?? null },
      { field: 'longContextSteps', ours: model.longContextSteps ?? null, theirs: more.length ? more : null },
    ];
    changes.push(...bands.filter((c) => !same(c.theirs, c.ours)));
  }
  return changes;
}

const pricesOnly = (
  p: { effectiveFrom: string } & Partial<Record<(typeof HISTORY_FIELDS)[number], number | undefined>>,
) => [p.effectiveFrom, ...HISTORY_FIELDS.map((f) => p[f] ?? null)];

/** Whether the source's later price sets (genai-prices gives them) differ from the record's scheduled ones. */
function scheduleMoved(model: ModelData, entry: SourceEntry, today: string): boolean {
  if (!entry.tiersKnown) return false;
  const ours = (model.priceHistory ?? []).filter((h) => h.effectiveFrom > today).map(pricesOnly);
  return !same(ours, (entry.scheduled ?? []).map(pricesOnly));
}

/** The proposal of every source read for the data files. */
export function propose(
  files: DataFile[],
  sources: Source[],
  { today, since }: { today: string; since: string },
): Proposal {
  const finders = sources.map((s) => ({ source: s, find: finder(s) }));
  const proposal: Proposal = { sources, changed: [], added: [], removed: [], aliases: [], rules: [] };
  const matchedKeys = new Set<string>();
  const allIds = new Set(files.flatMap((f) => f.json.models.flatMap((m) => [m.id, ...(m.aliases ?? [])])));
  // "Listed by no source" needs every source read: one list alone omits many models.
  const everySource = FORMATS.every((format) => sources.some((s) => s.format === format));
  for (const file of files) {
    const { slug, name: providerName } = file.json.provider;
    const ruleOf = new Set<LongContextRule>();
    for (const model of file.json.models) {
      // A record priced at another seller's door (referenceDoor rule median-direct: the maker sells no
      // capacity) is kept by the doors refresh (npm run catalog:doors), against that door; a record at
      // its maker's own API (rule maker) is the maker's price, checked here as every maker's is.
      if (model.referenceDoor && model.referenceDoor.rule !== 'maker') continue;
      const names = namesOf(slug, model);
      const found = finders.flatMap(({ source, find }): Found[] => {
        const entry = find(slug, names);
        return entry ? [{ source, entry }] : [];
      });
      for (const f of found) matchedKeys.add(`${slug}:${f.entry.key}`);
      const deprecated = found.find((f) => f.entry.deprecated);
      if ((found.length === 0 && everySource) || deprecated) {
        const why = deprecated
          ? `${deprecated.source.label} marks it deprecated`
          : `no source lists it any more (${sources.map((s) => s.label).join(', ')} read)`;
        proposal.removed.push({ slug, id: model.id, why });
        continue;
      }
      const [winner] = rank(found);
      if (!winner) continue;
      if (winner.entry.longContextRule) ruleOf.add(winner.entry.longContextRule);
      const change = changeOf(slug, providerName, model, winner, found, today);
      if (change) proposal.changed.push(change);
      for (const alias of winner.entry.aliasNames ?? []) {
        const id = catalogueId(slug, alias);
        // `-chat-latest` names a separate ChatGPT model; `gpt-5-5-…` is a second spelling of `gpt-5.5-…`.
        if (/chat-latest$/.test(id) || proposal.aliases.some((a) => matchKey(a.alias) === matchKey(id))) continue;
        if (!allIds.has(id)) {
          proposal.aliases.push({ slug, id: model.id, alias: id, source: winner.source.label });
          allIds.add(id);
        }
      }
    }
    // The rule of the sources that price our models' long-context bands, when they all read it alike.
    const [rule] = ruleOf;
    const ours = file.json.provider.longContextRule ?? 'above';
    if (ruleOf.size === 1 && rule && rule !== ours) proposal.rules.push({ slug, ours, theirs: rule });
  }
  proposal.added = newModels(files, sources, matchedKeys, allIds, since);
  return proposal;
}

/**
 * The day the record's price moved off the set a source still lists, where the record holds that
 * set as history ended on or before the source's date (a promotion the source's own comment says
 * has ended, GLM-5.3-Flash's): the source is behind, not a change. Undefined otherwise.
 */
export function supersededListing(model: ModelData, found: Found): string | undefined {
  const history = model.priceHistory ?? [];
  if (found.entry.input === model.input && found.entry.output === model.output) return undefined;
  for (let i = 0; i + 1 < history.length; i++) {
    const [set, next] = [history[i]!, history[i + 1]!];
    if (set.input === found.entry.input && set.output === found.entry.output && next.effectiveFrom <= found.source.date)
      return next.effectiveFrom;
  }
  return undefined;
}

/** The change the winner proposes for one record, if any. */
function changeOf(
  slug: string,
  providerName: string,
  model: ModelData,
  winner: Found,
  found: Found[],
  today: string,
): Change | undefined {
  const verdictText = verdict(winner, found);
  const { agreeText } = verdictText;
  let { differText } = verdictText;
  let fields = fieldChanges(model, winner.entry);
  const movedOn = supersededListing(model, winner);
  if (movedOn) {
    fields = fields.filter((f) => !(PRICE_FIELDS as readonly string[]).includes(f.field));
    const behind = `${labelOf(winner)} (${winner.source.date}) still lists ${pair(winner.entry)}, the record's price before ${movedOn}.`;
    differText = differText
      ? `${differText} ${behind.slice(0, 1).toUpperCase()}${behind.slice(1)}`
      : `Sources differ: ${behind}`;
  }
  const units = unitChanges(model, rank(found), winner.entry);
  const oldDiffer = /Sources differ: .*$/s.exec(model.priceNote ?? '')?.[0];
  if (!fields.length && !units.length && oldDiffer === differText && !scheduleMoved(model, winner.entry, today))
    return undefined;
  return {
    slug,
    id: model.id,
    fields,
    winner,
    effectiveFrom: winner.entry.effectiveFrom,
    priceSource: priceSourceText(providerName, winner, agreeText, today),
    differText,
    scheduled: winner.entry.scheduled ?? [],
    units,
  };
}
