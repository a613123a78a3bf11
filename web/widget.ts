/**
 * The embeddable widget (/widget.js): renders every element with class `ai-pricing-widget` by its
 * `data-type` — `table` (data-providers), `badge` (data-model), `compare` (data-models and the
 * workload attributes) — from the API of the origin this script was loaded from. Each widget lives
 * in its own Shadow DOM, so its styles neither leak into the page nor break from it, and everything
 * from the API or from attributes is set as text, never parsed as HTML. No dependencies.
 */

interface ModelRecord { id: string; name: string; provider: string; tier: string; input: number; output: number; context: string }
interface Costs { perRequest: number; daily: number; monthly: number; yearly: number }
interface CompareBody {
  workload: { input_tokens: number; output_tokens: number; requests_per_day: number; days: number };
  comparison: Array<{ id: string; name: string; provider: string; tier: string; costs: Costs }>;
  summary: { cheapest: { name: string; monthly: number }; mostExpensive: { name: string; monthly: number }; savings: { monthly: number; percent: number } };
}

const CLASS = 'ai-pricing-widget';
const script = document.currentScript as HTMLScriptElement | null;
const API = new URL(
  script?.src || document.querySelector<HTMLScriptElement>('script[src*="widget.js"]')?.src || location.href,
).origin;

const STYLES = `
:host{all:initial;display:block;contain:content;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;
--fg:#1f2328;--muted:#59636e;--bg:#fff;--line:#d1d9e0;--head:#f6f8fa;--link:#0969da;--err:#b42318;
--Budget:#1a7f37;--Mid:#0969da;--Premium:#8250df}
:host([data-type=badge]){display:inline-block;max-width:100%}
:host([data-theme=dark]){--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--line:#3d444d;--head:#151b23;--link:#4493f8;--err:#ff7b72;--Budget:#238636;--Mid:#1f6feb;--Premium:#8957e5}
@media (prefers-color-scheme:dark){:host([data-theme=auto]){--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--line:#3d444d;--head:#151b23;--link:#4493f8;--err:#ff7b72;--Budget:#238636;--Mid:#1f6feb;--Premium:#8957e5}}
.w{color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:8px;overflow-x:auto;container-type:inline-size}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
caption{text-align:left;color:var(--muted);padding:0 4px 6px;font-size:12px}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);white-space:nowrap}
th{background:var(--head);font-weight:600}
.n{text-align:right}
a{color:var(--link);text-decoration:none}a:hover{text-decoration:underline}
p{margin:6px 4px 0}
.muted,.foot{color:var(--muted);font-size:12px}
.err{color:var(--err)}
.b{display:inline-flex;max-width:100%;border-radius:4px;overflow:hidden;font-size:12px;line-height:20px;color:#fff}
.b span{padding:0 7px;white-space:nowrap}.b .l{background:#555;min-width:0;overflow:hidden;text-overflow:ellipsis}
@container (max-width:32rem){.opt{display:none}th,td{padding:5px 4px;white-space:normal}td.n{white-space:nowrap}}
.Budget{background:var(--Budget)}.Mid{background:var(--Mid)}.Premium{background:var(--Premium)}
`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function link(text: string, id: string): HTMLAnchorElement {
  const a = el('a', text);
  a.href = `${API}/models/${encodeURIComponent(id)}`;
  a.target = '_blank';
  a.rel = 'noopener';
  return a;
}

/**
 * A USD amount for reading: exact decimal text from the API, shown with cents from $1 up (rounded
 * half up on the decimal digits, so no float rounding creeps in) and in full below $1.
 */
function usd(amount: number): string {
  const text = String(amount);
  if (/e/i.test(text) || amount < 1) return `$${text}`;
  const [whole = '0', fraction = ''] = text.split('.');
  let cents = BigInt(whole + (fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${grouped}.${digits.slice(-2)}`;
}

/** A price per 1M tokens exactly as the API gives it: `$1.25`, `$10`. */
const price = (n: number) => `$${n}`;

const count = (n: number) => n.toLocaleString('en-US');

async function api<T>(path: string, params: Record<string, string | undefined>): Promise<T> {
  const url = new URL(path, API);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url);
  } catch {
    throw new Error(`cannot reach ${API}`);
  }
  const body = (await res.json().catch(() => ({}))) as T & { error?: { message?: string } };
  if (!res.ok) throw new Error(body.error?.message ?? `the API answered ${res.status}`);
  return body;
}

/** A table; `numeric` columns are right-aligned, `optional` ones left out in a narrow widget (the CSS's container query). */
function table(caption: string, columns: string[], rows: Array<Array<string | Node>>, numeric: number[], optional: number[] = []): HTMLTableElement {
  const classOf = (i: number) => [numeric.includes(i) ? 'n' : '', optional.includes(i) ? 'opt' : ''].filter(Boolean).join(' ');
  const t = el('table');
  t.createCaption().textContent = caption;
  const head = t.createTHead().insertRow();
  columns.forEach((c, i) => {
    const th = el('th', c, classOf(i));
    th.scope = 'col';
    head.appendChild(th);
  });
  const body = t.createTBody();
  for (const cells of rows) {
    const tr = body.insertRow();
    cells.forEach((cell, i) => {
      const td = el('td', undefined, classOf(i));
      td.append(cell);
      tr.appendChild(td);
    });
  }
  return t;
}

async function renderTable(box: HTMLElement, d: DOMStringMap): Promise<void> {
  const { models } = await api<{ models: ModelRecord[] }>('/api/pricing', { provider: d.providers });
  box.append(
    table(
      'AI model prices, USD per 1M tokens',
      ['Model', 'Provider', 'Input', 'Output', 'Context'],
      models.map((m) => [link(m.name, m.id), m.provider, price(m.input), price(m.output), m.context]),
      [2, 3, 4],
      [1, 4],
    ),
  );
}

async function renderBadge(box: HTMLElement, d: DOMStringMap): Promise<void> {
  if (!d.model) throw new Error('add data-model="<model id>" to show a badge');
  const { model } = await api<{ model: ModelRecord }>('/api/pricing', { model: d.model });
  const a = link('', model.id);
  a.className = 'b';
  a.setAttribute('aria-label', `${model.name}: ${price(model.input)} input, ${price(model.output)} output per 1M tokens`);
  a.append(el('span', model.name, 'l'), el('span', `${price(model.input)} / ${price(model.output)} per 1M`, model.tier));
  box.className = '';
  box.append(a);
}

async function renderCompare(box: HTMLElement, d: DOMStringMap): Promise<void> {
  if (!d.models) throw new Error('add data-models="<id>,<id>" (2 to 10 model ids) to compare');
  const body = await api<CompareBody>('/api/compare', {
    models: d.models,
    input_tokens: d.inputTokens,
    output_tokens: d.outputTokens,
    requests_per_day: d.requestsPerDay,
  });
  const w = body.workload;
  box.append(
    table(
      `${count(w.input_tokens)} input + ${count(w.output_tokens)} output tokens, ${count(w.requests_per_day)} requests a day, ${w.days} days a month`,
      ['Model', 'Per request', 'Per day', 'Per month'],
      body.comparison.map((m) => [link(m.name, m.id), usd(m.costs.perRequest), usd(m.costs.daily), usd(m.costs.monthly)]),
      [1, 2, 3],
    ),
  );
  const s = body.summary;
  box.append(
    el('p', `Cheapest: ${s.cheapest.name} at ${usd(s.cheapest.monthly)} a month, ${usd(s.savings.monthly)} (${s.savings.percent}%) less than ${s.mostExpensive.name}.`),
  );
}

const RENDERERS: Record<string, (box: HTMLElement, d: DOMStringMap) => Promise<void>> = {
  table: renderTable,
  badge: renderBadge,
  compare: renderCompare,
};

async function render(host: HTMLElement): Promise<void> {
  let root: ShadowRoot | HTMLElement;
  try {
    root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  } catch {
    root = host; // An element that cannot host a shadow root: render in place, unscoped.
  }
  const style = el('style', STYLES);
  const box = el('div', undefined, 'w');
  const status = el('p', 'Loading AI model prices…', 'muted');
  status.setAttribute('role', 'status');
  box.append(status);
  root.replaceChildren(style, box);
  const type = host.dataset.type ?? 'table';
  try {
    const renderer = Object.hasOwn(RENDERERS, type) ? RENDERERS[type] : undefined;
    if (!renderer) throw new Error(`data-type must be table, badge or compare; got "${type.slice(0, 40)}"`);
    const content = el('div', undefined, 'w');
    await renderer(content, host.dataset);
    if (content.className) {
      const home = el('a', 'AI model pricing');
      home.href = `${API}/`;
      home.target = '_blank';
      home.rel = 'noopener';
      const source = el('p', 'Prices: ', 'foot');
      source.append(home);
      content.append(source);
    }
    box.replaceWith(content);
  } catch (err) {
    const message = el('p', `AI pricing widget: ${(err as Error).message}`, 'err');
    message.setAttribute('role', 'alert');
    box.replaceChildren(message);
  }
}

const rendered = new WeakMap<HTMLElement, string>();

/** Renders widgets that are new or whose data attributes changed since they were last drawn. */
function scan(): void {
  for (const host of document.querySelectorAll<HTMLElement>(`.${CLASS}`)) {
    const signature = JSON.stringify(host.dataset);
    if (rendered.get(host) === signature) continue;
    rendered.set(host, signature);
    void render(host);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
else scan();
new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'data-type', 'data-model', 'data-models', 'data-providers', 'data-input-tokens', 'data-output-tokens', 'data-requests-per-day'] });
