/**
 * The compare widget (`data-type="compare"`): the costs of a workload on 2 to 10 models, from
 * /api/compare. The workload attributes carry the API's parameter names (data-input-tokens is
 * input_tokens, data-service-tier is service_tier, data-reasoning-tokens is reasoning_tokens, and
 * so on: every workload parameter of /api/compare) and are forwarded as they are;
 * data-requests-per-day, the spec's name, still works. Cost warnings in the answer (a model that
 * cannot take the request, a free tier, a mode or service tier the provider does not sell) are
 * listed under the table.
 */
import { inputPartsText, outputPartsText, searchesText } from '../src/core/pricing/parts-text.js';
import { extrasOf } from '../src/endpoints/part-rules.js';
import { api, count, el, link, table, usd } from './widget-dom.js';
import { WORKLOAD_ATTRIBUTES } from './widget-attributes.js';

interface Costs {
  perRequest: number;
  daily: number;
  monthly: number;
  yearly: number;
}
interface Warning {
  code: string;
  message: string;
}
interface CompareBody {
  workload: {
    input_tokens: number;
    output_tokens: number;
    requests?: number;
    requests_per_day?: number;
    days: number;
    mode?: string;
    cached_input_tokens?: number;
    cache_write_tokens?: number;
    service_tier?: string;
  } & Record<string, unknown>;
  comparison: Array<{ id: string; name: string; costs: Costs; warnings?: Warning[] }>;
  summary: {
    cheapest: { id: string; name: string; monthly: number };
    mostExpensive: { id: string; name: string; monthly: number };
    savings: { monthly: number; percent: number };
    /** With a service tier: the models not sold on it (no saving is named from them). */
    notOnTier?: string[];
  };
}

function caption(w: CompareBody['workload']): string {
  const e = extrasOf(w);
  const input = [
    w.cached_input_tokens ? `${count(w.cached_input_tokens)} cached` : '',
    w.cache_write_tokens ? `${count(w.cache_write_tokens)} written to the cache` : '',
    ...inputPartsText(e),
  ]
    .filter(Boolean)
    .join(', ');
  const output = outputPartsText(e).join(', ');
  const requests = w.requests ?? w.requests_per_day ?? 0;
  const how = [
    w.mode && w.mode !== 'standard' ? w.mode : '',
    w.service_tier && w.service_tier !== 'standard' ? `${w.service_tier} tier` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    `${count(w.input_tokens)} input${input ? ` (${input})` : ''} + ${count(w.output_tokens)} output${output ? ` (${output})` : ''} tokens${searchesText(e)}, ` +
    `${count(requests)} requests a day, ${w.days} days a month${how ? ` (${how})` : ''}`
  );
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
      body.comparison.map((m) => [
        link(m.name, m.id),
        usd(m.costs.perRequest),
        usd(m.costs.daily),
        usd(m.costs.monthly),
      ]),
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
  const tier = body.workload.service_tier;
  // One model left on the tier asked: no saving to name against itself.
  const against =
    s.cheapest.id === s.mostExpensive.id
      ? ''
      : `, ${usd(s.savings.monthly)} (${s.savings.percent}%) less than ${s.mostExpensive.name}`;
  box.append(
    el(
      'p',
      `Cheapest${s.notOnTier ? ` on the ${tier} tier` : ''}: ${s.cheapest.name} at ${usd(s.cheapest.monthly)} a month${against}.`,
    ),
  );
  const notOn = body.comparison.filter((m) => s.notOnTier?.includes(m.id)).map((m) => m.name);
  if (notOn.length) box.append(el('p', `Not sold on the ${tier} tier (priced at standard): ${notOn.join(', ')}.`));
}
