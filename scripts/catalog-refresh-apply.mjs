// Applies a refresh proposal (scripts/catalog-refresh-plan.mjs) to the data files in memory:
// new prices with dated priceHistory entries, new and removed models, aliases, long-context rules.
import { formatContext, tierFor } from './catalog-seed.mjs';
import { PRICE_FIELDS, pair } from './catalog-refresh-plan.mjs';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const HISTORY_FIELDS = ['input', 'output', 'cachedInput', 'cacheWrite'];

/** Record keys in the order of the schema (src/core/catalogue-schema.ts), so edits keep files tidy. */
const KEY_ORDER = [
  'id', 'name', 'tier', 'input', 'output', 'context', 'verified', 'contextTokens', 'maxOutputTokens', 'cachedInput',
  'cacheWrite', 'cacheWrite1h', 'longContext', 'longContextSteps', 'offPeak', 'aliases', 'quality', 'useCases', 'status',
  'releaseDate', 'sourceUrl', 'priceSource', 'checkedOn', 'priceNote', 'qualitySource', 'referenceId', 'priceHistory',
];

export function ordered(record) {
  const out = {};
  for (const key of KEY_ORDER) if (record[key] !== undefined && record[key] !== null) out[key] = record[key];
  for (const key of Object.keys(record)) if (!(key in out) && record[key] !== undefined && record[key] !== null) out[key] = record[key];
  return out;
}

const verifiedOf = (date) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
const historyPrices = (p) => Object.fromEntries(HISTORY_FIELDS.filter((f) => p[f] !== undefined).map((f) => [f, p[f]]));

/** The record's note without what an earlier refresh wrote, plus what this one says. */
function noteOf(model, change, sentence) {
  const kept = (model.priceNote ?? '')
    .replace(/\s*Sources differ: .*$/s, '')
    .replace(/\s*Also off-peak [^.]*\./g, '')
    .replace(/\s*(Changed|Corrected|Added) on \d{4}-\d{2}-\d{2}[: ][^()]*\([^()]*\)\./g, '')
    .trim();
  const text = [kept, sentence, change.differText].filter(Boolean).join(' ');
  return text || undefined;
}

/** The record with the winner's prices; its history gains the change, dated when it took effect. */
export function applyChange(model, change, { today, sourceUrl }) {
  const next = { ...model };
  for (const { field, theirs } of change.fields) next[field] = theirs;
  const label = change.winner.source.label;
  const entrySource = change.winner.entry.cites ? `${label}, citing ${change.winner.entry.cites}` : label;
  let history = [...(model.priceHistory ?? [])];
  let sentence;
  // A price that moved (not one filled in where the record had none) is dated in the history.
  const priceMoved = change.fields.some((f) => HISTORY_FIELDS.includes(f.field) && f.ours !== null);
  const samePrices = (h) => HISTORY_FIELDS.every((f) => h[f] === next[f]);
  const earlier = change.effectiveFrom ? undefined : history.filter((h) => h.effectiveFrom <= today && samePrices(h)).at(-1);
  if (priceMoved && earlier) {
    // No start date and an earlier entry holds these prices: the later ones were withdrawn.
    const dropped = history.filter((h) => h.effectiveFrom > earlier.effectiveFrom && h.effectiveFrom <= today);
    history = history.filter((h) => !dropped.includes(h));
    sentence = `Corrected on ${today} from ${pair(model)} back to ${pair(next)}, in force since ${earlier.effectiveFrom} (${label}; the change of ${dropped.map((h) => h.effectiveFrom).join(', ')} did not happen).`;
  } else if (priceMoved) {
    const from = change.effectiveFrom ?? change.winner.source.date;
    if (model.releaseDate && model.releaseDate < from && !history.some((h) => h.effectiveFrom <= model.releaseDate)) {
      history.push({ effectiveFrom: model.releaseDate, ...historyPrices(model), source: model.priceSource, note: 'Price since release, as listed before this change.' });
    }
    // Entries from the change date up to today are superseded by what the source now says.
    history = history.filter((h) => h.effectiveFrom < from || h.effectiveFrom > today);
    const moved = change.fields.filter((f) => HISTORY_FIELDS.includes(f.field) && f.ours !== null);
    const before = moved.map((f) => `${f.field} $${f.ours}`).join(', ');
    history.push({ effectiveFrom: from, ...historyPrices(next), source: entrySource, note: `Before: ${before}.` });
    sentence = `Changed on ${from}: ${moved.map((f) => `${f.field} $${f.ours} to $${f.theirs}`).join(', ')} (${label}).`;
  }
  const filled = change.fields.filter((f) => PRICE_FIELDS.includes(f.field) && f.ours === null);
  if (filled.length) {
    const added = `Added on ${today}: ${filled.map((f) => `${f.field} $${f.theirs}`).join(', ')} (${label}).`;
    sentence = sentence ? `${sentence} ${added}` : added;
  }
  if (change.scheduled.length || change.winner.entry.tiersKnown) {
    // The source lists every later price set (genai-prices does): they replace the record's.
    history = history.filter((h) => h.effectiveFrom <= today);
    for (const s of change.scheduled) history.push({ effectiveFrom: s.effectiveFrom, ...historyPrices(s), source: entrySource, note: 'Scheduled price change.' });
  }
  history.sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  return ordered({
    ...next,
    tier: tierFor(next.input, next.output),
    checkedOn: today,
    verified: verifiedOf(today),
    sourceUrl: sourceUrl ?? model.sourceUrl,
    priceSource: change.priceSource,
    priceNote: noteOf(model, change, sentence),
    priceHistory: history.length ? history : undefined,
  });
}

/** A record for a model the sources list and data/ does not (quality 2 until it is rated). */
export function newRecord(provider, added, today) {
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

/** Applies the proposal to the files in memory; returns the paths of the files that changed. */
export function applyProposal(files, proposal, { today }) {
  const touched = new Set();
  for (const file of files) {
    const { provider } = file.json;
    const slug = provider.slug;
    const changes = new Map(proposal.changed.filter((c) => c.slug === slug).map((c) => [c.id, c]));
    const gone = new Set(proposal.removed.filter((r) => r.slug === slug).map((r) => r.id));
    const before = JSON.stringify(file.json);
    let models = file.json.models.filter((m) => !gone.has(m.id));
    models = models.map((m) => (changes.has(m.id) ? applyChange(m, changes.get(m.id), { today, sourceUrl: provider.pricingUrl }) : m));
    for (const a of proposal.aliases.filter((x) => x.slug === slug)) {
      models = models.map((m) => (m.id === a.id ? ordered({ ...m, aliases: [...(m.aliases ?? []), a.alias].sort() }) : m));
    }
    for (const added of proposal.added.filter((a) => a.slug === slug && a.contextTokens)) models.push(newRecord(provider, added, today));
    const rule = proposal.rules.find((r) => r.slug === slug);
    const nextProvider = rule ? { slug, name: provider.name, pricingUrl: provider.pricingUrl, longContextRule: rule.theirs } : provider;
    file.json = { provider: nextProvider, models };
    if (JSON.stringify(file.json) !== before) touched.add(file.path);
  }
  return [...touched];
}
