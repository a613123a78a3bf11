/**
 * The embeddable widget (/widget.js): renders every element with class `ai-pricing-widget` by its
 * `data-type` — `table` (data-providers, data-status), `badge` (data-model), `compare` (data-models and the
 * workload attributes) — from the API of the origin this script was loaded from. Each widget lives
 * in its own Shadow DOM, so its styles neither leak into the page nor break from it, and everything
 * from the API or from attributes is set as text, never parsed as HTML. No dependencies.
 */

interface ModelRecord {
  id: string;
  name: string;
  provider: string;
  tier: string;
  status?: string;
  input: number;
  output: number;
  context: string;
  freeTierOnly?: boolean;
  priceChange?: string;
  modalities?: { input: string[]; output: string[] };
}

import { API, api, el, link, price, table } from './widget-dom.js';
import { renderCompare } from './widget-compare.js';
import { WORKLOAD_ATTRIBUTES } from './widget-attributes.js';

const CLASS = 'ai-pricing-widget';

// Only a box holding a table is a size container (.q): a container's width ignores its content,
// so a message in an inline badge's box would shrink to its padding, one letter per line.
const STYLES = `
:host{all:initial;display:block;contain:content;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;
--fg:#1f2328;--muted:#59636e;--bg:#fff;--line:#d1d9e0;--head:#f6f8fa;--link:#0969da;--err:#b42318;
--Budget:#1a7f37;--Mid:#0969da;--Premium:#8250df}
:host([data-type=badge]){display:inline-block;max-width:100%}
:host([data-theme=dark]){--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--line:#3d444d;--head:#151b23;--link:#4493f8;--err:#ff7b72;--Budget:#238636;--Mid:#1f6feb;--Premium:#8957e5}
@media (prefers-color-scheme:dark){:host([data-theme=auto]){--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--line:#3d444d;--head:#151b23;--link:#4493f8;--err:#ff7b72;--Budget:#238636;--Mid:#1f6feb;--Premium:#8957e5}}
.w{color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:8px;overflow-x:auto}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
caption{text-align:left;color:var(--muted);padding:0 4px 6px;font-size:12px}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);white-space:nowrap}
th{background:var(--head);font-weight:600}
.n{text-align:right}
a{color:var(--link);text-decoration:none}a:hover{text-decoration:underline}
p{margin:6px 4px 0}
.muted,.foot{color:var(--muted);font-size:12px}
.err{color:var(--err)}.chg{color:var(--err);font-size:12px}
.q{container-type:inline-size}
.warn{margin:6px 4px 0;padding-left:18px;color:var(--err);font-size:12px}
.b{display:inline-flex;flex-wrap:wrap;max-width:100%;border-radius:4px;overflow:hidden;font-size:12px;line-height:20px;color:#fff}
.b span{padding:0 7px;white-space:nowrap}.b .l{background:#555;min-width:0;max-width:100%;overflow:hidden;text-overflow:ellipsis}
.b .m,.b .note{flex-grow:1}.b .m:has(+.note){padding-right:0}.b .note{padding-left:7px}
@container (max-width:32rem){.opt{display:none}th,td{padding:5px 4px;white-space:normal}td.n{white-space:nowrap}}
.Budget{background:var(--Budget)}.Mid{background:var(--Mid)}.Premium{background:var(--Premium)}
`;

/** The table's `data-status` choices: current models by default, as the API's rankings weigh them. */
const STATUSES = ['current', 'legacy', 'all'] as const;

async function renderTable(box: HTMLElement, d: DOMStringMap): Promise<void> {
  const status = d.status ?? 'current';
  if (!(STATUSES as readonly string[]).includes(status))
    throw new Error(`data-status must be current, legacy or all; got "${status.slice(0, 40)}"`);
  // Every status asked for, so that the table can say how many it leaves out.
  const { models: every } = await api<{ models: ModelRecord[] }>('/api/pricing', {
    provider: d.providers,
    status: 'all',
  });
  const models = status === 'all' ? every : every.filter((m) => (m.status ?? 'current') === status);
  const name = (m: ModelRecord) => {
    // What it takes and gives, where a source says (text, image → text).
    const mods = m.modalities ? `${m.modalities.input.join(', ')} → ${m.modalities.output.join(', ')}` : '';
    if (!m.freeTierOnly && m.status !== 'legacy' && !m.priceChange && !mods) return link(m.name, m.id);
    // Its $0 is a free, rate-limited tier, not a price anyone can pay for capacity; a legacy model is
    // an older one still sold, marked as the site marks it; a scheduled change means the prices
    // shown do not last.
    const cell = el('span');
    cell.append(link(m.name, m.id));
    if (m.status === 'legacy') cell.append(' ', el('span', '(legacy)', 'muted'));
    if (m.freeTierOnly) cell.append(' ', el('span', 'free tier only', 'muted'));
    if (m.priceChange) cell.append(' ', el('span', `price ${m.priceChange}`, 'chg'));
    if (mods) cell.append(' ', el('span', mods, 'muted'));
    return cell;
  };
  box.classList.add('q');
  box.append(
    table(
      `AI model prices, USD per 1M tokens${status === 'all' ? '' : `, ${status} models`}`,
      ['Model', 'Provider', 'Input', 'Output', 'Context'],
      models.map((m) => [name(m), m.provider, price(m.input), price(m.output), m.context]),
      [2, 3, 4],
      [1, 4],
    ),
  );
  const left = every.length - models.length;
  if (left) {
    const other = status === 'current' ? 'legacy' : 'current';
    box.append(
      el(
        'p',
        `${left} ${other} ${left === 1 ? 'model' : 'models'} left out: data-status="all" lists ${left === 1 ? 'it' : 'them'}.`,
        'foot',
      ),
    );
  }
}

async function renderBadge(box: HTMLElement, d: DOMStringMap): Promise<void> {
  if (!d.model) throw new Error('add data-model="<model id>" to show a badge');
  const { model } = await api<{ model: ModelRecord }>('/api/pricing', { model: d.model });
  const a = link('', model.id);
  a.className = 'b';
  const free = model.freeTierOnly ? 'free tier only: ' : '';
  const change = model.priceChange ? `; price ${model.priceChange}` : '';
  a.setAttribute(
    'aria-label',
    `${model.name}: ${free}${price(model.input)} input, ${price(model.output)} output per 1M tokens${change}`,
  );
  a.append(
    el('span', model.name, 'l'),
    el('span', `${free}${price(model.input)} / ${price(model.output)} per 1M`, `${model.tier} m`),
  );
  // The note of a price change goes on a line of its own where the badge would not fit on one (flex-wrap).
  if (model.priceChange) a.append(el('span', ` · ${model.priceChange}`, `${model.tier} note`));
  box.className = '';
  box.append(a);
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
new MutationObserver(scan).observe(document.documentElement, {
  childList: true,
  subtree: true,
  attributes: true,
  attributeFilter: [
    'class',
    'data-type',
    'data-model',
    'data-models',
    'data-providers',
    'data-status',
    ...Object.keys(WORKLOAD_ATTRIBUTES).map((k) => `data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`),
  ],
});
