/**
 * The /reprice page's script (/assets/reprice.js, its own bundle: the parsers stay out of site.js):
 * a usage export chosen or dropped is read here (File API) with the service's own parsers
 * (core/usage), and only its rows go to POST /api/reprice (format=rows). The form never leaves the
 * page: Enter, the button and a change of the targets price the file held again. The answer becomes
 * a chart of cost per day (a dated x-axis, a dollar y-axis, a legend; each line its own colour, dash
 * and width, the earlier ones wider beneath, so that two that coincide both show) and a table, every
 * amount printed as the site prints money (displayUsd).
 */
import { toColumns } from '../src/core/usage/csv.js';
import { parseUsageText } from '../src/core/usage/formats.js';
import { UsageError } from '../src/core/usage/rows.js';
import { displayUsd } from '../src/core/schema/display-usd.js';
import { parseScaled, Usd } from '../src/core/schema/money.js';
import { DAY_MS } from '../src/core/pricing/time-of-day.js';

type Plain = Record<string, unknown>;
const SVG = 'http://www.w3.org/2000/svg';

/** The names a person reads in the chart's legend and the table's headings. */
const AT_LIST_PRICES = "at each day's list prices";
const AT_TODAY = "at today's prices";
const AS_REPORTED = 'as your export reported';

/** Each series' look: colour, width and dash; the earlier are wider, drawn beneath, so a later one on top leaves them showing. */
const LOOKS: ReadonlyArray<{ colour: string; width: number; dash: string }> = [
  { colour: '#1f77b4', width: 7, dash: '' },
  { colour: '#ff7f0e', width: 3, dash: '9 5' },
  { colour: '#2ca02c', width: 2.5, dash: '' },
  { colour: '#d62728', width: 2.5, dash: '2 4' },
  { colour: '#9467bd', width: 2.5, dash: '12 4 3 4' },
  { colour: '#8c564b', width: 2.5, dash: '6 3' },
];
const REPORTED_LOOK = { colour: '#59636e', width: 2, dash: '1 5' };

/** An amount of the answer (a JSON number, or the exact text of one no number prints) in nano-dollars. */
function nanosOf(v: unknown): bigint | undefined {
  return typeof v === 'number' || typeof v === 'string' ? parseScaled(v, 9) : undefined;
}

/** An amount as the site shows money. */
function money(v: unknown): string {
  const nanos = nanosOf(v);
  return nanos === undefined ? '' : displayUsd(new Usd(nanos));
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className) e.className = className;
  return e;
}

function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

interface Series {
  name: string;
  look: { colour: string; width: number; dash: string };
  /** Per day, in nano-dollars; undefined where the day has none (a day the export reports no cost for). */
  values: Array<bigint | undefined>;
}

/** A target as shown: its id, and the door picked for it (`<model-id>@cheapest`). */
function targetName(t: Plain): string {
  return typeof t.door === 'string' ? `${String(t.id)} (${t.door})` : String(t.id);
}

