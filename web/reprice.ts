/**
 * The /reprice page's script (/assets/reprice.js, its own bundle: the parsers stay out of site.js): a usage export chosen or dropped is read here (File API) with the service's
 * own parsers (core/usage), and only its rows go to POST /api/reprice (format=rows); the answer
 * becomes a table of cost per day and a chart (as billed, at today's prices, per target).
 */
import { toColumns } from '../src/core/usage/columns.js';
import { parseUsageText } from '../src/core/usage/formats.js';
import { UsageError } from '../src/core/usage/rows.js';
import { displayUsd } from '../src/core/schema/display-usd.js';
import { parseScaled, Usd } from '../src/core/schema/money.js';

type Plain = Record<string, unknown>;
const SVG = 'http://www.w3.org/2000/svg';
const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b'];
/** An amount of the answer (a JSON number, or the exact text of one no number prints) as the site shows money. */
function money(v: unknown): string {
  const nanos = typeof v === 'number' || typeof v === 'string' ? parseScaled(v, 9) : undefined;
  return nanos === undefined ? '' : displayUsd(new Usd(nanos));
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The series to draw: as billed, today, and each target, a value per day. */
function seriesOf(a: Plain): Array<{ name: string; values: number[] }> {
  const days = (a.days as Plain[]) ?? [];
  const targets = ((a.targets as Plain[] | undefined) ?? []).map((t) => String(t.id));
  return [
    { name: 'as billed', values: days.map((d) => Number(d.cost)) },
    { name: "at today's prices", values: days.map((d) => Number(d.today)) },
    ...targets.map((id) => ({ name: id, values: days.map((d) => Number((d.targets as Plain)[id])) })),
  ];
}

function drawChart(figure: HTMLElement, a: Plain): void {
  figure.querySelector('svg')?.remove();
  const series = seriesOf(a);
  const n = series[0]?.values.length ?? 0;
  const max = Math.max(1e-9, ...series.flatMap((s) => s.values));
  const [w, h, pad] = [640, 240, 30];
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `Cost per day over ${n} days`);
  series.forEach((s, i) => {
    const line = document.createElementNS(SVG, 'polyline');
    const x = (k: number) => pad + (n <= 1 ? (w - 2 * pad) / 2 : (k * (w - 2 * pad)) / (n - 1));
    const y = (v: number) => h - pad - (v / max) * (h - 2 * pad);
    line.setAttribute('points', s.values.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(' '));
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', COLOURS[i % COLOURS.length] as string);
    line.setAttribute('stroke-width', '2');
    line.setAttribute('data-series', s.name);
    const title = document.createElementNS(SVG, 'title');
    title.textContent = s.name;
    line.append(title);
    svg.append(line);
  });
  figure.prepend(svg);
  figure.classList.remove('hidden');
}

function showResult(out: HTMLElement, a: Plain): void {
  out.replaceChildren();
  const targets = ((a.targets as Plain[] | undefined) ?? []).map((t) => String(t.id));
  const table = el('table');
  table.id = 'reprice-table';
  const head = el('tr');
  for (const t of ['Date', 'As billed', "Today's prices", ...targets, 'Reported']) head.append(el('th', t));
  table.append(head);
  const row = (label: string, s: Plain, reported: unknown) => {
    const tr = el('tr');
    for (const v of [label, money(s.cost), money(s.today), ...targets.map((id) => money((s.targets as Plain)[id])), money(reported)]) tr.append(el('td', v));
    table.append(tr);
    return tr;
  };
  for (const d of (a.days as Plain[]) ?? []) row(String(d.date), d, d.reported);
  const totals = a.totals as Plain;
  const reported = totals.reported as Plain | undefined;
  row('Total', totals, reported?.cost).className = 'total';
  out.append(table);
  const notes = el('ul');
  if (reported) notes.append(el('li', `Reported / ours: ${String(reported.ratio)} over ${String(reported.rows)} rows; ${String(reported.mismatches)} reported as $0 for a priced model (mismatch).`));
  for (const u of (a.unknownModels as Plain[]) ?? []) {
    const near = (u.suggestions as string[]).length ? ` Nearest: ${(u.suggestions as string[]).join(', ')}.` : '';
    notes.append(el('li', `Not priced: ${String(u.model ?? '(no model)')} (${(u.rows as number[]).length} rows). ${String(u.reason)}${near}`));
  }
  for (const e of (a.errors as Plain[]) ?? []) notes.append(el('li', `Row ${String(e.row)}, ${String(e.field)}: ${String(e.message)}`));
  out.append(notes);
}

async function priceFile(file: File, targets: string, status: HTMLElement, out: HTMLElement, figure: HTMLElement): Promise<void> {
  status.textContent = `Reading ${file.name}…`;
  let rows: Array<Record<string, string | number>>;
  try {
    const parsed = parseUsageText(await file.text());
    rows = parsed.rows.map(toColumns);
    status.textContent = `Read ${parsed.rows.length} rows (${parsed.format}); pricing…`;
  } catch (e) {
    status.textContent = e instanceof UsageError ? e.message : 'The file could not be read.';
    return;
  }
  const query = new URLSearchParams({ format: 'rows' });
  if (targets.trim()) query.set('targets', targets.trim());
  const res = await fetch(`/api/reprice?${query.toString()}`, { method: 'POST', body: JSON.stringify(rows), headers: { 'content-type': 'application/json' } });
  const answer = (await res.json()) as Plain;
  if (!res.ok) {
    status.textContent = String((answer.error as Plain | undefined)?.message ?? `Error ${res.status}`);
    return;
  }
  status.textContent = `Priced ${String((answer.read as Plain).pricedRows)} of ${String((answer.read as Plain).rows)} rows.`;
  showResult(out, answer);
  drawChart(figure, answer);
}

function startReprice(): void {
  const input = document.getElementById('reprice-file') as HTMLInputElement | null;
  const drop = document.getElementById('reprice-drop');
  const status = document.getElementById('reprice-status');
  const out = document.getElementById('reprice-result');
  const figure = document.getElementById('reprice-chart');
  const targets = document.getElementById('reprice-targets') as HTMLInputElement | null;
  if (!input || !drop || !status || !out || !figure || !targets) return;
  const go = (file: File | undefined) => {
    if (file) void priceFile(file, targets.value, status, out, figure);
  };
  input.addEventListener('change', () => go(input.files?.[0]));
  drop.addEventListener('dragover', (e) => e.preventDefault());
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    go(e.dataTransfer?.files[0]);
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startReprice);
else startReprice();
