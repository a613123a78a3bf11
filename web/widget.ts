/**
 * The embeddable widget: finds every `.ai-pricing-widget` element and renders it by `data-type`
 * (table, badge, compare) from the API of the origin this script was loaded from.
 * Everything from the API or from attributes is set as text, never as HTML.
 */

interface ModelRecord { id: string; name: string; provider: string; tier: string; input: number; output: number; context: string }
interface Costs { perRequest: number; daily: number; monthly: number; yearly: number }

const script = document.currentScript as HTMLScriptElement | null;
const API = script?.src ? new URL(script.src).origin : location.origin;
const DONE = 'data-ai-pricing-rendered';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

async function api<T>(path: string, params: Record<string, string>): Promise<T> {
  const url = new URL(path, API);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  const res = await fetch(url);
  const body = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(body.error?.message ?? `HTTP ${res.status}`);
  return body;
}

function table<T>(models: T[], columns: string[], row: (m: T) => string[]): HTMLTableElement {
  const t = el('table');
  const head = t.createTHead().insertRow();
  for (const c of columns) head.appendChild(el('th', c));
  const body = t.createTBody();
  for (const m of models) {
    const r = body.insertRow();
    for (const cell of row(m)) r.appendChild(el('td', cell));
  }
  return t;
}

async function render(host: HTMLElement): Promise<void> {
  const type = host.dataset.type ?? 'table';
  const box = el('div', undefined, 'aipw');
  host.replaceChildren(box);
  try {
    if (type === 'table') {
      const { models } = await api<{ models: ModelRecord[] }>('/api/pricing', { provider: host.dataset.providers ?? '' });
      box.appendChild(table(models, ['Model', 'Provider', 'Input / 1M', 'Output / 1M', 'Context'], (m) => [m.name, m.provider, `$${m.input}`, `$${m.output}`, m.context]));
    } else if (type === 'badge') {
      const { model } = await api<{ model: ModelRecord }>('/api/pricing', { model: host.dataset.model ?? '' });
      box.appendChild(el('span', `${model.name}: $${model.input} / $${model.output} per 1M tokens`, 'aipw-badge'));
    } else if (type === 'compare') {
      const d = host.dataset;
      const { comparison } = await api<{ comparison: Array<ModelRecord & { costs: Costs }> }>('/api/compare', {
        models: d.models ?? '', input_tokens: d.inputTokens ?? '', output_tokens: d.outputTokens ?? '', requests_per_day: d.requestsPerDay ?? '',
      });
      box.appendChild(table(comparison, ['Model', 'Per request', 'Monthly'], (m) => [m.name, `$${m.costs.perRequest}`, `$${m.costs.monthly}`]));
    } else {
      throw new Error(`unknown data-type "${type}"`);
    }
  } catch (err) {
    box.replaceChildren(el('p', `AI pricing widget: ${(err as Error).message}`, 'aipw-error'));
  }
}

function scan(): void {
  for (const host of document.querySelectorAll<HTMLElement>('.ai-pricing-widget')) {
    if (host.hasAttribute(DONE)) continue;
    host.setAttribute(DONE, '');
    void render(host);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
else scan();
new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });
