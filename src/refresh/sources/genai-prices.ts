/**
 * pydantic/genai-prices data (`prices/new_data/v2/data.json`, the same list of providers the npm
 * package @pydantic/genai-prices bundles): [{ id, pricing_urls, models: [{ id, match, prices }] }].
 * `prices` may be a list of { constraint?, prices }: a `start_date` constraint dates a price set, a
 * `time_of_date` one gives the prices of a daily window (peak or off-peak).
 */
import * as z from 'zod';
import { GarbageError, type MatchLogic, type SourceEntry } from '../entry.js';
import { matchKey } from '../units.js';
import {
  bands,
  flat,
  priceSetSchema,
  timeOfDay,
  unitPricesOf,
  weekendsOf,
  type DailyWindow,
  type PriceSet,
} from './genai-prices-sets.js';

/** genai-prices provider id -> catalogue slug, and which of its models are that provider's own. */
const PROVIDERS: Record<string, { slug: string; own?: RegExp }> = {
  openai: { slug: 'openai' },
  anthropic: { slug: 'anthropic' },
  google: { slug: 'google' },
  mistral: { slug: 'mistral' },
  deepseek: { slug: 'deepseek' },
  'x-ai': { slug: 'xai' },
  cohere: { slug: 'cohere' },
  aws: { slug: 'amazon', own: /^(global\.)?amazon\.nova-/ },
  together: { slug: 'together', own: /^meta-llama\//i },
  // The open-weight makers that sell capacity at their own APIs (the records' `maker` doors).
  moonshotai: { slug: 'moonshot' },
  zai: { slug: 'zhipu' },
  minimax: { slug: 'minimax' },
};

const constrained = z.looseObject({
  constraint: z
    .looseObject({
      type: z.unknown().optional(),
      start_date: z.unknown().optional(),
      start_time: z.unknown().optional(),
      end_time: z.unknown().optional(),
    })
    .optional()
    .catch(undefined),
  prices: priceSetSchema,
});
const model = z.looseObject({
  id: z.string(),
  name: z.unknown().optional(),
  // The match logic is used as genai-prices gives it; `matches` reads only the forms it knows.
  match: z
    .custom<MatchLogic>((v) => typeof v === 'object' && v !== null)
    .optional()
    .catch(undefined),
  deprecated: z.unknown().optional(),
  context_window: z.unknown().optional(),
  price_comments: z.unknown().optional(),
  prices: z.union([z.array(constrained), priceSetSchema]),
});
const provider = z.looseObject({
  id: z.string(),
  pricing_urls: z.array(z.string()).optional().catch(undefined),
  models: z.array(z.unknown()),
});
const payload = z.array(z.unknown()).refine((json) => json.some((p) => provider.safeParse(p).success));

type Constrained = z.infer<typeof constrained>;

/** genai-prices' match logic, as its engine reads it. */
export function matches(logic: MatchLogic | undefined, name: string): boolean {
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
function aliasNames(logic: MatchLogic | undefined): string[] {
  if (!logic || typeof logic !== 'object') return [];
  if ('or' in logic) return logic.or.flatMap(aliasNames);
  return 'equals' in logic && typeof logic.equals === 'string' && /latest$/i.test(logic.equals) ? [logic.equals] : [];
}

const startOf = (s: Constrained): string | undefined =>
  typeof s.constraint?.start_date === 'string' ? s.constraint.start_date : undefined;
const isWindow = (s: Constrained): s is Constrained & DailyWindow => s.constraint?.type === 'time_of_date';

/** One genai-prices model as an entry, with the price set in force on `today` and the later ones. */
function modelEntry(
  pricingUrl: string | undefined,
  slug: string,
  m: z.infer<typeof model>,
  today: string,
): SourceEntry | undefined {
  const sets: Constrained[] = Array.isArray(m.prices) ? m.prices : [{ prices: m.prices as PriceSet }];
  const dated = sets.filter((s) => !isWindow(s));
  const windows = sets.filter(isWindow);
  const current = dated
    .filter((s) => {
      const from = startOf(s);
      return !from || from <= today;
    })
    .at(-1);
  if (!current) return undefined;
  let prices = flat(current.prices);
  const { input, output } = prices;
  if (input === undefined || output === undefined) return undefined;
  const out: SourceEntry = {
    source: 'genai-prices',
    sourceId: m.id,
    slug,
    key: matchKey(m.id),
    input,
    output,
    deprecated: m.deprecated === true,
    tiersKnown: true,
  };
  if (m.match) out.match = m.match;
  if (typeof m.name === 'string') out.name = m.name;
  if (pricingUrl) out.cites = pricingUrl;
  const [firstWindow, ...otherWindows] = windows;
  if (firstWindow) {
    const tod = timeOfDay({ ...prices, input, output }, [firstWindow, ...otherWindows]);
    prices = tod.peak;
    const weekends = weekendsOf(m.price_comments);
    out.offPeak = weekends ? { ...tod.offPeak, weekends } : tod.offPeak;
  }
  Object.assign(out, prices);
  if (typeof m.context_window === 'number' && Number.isInteger(m.context_window)) out.contextTokens = m.context_window;
  const from = startOf(current);
  if (from) out.effectiveFrom = from;
  const units = unitPricesOf(current.prices);
  if (Object.keys(units).length) out.unitPrices = units;
  const { rule, steps } = bands(current.prices);
  const [first, ...more] = steps;
  if (first && rule) {
    out.longContextRule = rule;
    out.longContext = first;
    if (more.length) out.longContextSteps = more;
  }
  out.scheduled = dated.flatMap((s) => {
    const start = startOf(s);
    return start && start > today ? [{ effectiveFrom: start, ...flat(s.prices) }] : [];
  });
  const aliases = aliasNames(m.match);
  if (aliases.length) out.aliasNames = aliases;
  return out;
}

export function readGenaiPrices(json: unknown, today: string): SourceEntry[] {
  const parsed = payload.safeParse(json);
  if (!parsed.success) throw new GarbageError('not genai-prices data (a list of providers with `models`)');
  const entries: SourceEntry[] = [];
  for (const raw of parsed.data) {
    const p = provider.safeParse(raw);
    const scope = p.success ? PROVIDERS[p.data.id] : undefined;
    if (!p.success || !scope) continue;
    for (const rawModel of p.data.models) {
      const m = model.safeParse(rawModel);
      if (!m.success || (scope.own && !scope.own.test(m.data.id))) continue;
      const e = modelEntry(p.data.pricing_urls?.[0], scope.slug, m.data, today);
      if (e) entries.push(e);
    }
  }
  return entries;
}
