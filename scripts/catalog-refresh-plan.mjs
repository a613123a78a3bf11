// What the public sources propose for data/*.json: changed prices, new models, removed models,
// API aliases and providers' long-context rules. Pure: reads entries (scripts/catalog-sources.mjs)
// and the data files in memory; scripts/catalog-refresh-apply.mjs writes the proposal.
import { matchKey, undatedKey } from './catalog-sources.mjs';
import { matches } from './catalog-sources-genai.mjs';

export const PRICE_FIELDS = ['input', 'output', 'cachedInput', 'cacheWrite', 'cacheWrite1h'];
const LABEL = { 'genai-prices': 'genai-prices', litellm: 'litellm', 'models.dev': 'models.dev', openrouter: 'OpenRouter' };
const ORDER = ['genai-prices', 'litellm', 'models.dev', 'openrouter'];

/** `<slug>-<key>` as catalogue ids are written: lower case, characters outside [a-z0-9.-] as `-`. */
export function catalogueId(slug, name) {
  const key = String(name).toLowerCase().replace(/^meta-llama\//, '').replace(/:\d+$/, '').replace(/[^a-z0-9.-]+/g, '-').replace(/^-|-$/g, '');
  return `${slug}-${key}`;
}

/** The names a record goes by: its reference id, its id without the slug, its aliases. */
function namesOf(slug, model) {
  const strip = (id) => id.slice(slug.length + 1);
  const names = [model.referenceId, strip(model.id), ...(model.aliases ?? []).map(strip)].filter(Boolean);
  // Bedrock models sold only through the global cross-region endpoint are listed as `global.<id>`.
  return slug === 'amazon' ? [...names, ...names.map((n) => `global.${n}`)] : names;
}

/**
 * Precedence: an entry that cites the provider's page before one that does not; then the newer
 * source; OpenRouter (a reseller's prices) never sets a price, it only confirms or disputes one.
 */
export function rank(found) {
  return found
    .filter((f) => f.source.format !== 'openrouter')
    .sort((a, b) =>
      Number(Boolean(b.entry.cites)) - Number(Boolean(a.entry.cites)) ||
      (a.source.date < b.source.date ? 1 : a.source.date > b.source.date ? -1 : 0) ||
      ORDER.indexOf(a.source.format) - ORDER.indexOf(b.source.format));
}

function finder(source) {
  if (source.format === 'genai-prices') {
    // The record's own names first, then its aliases; within a name, the first model that matches (as genai-prices does).
    return (slug, names) => names.map((n) => source.entries.find((e) => e.slug === slug && matches(e.match, n))).find(Boolean);
  }
  const index = new Map();
  for (const e of source.entries) if (!index.has(`${e.slug}:${e.key}`)) index.set(`${e.slug}:${e.key}`, e);
  return (slug, names) => names.map((n) => index.get(`${slug}:${matchKey(n)}`)).find(Boolean);
}

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const money = (v) => `$${v}`;
export const pair = (p) => `${money(p.input)}/${money(p.output)}`;

/** Plain-language agreement / disagreement of the other sources with the winner. */
function verdict(winner, found) {
  const others = found.filter((f) => f !== winner);
  const agree = others.filter((f) => f.entry.input === winner.entry.input && f.entry.output === winner.entry.output);
  const differ = others.filter((f) => !agree.includes(f));
  const names = (list) => list.map((f) => LABEL[f.source.format]).join(' and ');
  const agreeText = agree.length === 0 ? '' : `${names(agree)} ${agree.length === 1 ? 'agrees' : 'agree'}`;
  const differText = differ.map((f) => `${LABEL[f.source.format]} (${f.source.date}) gives ${pair(f.entry)}`).join('; ');
  return { agreeText, differText: differText ? `Sources differ: ${differText}.` : undefined };
}

/** The provenance text of a record priced from `winner`. */
export function priceSourceText(providerName, winner, agreeText, date) {
  const via = winner.entry.cites ? `${providerName} pricing page as cited by ${winner.source.label}` : winner.source.label;
  return `${via}, checked ${date}${agreeText ? `; ${agreeText}` : ''}`;
}

function fieldChanges(model, entry) {
  const changes = [];
  for (const f of PRICE_FIELDS) {
    if (entry[f] !== undefined && entry[f] !== model[f]) changes.push({ field: f, ours: model[f] ?? null, theirs: entry[f] });
  }
  if (entry.tiersKnown) {
    // A band from the whole window on cannot apply (e.g. a retired larger beta window): left out.
    const steps = [entry.longContext, ...(entry.longContextSteps ?? [])].filter((b) => b && b.threshold < model.contextTokens);
    const theirs = { offPeak: entry.offPeak, longContext: steps[0], longContextSteps: steps.length > 1 ? steps.slice(1) : undefined };
    for (const f of ['offPeak', 'longContext', 'longContextSteps']) {
      if (!same(theirs[f], model[f])) changes.push({ field: f, ours: model[f] ?? null, theirs: theirs[f] ?? null });
    }
  }
  return changes;
}

const HISTORY_FIELDS = ['input', 'output', 'cachedInput', 'cacheWrite'];
const pricesOnly = (p) => [p.effectiveFrom, ...HISTORY_FIELDS.map((f) => p[f] ?? null)];

/** Whether the source's later price sets (genai-prices gives them) differ from the record's scheduled ones. */
function scheduleMoved(model, entry, today) {
  if (!entry.tiersKnown) return false;
  const ours = (model.priceHistory ?? []).filter((h) => h.effectiveFrom > today).map(pricesOnly);
  return !same(ours, (entry.scheduled ?? []).map(pricesOnly));
}

/** The proposal of every source read for the data files. */
export function propose(files, sources, { today, since }) {
  const find = sources.map((s) => ({ source: s, find: finder(s) }));
  const changed = [];
  const removed = [];
  const aliases = [];
  const rules = [];
  const matchedKeys = new Set();
  const allIds = new Set(files.flatMap((f) => f.json.models.flatMap((m) => [m.id, ...(m.aliases ?? [])])));
  // "Listed by no source" needs every source read: one list alone omits many models.
  const everySource = ORDER.every((format) => sources.some((s) => s.format === format));
  for (const file of files) {
    const { slug, name: providerName } = file.json.provider;
    const ruleOf = new Set();
    for (const model of file.json.models) {
      const names = namesOf(slug, model);
      const found = find.map(({ source, find: f }) => ({ source, entry: f(slug, names) })).filter((f) => f.entry);
      for (const f of found) matchedKeys.add(`${slug}:${f.entry.key}`);
      const deprecated = found.find((f) => f.entry.deprecated);
      if ((found.length === 0 && everySource) || deprecated) {
        const why = deprecated
          ? `${deprecated.source.label} marks it deprecated`
          : `no source lists it any more (${sources.map((s) => s.label).join(', ')} read)`;
        removed.push({ slug, id: model.id, why });
        continue;
      }
      const [winner] = rank(found);
      if (!winner) continue;
      if (winner.entry.longContextRule) ruleOf.add(winner.entry.longContextRule);
      const { agreeText, differText } = verdict(winner, found);
      const fields = fieldChanges(model, winner.entry);
      const priceSource = priceSourceText(providerName, winner, agreeText, today);
      const oldDiffer = /Sources differ: .*$/s.exec(model.priceNote ?? '')?.[0];
      if (fields.length || oldDiffer !== differText || scheduleMoved(model, winner.entry, today)) {
        changed.push({ slug, id: model.id, fields, winner, effectiveFrom: winner.entry.effectiveFrom, priceSource, differText, scheduled: winner.entry.scheduled ?? [] });
      }
      for (const alias of winner.entry.aliasNames ?? []) {
        const id = catalogueId(slug, alias);
        // `-chat-latest` names a separate ChatGPT model; `gpt-5-5-…` is a second spelling of `gpt-5.5-…`.
        if (/chat-latest$/.test(id) || aliases.some((a) => matchKey(a.alias) === matchKey(id))) continue;
        if (!allIds.has(id)) {
          aliases.push({ slug, id: model.id, alias: id, source: winner.source.label });
          allIds.add(id);
        }
      }
    }
    // The rule of the sources that price our models' long-context bands, when they all read it alike.
    const [rule] = ruleOf;
    if (ruleOf.size === 1 && rule !== (file.json.provider.longContextRule ?? 'above')) {
      rules.push({ slug, ours: file.json.provider.longContextRule ?? 'above', theirs: rule });
    }
  }
  const added = newModels(files, sources, matchedKeys, allIds, since);
  return { sources, changed, added, removed, aliases, rules };
}

/** Models a source dates on or after `since` that no record or alias names. */
function newModels(files, sources, matchedKeys, allIds, since) {
  const bySlug = new Map(files.map((f) => [f.json.provider.slug, f]));
  const keys = new Map();
  for (const s of sources) {
    for (const e of s.entries) {
      if (!e.released || e.released < since || e.deprecated || matchedKeys.has(`${e.slug}:${e.key}`)) continue;
      if (allIds.has(catalogueId(e.slug, e.sourceId.split('/').pop())) || allIds.has(catalogueId(e.slug, e.key))) continue;
      const base = undatedKey(e.key);
      if (base !== undefined && matchedKeys.has(`${e.slug}:${base}`)) continue;
      if (bySlug.has(e.slug)) keys.set(`${e.slug}:${e.key}`, { slug: e.slug, key: e.key, name: e.sourceId.split('/').pop() });
    }
  }
  const added = [];
  for (const { slug, key, name } of keys.values()) {
    const found = sources.map((s) => ({ source: s, entry: finder(s)(slug, [name, key]) })).filter((f) => f.entry);
    const [winner] = rank(found);
    if (!winner) continue; // only OpenRouter lists it: a reseller's price is not the provider's
    const released = found.map((f) => f.entry.released).filter(Boolean).sort()[0];
    const contextTokens = found.map((f) => f.entry.contextTokens).find(Boolean);
    added.push({ slug, id: catalogueId(slug, name), name: found.map((f) => f.entry.name).find(Boolean) ?? name, sourceName: name, winner, found, released, contextTokens });
  }
  return added.sort((a, b) => (a.id < b.id ? -1 : 1));
}
