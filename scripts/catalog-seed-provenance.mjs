// The plain-language provenance of seeded records: price and quality sources, disagreement notes,
// and the dated price history, from the reference dataset's fields (see docs/catalogue.md).
import { isWritePrice } from './catalog-crosscheck.mjs';

export const CHECKED_ON = '2026-11-21';

export const isDate = (s) => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s);

/** The reference's sources with their snapshot dates (README of the reference dataset). */
export const SOURCE_LABEL = {
  models_dev: 'models.dev (2026-07-02)',
  genai_prices: 'genai-prices (2026-08-21)',
  litellm: 'litellm (2026-08-01)',
  openrouter: 'OpenRouter (2026-08-01)',
};

const BASIS_TEXT = {
  all_agree: 'they agree',
  majority: 'the majority is followed',
  single_source: 'the only source listing it',
  others_excluded: 'the older sources predate the price in force',
  tie_latest_verified: 'they differ; the most recently checked one is followed',
  tie_openrouter: 'they differ; the one OpenRouter agrees with is followed',
};

export const listText = (items) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** Plain provenance: which public lists give the price, when they were taken, and whether they agree. */
export function priceSourceOf(record) {
  const listed = ['genai_prices', 'litellm', 'models_dev'].filter((s) => record.sources.includes(s)).map((s) => SOURCE_LABEL[s]);
  const bases = [...new Set(['input', 'output'].map((f) => record[`${f}_basis`]).filter(Boolean))];
  const verdict = bases.map((b) => BASIS_TEXT[b]).filter((t) => !(t === BASIS_TEXT.all_agree && listed.length < 2));
  return `Listed by ${listText(listed)}, checked ${CHECKED_ON}${verdict.length ? `; ${verdict.join(', ')}` : ''}`;
}

const BENCHMARKS = {
  aa_intelligence_index: 'Artificial Analysis Intelligence Index',
  or_aa_intelligence_index: 'Artificial Analysis Intelligence Index (as shown on OpenRouter)',
  lmarena_text: 'LMArena text',
  lmarena_text_2026_08: 'LMArena text (August 2026 top 10)',
  livebench_global: 'LiveBench',
  designarena_code: 'Design Arena code',
  lmarena_vision: 'LMArena vision',
};

/**
 * Where a model's quality score comes from: the benchmarks behind it, each with the date of the
 * snapshot it was read from (the reference's are of July-August 2026), or why it has none.
 * `all` is the reference's quality records, for the dates of a model rated as another.
 */
export function qualitySourceOf(q, all = []) {
  const s = q.suggested;
  const inherited = /^inherited from ([^:]+): (.*)$/.exec(s.quality_basis);
  const parent = inherited ? all.find((m) => m.model_id === inherited[1] && m.provider === q.provider) : undefined;
  const dateOf = (key) => q.scores?.[key]?.date ?? parent?.scores?.[key]?.date;
  const named = (keys) => listText(keys.map((k) => {
    const date = dateOf(k);
    return `${BENCHMARKS[k] ?? k.replace(/_/g, ' ')}${date ? ` of ${date}` : ''}`;
  }));
  const inputs = [...new Set((s.quality_inputs ?? []).map((i) => i.key))];
  if (s.quality_basis === 'benchmarks') return `Benchmarks: ${named(inputs)}`;
  const other = /^other benchmarks of this model \(no general-quality source\): (.*)$/.exec(s.quality_basis);
  if (other) return `No general benchmark; from ${named(other[1].split(/,\s*/))}`;
  if (inherited) return `Rated as ${inherited[1]} (${inherited[2]})${inputs.length ? `, from its ${named(inputs)}` : ''}`;
  if (/no benchmark data for this model/.test(s.quality_basis)) return 'No benchmark scores yet: a conservative default';
  return s.quality_basis.replace(/^fallback: /, 'No benchmark scores: ');
}

/** The reference's reasons, in plain words. */
function plainReason(src, why) {
  const who = SOURCE_LABEL[src];
  const predates = /predates the genai-prices price set effective (\d{4}-\d{2}-\d{2})/.exec(why);
  if (predates) return `${who} predates the price in force since ${predates[1]}`;
  const older = /matched through genai-prices entry \S+\/(\S+) whose prices were checked (\d{4}-\d{2}-\d{2})/.exec(why);
  if (older) return `genai-prices gives the price of an older entry (${older[1]}, checked ${older[2]}), so it is not followed`;
  if (/dated price schedule/.test(why)) return `${who} predates the dated price schedule genai-prices gives`;
  return `${who} is not followed: ${why}`;
}

const SOURCE_NAME = { models_dev: 'models.dev', genai_prices: 'genai-prices', litellm: 'litellm', openrouter: 'OpenRouter' };

export function contestedNote(record) {
  const parts = [];
  for (const [src, why] of Object.entries(record.excluded_from_consensus ?? {})) parts.push(plainReason(src, why));
  if (record.disagreements?.length) {
    const bySource = {};
    for (const d of record.disagreements) {
      for (const [src, v] of Object.entries(d.values)) (bySource[src] ??= []).push(`${d.field.replace('_', '-')} $${v}`);
    }
    parts.push(`sources differ: ${Object.entries(bySource).map(([src, v]) => `${SOURCE_NAME[src]} gives ${v.join(', ')}`).join('; ')}`);
  }
  if (parts.length === 0) return undefined;
  const text = parts.join('; ');
  return `${text.startsWith('sources') ? 'S' : text[0]}${text.slice(1)}.`;
}
const PRICE_KEYS = ['input', 'output', 'cache_read', 'cache_write'];

function priceSet(effectiveFrom, src, source, note) {
  const entry = { effectiveFrom, input: src.input, output: src.output };
  if (src.cache_read != null) entry.cachedInput = src.cache_read;
  if (isWritePrice(src.cache_write, src.input)) entry.cacheWrite = src.cache_write;
  entry.source = source;
  if (note) entry.note = note;
  return entry;
}

export function historyOf(record) {
  const history = [];
  // (a) an earlier price kept by sources the consensus excluded because a later price set took effect.
  const excluded = record.excluded_from_consensus ?? {};
  const predates = Object.entries(excluded).filter(([, why]) => /predates the genai-prices price set effective/.test(why));
  if (predates.length > 0 && isDate(record.release_date)) {
    const [src] = predates[0];
    const prior = Object.fromEntries(PRICE_KEYS.map((f) => [f, record[`${f}_${src}`]]));
    if (prior.input != null && prior.output != null) {
      history.push(
        priceSet(
          record.release_date,
          prior,
          `Launch price as listed by ${listText(predates.map(([s]) => SOURCE_LABEL[s]))}`,
          'Price at launch.',
        ),
      );
    }
  }
  // (b) the dated genai-prices price set in force now.
  if (isDate(record.price_effective_from_genai_prices)) {
    history.push(
      priceSet(
        record.price_effective_from_genai_prices,
        record,
        'genai-prices (2026-08-21), which gives the start date',
        'Price in force on the check date.',
      ),
    );
  } else if (record.scheduled_price_changes?.length && isDate(record.release_date)) {
    history.push(
      priceSet(record.release_date, record, priceSourceOf(record), 'Price since release (introductory).'),
    );
  }
  // (c) scheduled changes (after the generation date).
  for (const change of record.scheduled_price_changes ?? []) {
    history.push(
      priceSet(change.start_date, change, 'genai-prices (2026-08-21), scheduled change', 'Scheduled price change.'),
    );
  }
  history.sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  return history;
}