/** The series of an answer: at each day's list prices, at today's, each target, and what the export reported. */
function seriesOf(a: Plain): Series[] {
  const days = (a.days as Plain[] | undefined) ?? [];
  const targets = (a.targets as Plain[] | undefined) ?? [];
  const priced: Array<[string, (d: Plain) => unknown]> = [
    [AT_LIST_PRICES, (d) => d.cost],
    [AT_TODAY, (d) => d.today],
    ...targets.map((t): [string, (d: Plain) => unknown] => [
      `on ${targetName(t)}`,
      (d) => (d.targets as Plain | undefined)?.[String(t.id)],
    ]),
  ];
  const out: Series[] = priced.map(([name, read], i) => ({
    name,
    look: LOOKS[i % LOOKS.length]!,
    values: days.map((d) => nanosOf(read(d))),
  }));
  if (days.some((d) => d.reported !== undefined))
    out.push({ name: AS_REPORTED, look: REPORTED_LOOK, values: days.map((d) => nanosOf(d.reported)) });
  return out;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Days since 1970 of a YYYY-MM-DD date, or undefined for another form. */
function dayNumber(date: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : undefined;
}

/** "Nov 3" for 2026-11-03 (the axis title gives the first and last dates whole). */
function shortDate(date: string): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${MONTHS[Number(m[1]) - 1]} ${Number(m[2])}` : date;
}

/** A round step for about `count` ticks up to `max` (1, 2 or 5 times a power of ten). */
function niceStep(max: number, count: number): number {
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((f) => f * power >= raw) ?? 10) * power;
}

/** The pairs of series with the same value every day: the legend says so, as one line lies on the other. */
function coinciding(series: readonly Series[]): Map<string, string> {
  const same = new Map<string, string>();
  series.forEach((s, i) => {
    const twin = series.slice(0, i).find((t) => t.values.every((v, k) => v === s.values[k]));
    if (twin) same.set(s.name, twin.name);
  });
  return same;
}

/** The chart, drawn at the figure's own width in CSS pixels so that its text is the page's size. */
function drawChart(figure: HTMLElement, a: Plain): void {
  figure.querySelector('svg.reprice-chart')?.remove();
  figure.querySelector('ul.legend')?.remove();
  const series = seriesOf(a);
  const dates = ((a.days as Plain[] | undefined) ?? []).map((d) => String(d.date));
  const n = dates.length;
  const w = Math.max(280, Math.round(figure.clientWidth || 640));
  const h = w < 500 ? 240 : 300;
  const M = { top: 12, right: 16, bottom: 48, left: 72 };
  const numbers = dates.map(dayNumber);
  const dated = numbers.every((d) => d !== undefined) && n > 0;
  const first = dated ? (numbers[0] as number) : 0;
  const span = dated ? (numbers[n - 1] as number) - first : n - 1;
  const x = (k: number) => {
    const at = dated ? (numbers[k] as number) - first : k;
    return M.left + (span === 0 ? (w - M.left - M.right) / 2 : (at / span) * (w - M.left - M.right));
  };
  const maxUsd = Math.max(1e-9, ...series.flatMap((s) => s.values.map((v) => (v === undefined ? 0 : Number(v) / 1e9))));
  const step = niceStep(maxUsd, 4);
  const top = Math.ceil(maxUsd / step - 1e-9) * step;
  const y = (usd: number) => M.top + (1 - usd / top) * (h - M.top - M.bottom);

  const svg = svgEl('svg', { class: 'reprice-chart', viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: 'img' });
  svg.append(
    svgEl(
      'title',
      {},
      `Cost per day, ${dates[0] ?? ''} to ${dates[n - 1] ?? ''}: ${series.map((s) => s.name).join(', ')}`,
    ),
  );
  // The dollar axis: round amounts, each printed as the site prints money.
  for (let k = 0; k * step <= top + step / 1e6; k++) {
    const usd = k * step;
    svg.append(svgEl('line', { class: 'grid', x1: M.left, x2: w - M.right, y1: y(usd), y2: y(usd) }));
    svg.append(
      svgEl(
        'text',
        { class: 'tick-y', x: M.left - 6, y: y(usd) + 4, 'text-anchor': 'end' },
        displayUsd(new Usd(BigInt(Math.round(usd * 1e9)))),
      ),
    );
  }
  // The dated axis: a tick each day; a date under the first, the last, and each tick at least 64 px from the last named and from the end.
  let lastNamed = -Infinity;
  for (let k = 0; k < n; k++) {
    const named = k === 0 || k === n - 1 || (x(k) - lastNamed >= 64 && x(n - 1) - x(k) >= 64);
    if (named) lastNamed = x(k);
    svg.append(
      svgEl('line', { class: 'grid', x1: x(k), x2: x(k), y1: h - M.bottom, y2: h - M.bottom + (named ? 5 : 3) }),
    );
    if (named)
      svg.append(
        svgEl(
          'text',
          {
            class: 'tick-x',
            x: x(k),
            y: h - M.bottom + 18,
            'text-anchor': n > 1 && k === 0 ? 'start' : k === n - 1 && n > 1 ? 'end' : 'middle',
          },
          shortDate(dates[k] ?? ''),
        ),
      );
  }
  svg.append(svgEl('line', { class: 'axis', x1: M.left, x2: w - M.right, y1: h - M.bottom, y2: h - M.bottom }));
  svg.append(
    svgEl(
      'text',
      { class: 'axis-title', x: (M.left + w - M.right) / 2, y: h - 8, 'text-anchor': 'middle' },
      `Day (${dates[0] ?? ''} to ${dates[n - 1] ?? ''})`,
    ),
  );
  svg.append(
    svgEl(
      'text',
      {
        class: 'axis-title',
        x: 14,
        y: (M.top + h - M.bottom) / 2,
        'text-anchor': 'middle',
        transform: `rotate(-90 14 ${(M.top + h - M.bottom) / 2})`,
      },
      'USD per day',
    ),
  );

  for (const s of series) {
    const points = s.values.flatMap((v, k) =>
      v === undefined ? [] : [`${x(k).toFixed(1)},${y(Number(v) / 1e9).toFixed(1)}`],
    );
    const g = svgEl('g', { 'data-series': s.name });
    g.append(svgEl('title', {}, s.name));
    g.append(
      svgEl('polyline', {
        points: points.join(' '),
        fill: 'none',
        stroke: s.look.colour,
        'stroke-width': s.look.width,
        'stroke-linejoin': 'round',
        'stroke-linecap': s.look.dash ? 'butt' : 'round',
        ...(s.look.dash ? { 'stroke-dasharray': s.look.dash } : {}),
      }),
    );
    // A lone day is a point, not a line: a dot shows it.
    if (points.length === 1) {
      const [cx, cy] = (points[0] as string).split(',');
      g.append(
        svgEl('circle', { cx: cx as string, cy: cy as string, r: Math.max(3, s.look.width), fill: s.look.colour }),
      );
    }
    svg.append(g);
  }
  figure.prepend(svg);

  const same = coinciding(series);
  const legend = el('ul', undefined, 'legend');
  legend.setAttribute('aria-label', 'Legend');
  for (const s of series) {
    const item = el('li');
    item.dataset.series = s.name;
    const swatch = svgEl('svg', { width: 36, height: 12, viewBox: '0 0 36 12', 'aria-hidden': 'true' });
    swatch.append(
      svgEl('line', {
        x1: 2,
        x2: 34,
        y1: 6,
        y2: 6,
        stroke: s.look.colour,
        'stroke-width': Math.min(s.look.width, 7),
        ...(s.look.dash ? { 'stroke-dasharray': s.look.dash } : {}),
      }),
    );
    item.append(swatch, ` ${s.name}`);
    const twin = same.get(s.name);
    if (twin) item.append(el('span', ` (the same as ${twin} every day: it lies on that line)`, 'muted'));
    legend.append(item);
  }
  svg.after(legend);
  figure.classList.remove('hidden');
}

function showResult(out: HTMLElement, a: Plain): void {
  out.replaceChildren();
  const named = (a.targets as Plain[] | undefined) ?? [];
  const targets = named.map((t) => String(t.id));
  // The table scrolls inside its box when it is wider than the page; the words above it stay in view.
  const about = el(
    'p',
    "Cost per day: what the usage costs at the list prices in force on each day, at today's prices, on each model you named (at today's prices), and what your export reported.",
    'muted',
  );
  about.id = 'reprice-table-about';
  const wrap = el('div', undefined, 'table-wrap');
  const table = el('table');
  table.id = 'reprice-table';
  table.setAttribute('aria-labelledby', about.id);
  const head = el('tr');
  for (const t of [
    'Date',
    `Ours ${AT_LIST_PRICES}`,
    `Ours ${AT_TODAY}`,
    ...named.map((t) => `On ${targetName(t)}`),
    `Cost ${AS_REPORTED}`,
  ]) {
    const th = el('th', t);
    th.scope = 'col';
    head.append(th);
  }
  table.createTHead().append(head);
  const body = table.createTBody();
  const row = (label: string, s: Plain, reported: unknown) => {
    const tr = el('tr');
    const values = [
      money(s.cost),
      money(s.today),
      ...targets.map((id) => money((s.targets as Plain | undefined)?.[id])),
      reported === undefined ? '—' : money(reported),
    ];
    const th = el('th', label);
    th.scope = 'row';
    tr.append(th);
    for (const v of values) tr.append(el('td', v, 'num'));
    body.append(tr);
    return tr;
  };
  for (const d of (a.days as Plain[]) ?? []) row(String(d.date), d, d.reported);
  const totals = a.totals as Plain;
  const reported = totals.reported as Plain | undefined;
  row('Total', totals, reported?.cost).className = 'total';
  wrap.append(table);
  out.append(about, wrap);
  const notes = el('ul');
  if (reported)
    notes.append(
      el(
        'li',
        `Over the ${String(reported.rows)} rows that report a cost, your export reported ${money(reported.cost)} where ours ${AT_LIST_PRICES} is ${money(reported.ours)} (${String(reported.ratio)} times ours); ${String(reported.mismatches)} reported as $0 for a priced model (mismatch).`,
      ),
    );
  for (const u of (a.unknownModels as Plain[]) ?? []) {
    const near = (u.suggestions as string[]).length ? ` Nearest: ${(u.suggestions as string[]).join(', ')}.` : '';
    notes.append(
      el(
        'li',
        `Not priced: ${String(u.model ?? '(no model)')} (${(u.rows as number[]).length} rows). ${String(u.reason)}${near}`,
      ),
    );
  }
  for (const e of (a.errors as Plain[]) ?? [])
    notes.append(el('li', `Row ${String(e.row)}, ${String(e.field)}: ${String(e.message)}`));
  out.append(notes);
}

function startReprice(): void {
  const form = document.getElementById('reprice-form') as HTMLFormElement | null;
  const input = document.getElementById('reprice-file') as HTMLInputElement | null;
  const drop = document.getElementById('reprice-drop');
  const status = document.getElementById('reprice-status');
  const out = document.getElementById('reprice-result');
  const figure = document.getElementById('reprice-chart');
  const targets = document.getElementById('reprice-targets') as HTMLInputElement | null;
  if (!form || !input || !drop || !status || !out || !figure || !targets) return;
  // The export held: read once, priced again whenever the targets change.
  let held: { name: string; rows: Array<Record<string, string | number>> } | undefined;
  let shown: Plain | undefined;
  // Only the answer to the latest request is shown: an earlier one that arrives late is dropped.
  let asked = 0;

  async function price(): Promise<void> {
    if (!held) {
      status!.textContent = 'Choose or drop a usage export first.';
      return;
    }
    const mine = ++asked;
    const query = new URLSearchParams({ format: 'rows' });
    if (targets!.value.trim()) query.set('targets', targets!.value.trim());
    status!.textContent = `Pricing ${held.rows.length} rows of ${held.name}…`;
    let res: Response;
    let answer: Plain;
    try {
      res = await fetch(`/api/reprice?${query.toString()}`, {
        method: 'POST',
        body: JSON.stringify(held.rows),
        headers: { 'content-type': 'application/json' },
      });
      answer = (await res.json()) as Plain;
    } catch {
      if (mine === asked) status!.textContent = 'The service could not be reached; try again.';
      return;
    }
    if (mine !== asked) return;
    if (!res.ok) {
      status!.textContent = String((answer.error as Plain | undefined)?.message ?? `Error ${res.status}`);
      return;
    }
    const read = answer.read as Plain;
    status!.textContent = `Priced ${String(read.pricedRows)} of ${String(read.rows)} rows of ${held.name}.`;
    shown = answer;
    showResult(out!, answer);
    drawChart(figure!, answer);
  }

  async function take(file: File | undefined): Promise<void> {
    if (!file) return;
    status!.textContent = `Reading ${file.name}…`;
    try {
      const parsed = parseUsageText(await file.text());
      held = { name: file.name, rows: parsed.rows.map(toColumns) };
    } catch (e) {
      held = undefined;
      status!.textContent = e instanceof UsageError ? e.message : 'The file could not be read.';
      return;
    }
    await price();
  }

  // Enter in the targets box and the button: priced here, never a navigation.
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void price();
  });
  targets.addEventListener('change', () => {
    if (held) void price();
  });
  input.addEventListener('change', () => void take(input.files?.[0]));
  drop.addEventListener('dragover', (e) => e.preventDefault());
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    void take(e.dataTransfer?.files[0]);
  });
  // The chart is drawn at the figure's width: again when that changes (a phone turned).
  let width = figure.clientWidth;
  window.addEventListener('resize', () => {
    if (shown && figure.clientWidth !== width) {
      width = figure.clientWidth;
      drawChart(figure, shown);
    }
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startReprice);
else startReprice();
