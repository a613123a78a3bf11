/**
 * The site's script (/assets/site.js): the workload calculator, and sorting and filtering of the
 * server-rendered catalogue table. Costs come from the same core engine as the API (bundled in).
 */
import type { Model } from '../src/core/catalogue-schema.js';
import { calculateCost, MODES, type Mode, type Workload } from '../src/core/cost.js';
import { displayUsd } from '../src/core/display-usd.js';
import type { SiteModel } from '../src/http/pages/site.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

function start(): void {
  const data = $('catalogue-data');
  const table = $<HTMLTableElement>('models');
  const form = $<HTMLFormElement>('calc');
  const tbody = table?.tBodies[0];
  if (!data || !table || !form || !tbody) return;
  const models = JSON.parse(data.textContent ?? '[]') as SiteModel[];
  const rows = new Map<string, HTMLTableRowElement>();
  for (const tr of Array.from(tbody.rows)) rows.set(tr.dataset.id ?? '', tr);
  let sort: { col: number; dir: 1 | -1 } | undefined;

  // --- calculator -----------------------------------------------------------------------------
  const summary = $('calc-summary');
  const error = $('calc-error');
  const MONTHLY_COL = 7;

  function readWorkload(): Workload | string {
    const field = (name: string, min: number, max: number, label: string): number | string => {
      const input = form!.elements.namedItem(name) as HTMLInputElement;
      const text = input.value.trim();
      const value = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
      input.setAttribute('aria-invalid', String(!(value >= min && value <= max)));
      return value >= min && value <= max ? value : `${label} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`;
    };
    const inputTokens = field('input_tokens', 0, 100_000_000, 'Input tokens');
    const outputTokens = field('output_tokens', 0, 100_000_000, 'Output tokens');
    const requests = field('requests', 1, 1_000_000_000, 'Requests per day');
    const days = field('days', 1, 31, 'Days per month');
    const modeText = (form!.elements.namedItem('mode') as HTMLSelectElement).value;
    const mode = (MODES as readonly string[]).includes(modeText) ? (modeText as Mode) : 'standard';
    for (const v of [inputTokens, outputTokens, requests, days]) if (typeof v === 'string') return v;
    return { inputTokens: inputTokens as number, outputTokens: outputTokens as number, requests: requests as number, days: days as number, mode };
  }

  function recalculate(): void {
    const workload = readWorkload();
    if (typeof workload === 'string') {
      if (error) { error.textContent = workload; error.classList.remove('hidden'); }
      return;
    }
    if (error) { error.textContent = ''; error.classList.add('hidden'); }
    let best: { model: SiteModel; nanos: bigint; text: string } | undefined;
    for (const m of models) {
      // SiteModel carries every field the cost engine reads (prices, cached and long-context rates).
      const monthly = calculateCost(m as Model, workload).monthly;
      const cell = rows.get(m.id)?.cells[MONTHLY_COL];
      if (cell) {
        cell.textContent = displayUsd(monthly);
        cell.dataset.sort = monthly.nanos.toString();
      }
      if (!best || monthly.nanos < best.nanos) best = { model: m, nanos: monthly.nanos, text: displayUsd(monthly) };
    }
    if (summary && best) {
      const n = (v: number) => v.toLocaleString('en-US');
      const link = document.createElement('a');
      link.href = `/models/${encodeURIComponent(best.model.id)}`;
      link.textContent = best.model.name;
      summary.replaceChildren(
        `Cheapest for ${n(workload.inputTokens)} input + ${n(workload.outputTokens)} output tokens × ${n(workload.requests)} requests a day × ${workload.days} days (${workload.mode}): `,
        link,
        ` at ${best.text} a month.`,
      );
    }
    if (sort?.col === MONTHLY_COL) applySort();
  }
  form.addEventListener('input', recalculate);
  form.addEventListener('change', recalculate);
  form.addEventListener('submit', (event) => event.preventDefault());

  // --- sorting ----------------------------------------------------------------------------------
  const headers = Array.from(table.tHead?.rows[0]?.cells ?? []);
  const numeric = (th: HTMLTableCellElement) => th.classList.contains('num');

  function key(tr: HTMLTableRowElement, col: number): string {
    return tr.cells[col]?.dataset.sort ?? '';
  }

  function applySort(): void {
    if (!sort) return;
    const { col, dir } = sort;
    const th = headers[col];
    const isNumber = th ? numeric(th) : false;
    const sorted = Array.from(tbody!.rows).sort((a, b) => {
      const ka = key(a, col);
      const kb = key(b, col);
      let order: number;
      if (col === MONTHLY_COL) order = BigInt(ka) < BigInt(kb) ? -1 : BigInt(ka) > BigInt(kb) ? 1 : 0;
      else if (isNumber || col === 2) order = Number(ka) - Number(kb);
      else order = ka.localeCompare(kb);
      return order * dir;
    });
    tbody!.append(...sorted);
    headers.forEach((h, i) => (i === col ? h.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending') : h.removeAttribute('aria-sort')));
  }

  headers.forEach((th, col) => {
    th.querySelector('button')?.addEventListener('click', () => {
      sort = { col, dir: sort?.col === col ? (sort.dir === 1 ? -1 : 1) : 1 };
      applySort();
    });
  });

  // --- filtering --------------------------------------------------------------------------------
  const text = $<HTMLInputElement>('f-text');
  const provider = $<HTMLSelectElement>('f-provider');
  const tier = $<HTMLSelectElement>('f-tier');
  const count = $('f-count');
  const byId = new Map(models.map((m) => [m.id, m]));

  function applyFilter(): void {
    const words = (text?.value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const [id, tr] of rows) {
      const m = byId.get(id);
      const haystack = m ? `${m.name} ${m.provider} ${m.id}`.toLowerCase() : '';
      const ok = (!provider?.value || tr.dataset.provider === provider.value) &&
        (!tier?.value || tr.dataset.tier === tier.value) &&
        words.every((w) => haystack.includes(w));
      tr.hidden = !ok;
      if (ok) shown++;
    }
    if (count) count.textContent = shown === rows.size ? `${rows.size} models` : `${shown} of ${rows.size} models`;
  }
  for (const control of [text, provider, tier]) control?.addEventListener('input', applyFilter);

  recalculate();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
