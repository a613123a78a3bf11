#!/usr/bin/env node
// Reproducible generator of data/<slug>.json from the reference dataset
// (../shared/reference/prices.json and quality.json) and the hand-curated selection in scripts/catalog-selection.mjs.
// Run: node scripts/catalog-seed.mjs   (the generated JSON files are committed; the app never reads ../shared)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DATA_DIR, REFERENCE_PRICES, REFERENCE_SCOPE, findReferenceRecord, isWritePrice } from './catalog-crosscheck.mjs';
import { PROVIDERS } from './catalog-selection.mjs';
import { CHECKED_ON, contestedNote, historyOf, isDate, listText, priceSourceOf, qualitySourceOf, SOURCE_LABEL } from './catalog-seed-provenance.mjs';

export { CHECKED_ON, qualitySourceOf };

export const VERIFIED = 'November 2026';
const REFERENCE_QUALITY = resolve(REFERENCE_PRICES, '..', 'quality.json');


// ---------------------------------------------------------------------------------------------
// Rules

/** Blended price per 1M tokens for a typical 3:1 input:output mix. */
export function blendedPrice(input, output) {
  return (3 * input + output) / 4;
}

/** Tier rule (docs/catalogue.md): Budget below $1 blended, Mid from $1 to below $4, Premium from $4. */
export function tierFor(input, output) {
  const blended = blendedPrice(input, output);
  if (blended < 1) return 'Budget';
  if (blended < 4) return 'Mid';
  return 'Premium';
}

/** Same as src/core/pricing/context-window.ts formatContext (the test checks they agree on every record). */
export function formatContext(tokens) {
  const KIBI = 1024;
  const MEBI = 1024 * 1024;
  const trim = (v) => String(Math.round(v * 100) / 100);
  if (tokens % 1000 === 0) return tokens >= 1_000_000 ? `${trim(tokens / 1_000_000)}M` : `${tokens / 1000}K`;
  if (tokens % MEBI === 0) return `${tokens / MEBI}M`;
  if (tokens % KIBI === 0 && tokens < MEBI) return `${tokens / KIBI}K`;
  if (tokens >= 1_000_000) return `${trim(tokens / 1_000_000)}M`;
  return `${trim(tokens / 1000)}K`;
}

const USE_CASE_KEYS = {
  coding: 'coding', chat: 'chat', classification: 'classification', extraction: 'extraction',
  reasoning: 'reasoning', analysis: 'analysis', creative: 'creative', general: 'general', speed: 'speed',
  long_context: 'long-context', multimodal: 'multimodal', vision: 'vision', summarization: 'summarization',
  multilingual: 'multilingual',
};

// The selection (which reference records are listed, names, status, aliases, notes): scripts/catalog-selection.mjs.
export { PROVIDERS };

// ---------------------------------------------------------------------------------------------
// Record building

const CORE = ['models_dev', 'genai_prices', 'litellm'];
const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const near = (a, b) => a === b || (a != null && b != null && Math.abs(a - b) <= Math.max(Math.abs(a), Math.abs(b)) * 0.005);

/** model_key: the reference's normalised id (match_key) without an org prefix, only [a-z0-9.-]. */
export function modelKey(record) {
  const base = (record.match_key ?? record.model_id).toLowerCase().replace(/^meta-llama\//, '');
  return base.replace(/[^a-z0-9.-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
}

/** The long-context tier the sources that give one agree on; undefined when none or when they disagree. */
function longContextOf(record, problems, id) {
  const lc = record.long_context;
  if (!lc) return undefined;
  let entries = Object.entries(lc).filter(([, tiers]) => Array.isArray(tiers) && tiers.length > 0);
  if (entries.length === 0) return undefined;
  let note;
  const sameFirst = (a, b) => a.threshold_tokens === b.threshold_tokens && near(a.input, b.input) && near(a.output, b.output);
  if (!entries.every(([, tiers]) => sameFirst(tiers[0], entries[0][1][0]))) {
    // Sources disagree: follow the one whose base prices are the consensus, when exactly one is,
    // so the long-context bands belong to the same price list as the base prices.
    const followed = entries.filter(([s]) => near(record[`input_${s}`], record.input) && near(record[`output_${s}`], record.output));
    if (followed.length !== 1) {
      problems.push(`${id}: long-context tiers disagree between sources (${entries.map(([s]) => s).join(', ')}); left out`);
      return { dropped: `Long-context prices left out: the sources disagree on them (${entries.map(([s]) => SOURCE_LABEL[s]).join(', ')}).` };
    }
    const others = entries.filter((e) => e !== followed[0]).map(([s, t]) => `${SOURCE_LABEL[s]} gives ${t.map((x) => `>${x.threshold_tokens}: ${x.input}/${x.output}`).join(', ')}`);
    note = `Long-context prices from ${SOURCE_LABEL[followed[0][0]]}, the source whose base prices are followed; ${others.join('; ')}.`;
    problems.push(`${id}: long-context tiers disagree; followed ${followed[0][0]}`);
    entries = followed;
  }
  const firsts = entries.map(([, tiers]) => tiers[0]);
  const [first] = firsts;
  const cacheValues = firsts.map((t) => t.cache_read).filter((v) => v != null);
  const cachedInput = cacheValues.length > 0 && cacheValues.every((v) => near(v, cacheValues[0])) ? cacheValues[0] : undefined;
  const tiers = entries[0][1];
  const out = { threshold: first.threshold_tokens, input: first.input, output: first.output };
  if (cachedInput !== undefined) out.cachedInput = cachedInput;
  // Further tiers (e.g. Qwen's 128K and 256K bands) become longContextSteps when every source
  // that lists them gives the same thresholds and prices.
  const sameTiers = entries.every(([, t]) => t.length === tiers.length && t.every((x, i) =>
    x.threshold_tokens === tiers[i].threshold_tokens && near(x.input, tiers[i].input) && near(x.output, tiers[i].output)));
  let steps;
  if (tiers.length > 1 && sameTiers) {
    steps = tiers.slice(1).map((t) => {
      const step = { threshold: t.threshold_tokens, input: t.input, output: t.output };
      if (t.cache_read != null) step.cachedInput = t.cache_read;
      return step;
    });
  } else if (tiers.length > 1) {
    problems.push(`${id}: sources disagree on the long-context tiers above the first; only the first is kept`);
  }
  return { value: out, steps, sources: entries.map(([s]) => s), tiers: tiers.length, note };
}

export function buildProvider(provider, prices, quality, problems) {
  const models = [];
  for (const pick of provider.models) {
    const record = findReferenceRecord(prices, provider.slug, pick.ref);
    if (!record) throw new Error(`${provider.slug}: ${pick.ref} not among the reference's current models`);
    const id = `${provider.slug}-${modelKey(record)}`;
    const scope = REFERENCE_SCOPE[provider.slug];
    const q = quality.models.find(
      (m) => m.model_id === record.model_id && m.provider === scope.provider && (m.host ?? null) === scope.host && !m.deprecated,
    );
    if (!q) throw new Error(`${id}: no quality record`);

    const input = record.input;
    const output = record.output;
    if (num(input) === undefined || num(output) === undefined) throw new Error(`${id}: no consensus price`);

    const contextTokens = num(record.context_window) ?? pick.contextTokens;
    if (!contextTokens) throw new Error(`${id}: no context window`);
    if (!num(record.context_window)) problems.push(`${id}: no context window in the reference; ${contextTokens} used (see docs)`);

    const useCases = {};
    for (const [key, name] of Object.entries(USE_CASE_KEYS)) {
      const score = q.suggested.use_cases?.[key]?.score;
      if (typeof score === 'number') useCases[name] = score;
    }

    const m = {
      id,
      name: pick.name ?? record.display_name.replace(/\s*\(latest\)\s*$/i, ''),
      tier: tierFor(input, output),
      input,
      output,
      context: formatContext(contextTokens),
      verified: VERIFIED,
      contextTokens,
    };
    if (num(record.max_output_tokens)) m.maxOutputTokens = record.max_output_tokens;
    if (num(record.cache_read) !== undefined) m.cachedInput = record.cache_read;
    if (isWritePrice(num(record.cache_write), record.input)) m.cacheWrite = record.cache_write;
    if (isWritePrice(num(record.cache_write_1h), record.input)) m.cacheWrite1h = record.cache_write_1h;
    let lc = longContextOf(record, problems, id);
    const longNotes = [];
    if (lc?.dropped) {
      longNotes.push(lc.dropped);
      lc = undefined;
    }
    if (lc?.note) longNotes.push(lc.note);
    if (lc && lc.value.threshold >= contextTokens) {
      // e.g. Claude Sonnet 4.5: the >200K tier applies only to the 1M-token beta window, not the 200K standard one.
      problems.push(`${id}: long-context threshold ${lc.value.threshold} not below the window ${contextTokens}; left out`);
      longNotes.push(
        `The published long-context price (above ${lc.value.threshold} input tokens: ${lc.value.input}/${lc.value.output}) applies only beyond the ${formatContext(contextTokens)} window listed here (a larger beta window), so it is left out.`,
      );
      lc = undefined;
    }
    if (lc) m.longContext = lc.value;
    const steps = lc?.steps?.filter((s) => s.threshold < contextTokens);
    if (lc && steps?.length) m.longContextSteps = steps;
    // API aliases from the selection, and the dated names the reference lists for the model.
    const aliases = [...(pick.aliases ?? []), ...(record.aliases ?? [])].map((a) => `${provider.slug}-${modelKey({ model_id: a })}`);
    if (aliases.length) m.aliases = [...new Set(aliases)].filter((a) => a !== id).sort();
    m.quality = q.suggested.quality_score;
    m.useCases = useCases;
    m.status = pick.status;
    const releaseDate = pick.releaseDate === null ? undefined : pick.releaseDate ?? record.release_date;
    if (isDate(releaseDate)) m.releaseDate = releaseDate;
    m.sourceUrl = provider.pricingUrl;
    let priceSource = priceSourceOf(record);
    if (lc) {
      priceSource += `; long-context prices from ${listText(lc.sources.map((s) => SOURCE_LABEL[s]))}`;
      if (lc.tiers > 1) priceSource += ` (${lc.tiers} bands${m.longContextSteps ? '' : ', the first kept'})`;
    }
    m.priceSource = priceSource;
    m.checkedOn = CHECKED_ON;
    const notes = [pick.note, pick.contested === false ? undefined : contestedNote(record), ...longNotes].filter(Boolean);
    if (notes.length) m.priceNote = notes.join(' ');
    m.qualitySource = qualitySourceOf(q, quality.models);
    m.referenceId = record.model_id;
    const history = historyOf(record);
    if (history.length) m.priceHistory = history;
    models.push(m);
  }
  const { slug, name, pricingUrl, longContextRule } = provider;
  return { provider: longContextRule ? { slug, name, pricingUrl, longContextRule } : { slug, name, pricingUrl }, models };
}

function main() {
  const prices = JSON.parse(readFileSync(REFERENCE_PRICES, 'utf8'));
  const quality = JSON.parse(readFileSync(REFERENCE_QUALITY, 'utf8'));
  const problems = [];
  mkdirSync(DATA_DIR, { recursive: true });
  let total = 0;
  for (const provider of PROVIDERS) {
    const file = buildProvider(provider, prices, quality, problems);
    writeFileSync(join(DATA_DIR, `${provider.slug}.json`), `${JSON.stringify(file, null, 2)}\n`);
    total += file.models.length;
    console.log(`${provider.slug}: ${file.models.length} models`);
  }
  console.log(`total: ${total} models`);
  for (const p of problems) console.log(`note: ${p}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
