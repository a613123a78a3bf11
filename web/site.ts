/**
 * The site's script (/assets/site.js): the workload calculator, which re-prices the catalogue
 * table, the headline and the chart with the same core engine and fit rules as the API (bundled
 * in; the page's first render comes from the same functions on the server), and the table's
 * sorting and filtering (site-table.ts).
 */
import type { UseCase } from '../src/core/catalogue-schema.js';
import { MODES, type Mode, type Workload } from '../src/core/cost.js';
import { priceQualityChart } from '../src/http/pages/chart.js';
import { headlineHtml, monthlyCell, priceAll, tableNoteText, workloadText, type SiteModel } from '../src/http/pages/site-model.js';
import { catalogueTable, MONTHLY_COL } from './site-table.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

/** The calculator's fields, as the API names and bounds them. */
const FIELDS = {
  input_tokens: { min: 0, max: 100_000_000, label: 'Input tokens' },
  output_tokens: { min: 0, max: 100_000_000, label: 'Output tokens' },
  requests: { min: 1, max: 1_000_000_000, label: 'Requests per day' },
  days: { min: 1, max: 31, label: 'Days per month' },
  cached_input_tokens: { min: 0, max: 100_000_000, label: 'Cached input tokens' },
  cache_write_tokens: { min: 0, max: 100_000_000, label: 'Cache-write tokens' },
  off_peak_share: { min: 0, max: 100, label: 'Off-peak share' },
} as const;
type FieldName = keyof typeof FIELDS;

/** The workload the form describes, or the sentence saying which field is wrong. */
function readWorkload(form: HTMLFormElement): Workload | string {
  const values = {} as Record<FieldName, number>;
  let problem: string | undefined;
  for (const [name, { min, max, label }] of Object.entries(FIELDS) as Array<[FieldName, (typeof FIELDS)[FieldName]]>) {
    const input = form.elements.namedItem(name) as HTMLInputElement | null;
    const text = input?.value.trim() ?? '';
    const value = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
    const ok = value >= min && value <= max;
    input?.setAttribute('aria-invalid', String(!ok));
    if (!ok) problem ??= `${label} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`;
    values[name] = value;
  }
  if (problem) return problem;
  if (values.cached_input_tokens + values.cache_write_tokens > values.input_tokens) {
    return 'Cached and cache-write tokens are parts of the input tokens: together they must not exceed the input tokens.';
  }
  const modeText = (form.elements.namedItem('mode') as HTMLSelectElement).value;
  return {
    inputTokens: values.input_tokens,
    outputTokens: values.output_tokens,
    requests: values.requests,
    days: values.days,
    mode: (MODES as readonly string[]).includes(modeText) ? (modeText as Mode) : 'standard',
    ...(values.cached_input_tokens ? { cachedInputTokens: values.cached_input_tokens } : {}),
    ...(values.cache_write_tokens ? { cacheWriteTokens: values.cache_write_tokens, cacheTtl: '5m' as const } : {}),
    ...(values.off_peak_share ? { timeOfDay: { offPeakPercent: values.off_peak_share } } : {}),
  };
}

function start(): void {
  const data = $('catalogue-data');
  const tableEl = $<HTMLTableElement>('models');
  const form = $<HTMLFormElement>('calc');
  if (!data || !tableEl || !form || !tableEl.tBodies[0]) return;
  const models = JSON.parse(data.textContent ?? '[]') as SiteModel[];
  const table = catalogueTable(tableEl, models);
  const summary = $('calc-summary');
  const error = $('calc-error');
  const chart = $('chart-figure');
  const note = $('fit-note');
  const useCaseSelect = $<HTMLSelectElement>('chart-use-case');
  // The select's options are the use cases (the server wrote them from USE_CASES); '' is overall.
  const useCase = (): UseCase | undefined => (useCaseSelect?.value ? (useCaseSelect.value as UseCase) : undefined);

  function recalculate(): void {
    const workload = readWorkload(form!);
    if (typeof workload === 'string') {
      if (error) { error.textContent = workload; error.classList.remove('hidden'); }
      return;
    }
    if (error) { error.textContent = ''; error.classList.add('hidden'); }
    const priced = priceAll(models, workload);
    table.unfit.clear();
    for (const p of priced) {
      if (p.exclusion === 'context_window' || p.exclusion === 'max_output') table.unfit.add(p.model.id);
      const cell = table.rows.get(p.model.id)?.cells[MONTHLY_COL];
      if (cell) {
        const { text, sort } = monthlyCell(p);
        cell.textContent = text;
        cell.dataset.sort = sort;
      }
    }
    // The same HTML the server renders, from the same functions; every catalogue value is escaped there.
    if (summary) summary.innerHTML = headlineHtml(priced, workload);
    if (chart) chart.innerHTML = priceQualityChart(priced, workloadText(workload), useCase());
    if (note) {
      note.textContent = tableNoteText(priced);
      note.classList.toggle('hidden', note.textContent === '');
    }
    table.refresh();
  }
  form.addEventListener('input', recalculate);
  form.addEventListener('change', recalculate);
  form.addEventListener('submit', (event) => event.preventDefault());
  useCaseSelect?.addEventListener('change', recalculate);
  recalculate();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
