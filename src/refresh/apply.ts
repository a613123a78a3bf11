/**
 * Applies a refresh proposal to the data files in memory: new prices with dated
 * priceHistory entries, new and removed models, aliases, long-context rules. Pure.
 */
import type { ModelData, ProviderFile } from '../core/schema/catalogue-schema.js';
import { formatContext } from '../core/pricing/context-window.js';
import { HISTORY_FIELDS, PRICE_FIELDS, type HistoryField, type PriceField } from './entry.js';
import { pair, type Added, type Change, type DataFile, type Proposal } from './proposal.js';
import { ordered, tierFor, verifiedOf, type Draft } from './record.js';
import { applyUnitChanges } from './unit-changes.js';

type HistoryEntry = NonNullable<ModelData['priceHistory']>[number];
const isHistoryField = (f: string): f is HistoryField => (HISTORY_FIELDS as readonly string[]).includes(f);
const isPriceField = (f: string): f is PriceField => (PRICE_FIELDS as readonly string[]).includes(f);
const historyPrices = (p: Draft | Change['scheduled'][number]) =>
  Object.fromEntries(HISTORY_FIELDS.filter((f) => p[f] !== undefined && p[f] !== null).map((f) => [f, p[f]])) as Pick<
    HistoryEntry,
    HistoryField
  >;

/** The record's note without what an earlier refresh wrote, plus what this one says. */
function noteOf(model: ModelData, change: Change, sentence: string | undefined): string | undefined {
  const kept = (model.priceNote ?? '')
    .replace(/\s*Sources differ: .*$/s, '')
    .replace(/\s*Also off-peak [^.]*\./g, '')
    .replace(/\s*(Changed|Corrected|Added) on \d{4}-\d{2}-\d{2}[: ][^()]*\([^()]*\)\./g, '')
    .trim();
  const text = [kept, sentence, change.differText].filter(Boolean).join(' ');
  return text || undefined;
}

/** The record with the winner's prices; its history gains the change, dated when it took effect. */
export function applyChange(
  model: ModelData,
  change: Change,
  { today, sourceUrl }: { today: string; sourceUrl: string | undefined },
): ModelData {
  const next: Draft = { ...model };
  for (const { field, theirs } of change.fields) Object.assign(next, { [field]: theirs });
  const label = change.winner.source.label;
  const entrySource = change.winner.entry.cites ? `${label}, citing ${change.winner.entry.cites}` : label;
  let history: HistoryEntry[] = [...(model.priceHistory ?? [])];
  let sentence: string | undefined;
  // A price that moved (not one filled in where the record had none) is dated in the history.
  const moved = change.fields.filter((f) => isHistoryField(f.field) && f.ours !== null);
  const samePrices = (h: HistoryEntry) => HISTORY_FIELDS.every((f) => h[f] === next[f]);
  const earlier = change.effectiveFrom
    ? undefined
    : history.filter((h) => h.effectiveFrom <= today && samePrices(h)).at(-1);
  if (moved.length && earlier) {
    // No start date and an earlier entry holds these prices: the later ones were withdrawn.
    const dropped = history.filter((h) => h.effectiveFrom > earlier.effectiveFrom && h.effectiveFrom <= today);
    history = history.filter((h) => !dropped.includes(h));
    sentence = `Corrected on ${today} from ${pair(model)} back to ${pair(ordered(next))}, in force since ${earlier.effectiveFrom} (${label}; the change of ${dropped.map((h) => h.effectiveFrom).join(', ')} did not happen).`;
  } else if (moved.length) {
    const from = change.effectiveFrom ?? change.winner.source.date;
    const released = model.releaseDate;
    if (released && released < from && !history.some((h) => h.effectiveFrom <= released)) {
      history.push({
        effectiveFrom: released,
        ...historyPrices(model),
        source: model.priceSource,
        note: 'Price since release, as listed before this change.',
      });
    }
    // Entries from the change date up to today are superseded by what the source now says.
    history = history.filter((h) => h.effectiveFrom < from || h.effectiveFrom > today);
    const before = moved.map((f) => `${f.field} $${String(f.ours)}`).join(', ');
    history.push({ effectiveFrom: from, ...historyPrices(next), source: entrySource, note: `Before: ${before}.` });
    sentence = `Changed on ${from}: ${moved.map((f) => `${f.field} $${String(f.ours)} to $${String(f.theirs)}`).join(', ')} (${label}).`;
  }
  const filled = change.fields.filter((f) => isPriceField(f.field) && f.ours === null);
  if (filled.length) {
    const added = `Added on ${today}: ${filled.map((f) => `${f.field} $${String(f.theirs)}`).join(', ')} (${label}).`;
    sentence = sentence ? `${sentence} ${added}` : added;
  }
  const units = applyUnitChanges(model, change.units, today);
  Object.assign(next, units.patch);
  if (units.sentence) sentence = sentence ? `${sentence} ${units.sentence}` : units.sentence;
  if (change.scheduled.length || change.winner.entry.tiersKnown) {
    // The source lists every later price set (genai-prices does): they replace the record's.
    history = history.filter((h) => h.effectiveFrom <= today);
    for (const s of change.scheduled)
      history.push({
        effectiveFrom: s.effectiveFrom,
        ...historyPrices(s),
        source: entrySource,
        note: 'Scheduled price change.',
      });
  }
  history.sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  const { input, output } = ordered(next);
  return ordered({
    ...next,
    tier: tierFor(input, output),
    checkedOn: today,
    verified: verifiedOf(today),
    sourceUrl: sourceUrl ?? model.sourceUrl,
    priceSource: change.priceSource,
    priceNote: noteOf(model, change, sentence),
    priceHistory: history.length ? history : undefined,
  });
}

