/**
 * The compare widget (`data-type="compare"`): the costs of a workload on 2 to 10 models, from
 * /api/compare. The workload attributes carry the API's parameter names (data-input-tokens is
 * input_tokens, and so on) and are forwarded as they are; data-requests-per-day, the spec's name,
 * still works. Cost warnings in the answer (a model that cannot take the request, a free tier, a
 * mode the provider does not bill) are listed under the table.
 */
import { api, count, el, link, table, usd } from './widget-dom.js';

interface Costs { perRequest: number; daily: number; monthly: number; yearly: number }
interface Warning { code: string; message: string }
interface CompareBody {
  workload: {
    input_tokens: number; output_tokens: number; requests?: number; requests_per_day?: number; days: number; mode?: string;
    cached_input_tokens?: number; cache_write_tokens?: number;
  };
  comparison: Array<{ id: string; name: string; costs: Costs; warnings?: Warning[] }>;
  summary: { cheapest: { name: string; monthly: number }; mostExpensive: { name: string; monthly: number }; savings: { monthly: number; percent: number } };
}

/** The widget's workload attributes (dataset names) and the API parameter each one is. */
export const WORKLOAD_ATTRIBUTES = {
  inputTokens: 'input_tokens',
  outputTokens: 'output_tokens',
  requests: 'requests',
  requestsPerDay: 'requests_per_day',
  days: 'days',
  mode: 'mode',
  cachedInputTokens: 'cached_input_tokens',
  cacheWriteTokens: 'cache_write_tokens',
} as const;

function caption(w: CompareBody['workload']): string {
  const cache = [
    w.cached_input_tokens ? `${count(w.cached_input_tokens)} cached` : '',
    w.cache_write_tokens ? `${count(w.cache_write_tokens)} written to the cache` : '',
  ].filter(Boolean).join(', ');
  const requests = w.requests ?? w.requests_per_day ?? 0;
  const mode = w.mode && w.mode !== 'standard' ? ` (${w.mode})` : '';
  return `${count(w.input_tokens)} input${cache ? ` (${cache})` : ''} + ${count(w.output_tokens)} output tokens, ${count(requests)} requests a day, ${w.days} days a month${mode}`;
}

export async function renderCompare(box: HTMLElement, d: DOMStringMap): Promise<void> {
  if (!d.models) throw new Error('add data-models="<id>,<id>" (2 to 10 model ids) to compare');
  const params: Record<string, string | undefined> = { models: d.models };
  for (const [attribute, name] of Object.entries(WORKLOAD_ATTRIBUTES)) params[name] = d[attribute];
  const body = await api<CompareBody>('/api/compare', params);
  box.classList.add('q');
  box.append(
    table(
      caption(body.workload),
      ['Model', 'Per request', 'Per day', 'Per month'],
      body.comparison.map((m) => [link(m.name, m.id), usd(m.costs.perRequest), usd(m.costs.daily), usd(m.costs.monthly)]),
      [1, 2, 3],
    ),
  );
  const warnings = body.comparison.flatMap((m) => (m.warnings ?? []).map((w) => `${m.name}: ${w.message}`));
  if (warnings.length) {
    const list = el('ul', undefined, 'warn');
    list.setAttribute('aria-label', 'Cost warnings');
    for (const text of warnings) list.append(el('li', text));
    box.append(list);
  }
  const s = body.summary;
  box.append(
    el('p', `Cheapest: ${s.cheapest.name} at ${usd(s.cheapest.monthly)} a month, ${usd(s.savings.monthly)} (${s.savings.percent}%) less than ${s.mostExpensive.name}.`),
  );
}
