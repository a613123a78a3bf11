// Reader of pydantic/genai-prices data (`prices/new_data/v2/data.json`, the same list of providers
// the npm package @pydantic/genai-prices bundles): [{ id, pricing_urls, models: [{ id, match, prices }] }].
// Prices are per 1M tokens (`input_mtok`, ...), either a number or { base, tiers: [{ start, price }] }
// (the tier price applies when the request's input tokens are strictly above `start`, as its engine
// computes); `prices` may be a list of { constraint?, prices }: a `start_date` constraint dates a
// price set, a `time_of_date` one gives the prices of a daily window (peak or off-peak).
import { GarbageError, matchKey, scaledPrice } from './catalog-sources.mjs';

/** genai-prices provider id -> catalogue slug, and which of its models are that provider's own. */
const PROVIDERS = {
  openai: { slug: 'openai' },
  anthropic: { slug: 'anthropic' },
  google: { slug: 'google' },
  mistral: { slug: 'mistral' },
  deepseek: { slug: 'deepseek' },
  'x-ai': { slug: 'xai' },
  cohere: { slug: 'cohere' },
  aws: { slug: 'amazon', own: /^(global\.)?amazon\.nova-/ },
  together: { slug: 'together', own: /^meta-llama\//i },
};

/** genai-prices' match logic (equals / starts_with / ends_with / contains / regex / and / or). */
export function matches(logic, name) {
  if (!logic || typeof logic !== 'object') return false;
  const text = String(name).toLowerCase();
  if ('or' in logic) return logic.or.some((l) => matches(l, name));
  if ('and' in logic) return logic.and.every((l) => matches(l, name));
  if ('equals' in logic) return text === logic.equals.toLowerCase();
  if ('starts_with' in logic) return text.startsWith(logic.starts_with.toLowerCase());
  if ('ends_with' in logic) return text.endsWith(logic.ends_with.toLowerCase());
  if ('contains' in logic) return text.includes(logic.contains.toLowerCase());
  if ('regex' in logic) return new RegExp(logic.regex).test(String(name));
  return false;
}

/** API alias names in a match: `equals` values ending in `latest` (`grok-4.5-latest`). */
function aliasNames(logic) {
  if (!logic || typeof logic !== 'object') return [];
  if ('or' in logic) return logic.or.flatMap(aliasNames);
  return typeof logic.equals === 'string' && /latest$/i.test(logic.equals) ? [logic.equals] : [];
}

const base = (v) => scaledPrice(typeof v === 'object' && v !== null ? v.base : v);

/** The flat prices of one price set; an empty set is free of charge (its engine prices it at 0). */
function flat(p) {
  if (p && typeof p === 'object' && Object.keys(p).length === 0) return { input: 0, output: 0, cachedInput: 0 };
  const out = { input: base(p.input_mtok), output: base(p.output_mtok) };
  for (const [field, key] of [['cachedInput', 'cache_read_mtok'], ['cacheWrite', 'cache_write_mtok'], ['cacheWrite1h', 'cache_write_1h_mtok']]) {
    const v = base(p[key]);
    if (v !== undefined) out[field] = v;
  }
  return out;
}

/**
 * Long-context bands of one price set: a start of 199999 / 271999 means "from 200000 / 272000 on"
 * (the provider bills at the threshold, rule "at"); a round start means "above it" (rule "above").
 */
function bands(p) {
  const tiers = p.input_mtok?.tiers;
  if (!Array.isArray(tiers) || tiers.length === 0) return { steps: [] };
  const priceAt = (v, start) => (typeof v === 'object' && v ? scaledPrice(v.tiers?.find((t) => t.start === start)?.price) : undefined);
  const starts = tiers.map((t) => t.start).sort((a, b) => a - b);
  const rule = (starts[0] + 1) % 1000 === 0 ? 'at' : 'above';
  const steps = starts.map((start) => {
    const step = { threshold: rule === 'at' ? start + 1 : start, input: priceAt(p.input_mtok, start), output: priceAt(p.output_mtok, start) ?? base(p.output_mtok) };
    for (const [field, key] of [['cachedInput', 'cache_read_mtok'], ['cacheWrite', 'cache_write_mtok'], ['cacheWrite1h', 'cache_write_1h_mtok']]) {
      const v = priceAt(p[key], start);
      if (v !== undefined) step[field] = v;
    }
    return step;
  });
  return { rule, steps };
}

const minutes = (t) => {
  const m = /^(\d{2}):(\d{2})/.exec(String(t));
  if (!m) throw new GarbageError(`time of day ${JSON.stringify(t)} is not HH:MM`);
  return Number(m[1]) * 60 + Number(m[2]);
};
const hhmm = (n) => `${String(Math.floor(n / 60) % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
const length = ([s, e]) => (e - s + 1440) % 1440;

/** The parts of the day outside the given windows, as [start, end] minute pairs. */
function complement(windows) {
  const sorted = [...windows].sort((a, b) => a[0] - b[0]);
  return sorted.map((w, i) => [w[1], sorted[(i + 1) % sorted.length][0]]).filter((w) => length(w) > 0);
}

/** Time zones genai-prices names in words, as the fixed UTC offsets they keep (no daylight saving). */
const ZONES = { 'beijing time': '+08:00' };

/**
 * Weekend off-peak prices, which genai-prices' format cannot hold and its comment states instead:
 * "from 2026-08-23 Deepseek bills off-peak all day at weekends (Beijing time)".
 */
function weekendsOf(comment) {
  const m = /from (\d{4}-\d{2}-\d{2}) \S+ bills off-peak all day at weekends \(([^)]+)\)/i.exec(String(comment ?? ''));
  const utcOffset = m && ZONES[m[2].toLowerCase()];
  return utcOffset ? { utcOffset, since: m[1] } : undefined;
}

/**
 * Peak / off-peak from daily windows: the cheaper of the window price and the day's other price is
 * the off-peak one. Returns the peak prices and `offPeak` with its window (startUtc, endUtc), or
 * its windows (longest first) when there are several.
 */
function timeOfDay(inForce, windows) {
  const windowPrices = flat(windows[0].prices);
  const spans = windows.map((w) => [minutes(w.constraint.start_time), minutes(w.constraint.end_time)]);
  const windowsArePeak = windowPrices.input > inForce.input;
  const peak = windowsArePeak ? windowPrices : inForce;
  const cheap = windowsArePeak ? inForce : windowPrices;
  const offSpans = (windowsArePeak ? complement(spans) : spans).sort((a, b) => length(b) - length(a));
  const offPeak = { input: cheap.input, output: cheap.output };
  if (cheap.cachedInput !== undefined) offPeak.cachedInput = cheap.cachedInput;
  const utc = offSpans.map(([s, e]) => ({ startUtc: hhmm(s), endUtc: hhmm(e) }));
  if (utc.length === 1) Object.assign(offPeak, utc[0]);
  else offPeak.windows = utc;
  return { peak, offPeak };
}

/** One genai-prices model as an entry, with the price set in force on `today` and the later ones. */
function modelEntry(provider, slug, model, today) {
  const sets = Array.isArray(model.prices) ? model.prices : [{ prices: model.prices }];
  const dated = sets.filter((s) => s.constraint?.type !== 'time_of_date');
  const windows = sets.filter((s) => s.constraint?.type === 'time_of_date');
  const from = (s) => s.constraint?.start_date;
  const past = dated.filter((s) => !from(s) || from(s) <= today);
  const current = past.at(-1);
  if (!current) return undefined;
  let prices = flat(current.prices);
  if (prices.input === undefined || prices.output === undefined) return undefined;
  const out = {
    source: 'genai-prices', sourceId: model.id, slug, key: matchKey(model.id), name: model.name,
    cites: provider.pricing_urls?.[0], match: model.match, deprecated: model.deprecated === true, tiersKnown: true,
  };
  if (windows.length > 0) {
    const tod = timeOfDay(prices, windows);
    prices = tod.peak;
    const weekends = weekendsOf(model.price_comments);
    out.offPeak = weekends ? { ...tod.offPeak, weekends } : tod.offPeak;
  }
  Object.assign(out, prices);
  if (Number.isInteger(model.context_window)) out.contextTokens = model.context_window;
  if (from(current)) out.effectiveFrom = from(current);
  const { rule, steps } = bands(current.prices);
  if (steps.length) {
    out.longContextRule = rule;
    out.longContext = steps[0];
    if (steps.length > 1) out.longContextSteps = steps.slice(1);
  }
  out.scheduled = dated.filter((s) => from(s) > today).map((s) => ({ effectiveFrom: from(s), ...flat(s.prices) }));
  const aliases = aliasNames(model.match);
  if (aliases.length) out.aliasNames = aliases;
  return out;
}

export function readGenaiPrices(json, today) {
  if (!Array.isArray(json) || !json.some((p) => p && typeof p.id === 'string' && Array.isArray(p.models))) {
    throw new GarbageError('not genai-prices data (a list of providers with `models`)');
  }
  const entries = [];
  for (const provider of json) {
    const scope = PROVIDERS[provider?.id];
    if (!scope || !Array.isArray(provider.models)) continue;
    for (const model of provider.models) {
      if (!model || typeof model.id !== 'string') continue;
      if (scope.own && !scope.own.test(model.id)) continue;
      const e = modelEntry(provider, scope.slug, model, today);
      if (e) entries.push(e);
    }
  }
  return entries;
}