/** A record for a model the sources list and data/ does not (quality 2 until it is rated); `contextTokens` is known. */
export function newRecord(
  provider: ProviderFile['provider'],
  added: Added & { contextTokens: number },
  today: string,
): ModelData {
  const e = added.winner.entry;
  const prices = Object.fromEntries(PRICE_FIELDS.filter((f) => e[f] !== undefined).map((f) => [f, e[f]]));
  return ordered({
    id: added.id,
    name: added.name,
    tier: tierFor(e.input, e.output),
    ...prices,
    context: formatContext(added.contextTokens),
    verified: verifiedOf(today),
    contextTokens: added.contextTokens,
    longContext: e.longContext,
    longContextSteps: e.longContextSteps,
    offPeak: e.offPeak,
    quality: 2,
    useCases: {},
    status: 'current',
    releaseDate: added.released,
    sourceUrl: provider.pricingUrl,
    priceSource: `${provider.name} pricing page as cited by ${added.winner.source.label}, checked ${today} (added by the refresh)`,
    checkedOn: today,
    qualitySource: 'Not rated yet: a conservative 2 until benchmarks are in (docs/catalogue.md, quality rule).',
  });
}

const hasContext = (a: Added): a is Added & { contextTokens: number } => Boolean(a.contextTokens);

/** Applies the proposal to the files in memory; returns the paths of the files that changed. */
export function applyProposal(files: DataFile[], proposal: Proposal, { today }: { today: string }): string[] {
  const touched = new Set<string>();
  for (const file of files) {
    const { provider } = file.json;
    const slug = provider.slug;
    const changes = new Map(proposal.changed.filter((c) => c.slug === slug).map((c) => [c.id, c]));
    const gone = new Set(proposal.removed.filter((r) => r.slug === slug).map((r) => r.id));
    const before = JSON.stringify(file.json);
    let models = file.json.models
      .filter((m) => !gone.has(m.id))
      .map((m) => {
        const change = changes.get(m.id);
        return change ? applyChange(m, change, { today, sourceUrl: provider.pricingUrl }) : m;
      });
    for (const a of proposal.aliases.filter((x) => x.slug === slug)) {
      models = models.map((m) =>
        m.id === a.id ? ordered({ ...m, aliases: [...(m.aliases ?? []), a.alias].sort() }) : m,
      );
    }
    for (const added of proposal.added.filter((a) => a.slug === slug).filter(hasContext))
      models.push(newRecord(provider, added, today));
    const rule = proposal.rules.find((r) => r.slug === slug);
    // The provider's other facts (its batch discount) stay; only the rule changes, in the schema's key order.
    const nextProvider = rule
      ? {
          slug,
          name: provider.name,
          pricingUrl: provider.pricingUrl,
          longContextRule: rule.theirs,
          ...(provider.batch && { batch: provider.batch }),
        }
      : provider;
    file.json = { provider: nextProvider, models };
    if (JSON.stringify(file.json) !== before) touched.add(file.path);
  }
  return [...touched];
}
