/**
 * The site's home page (`/`): the catalogue table (sortable and filterable by /assets/site.js),
 * the workload calculator and the price-against-quality chart. Rendered in full on the server,
 * with the default workload's costs, so it reads right before (or without) the script.
 */
import { regionField, sellerField } from './site-doors.js';
import { siteDoors, siteRegions } from './site-doors-data.js';
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import { modalitiesShort } from '../../core/catalogue/price-facts.js';
import { TIERS, USE_CASES, type Model } from '../../core/schema/catalogue-schema.js';
import { MODES, SERVICE_TIERS, type Mode, type ServiceTier } from '../../core/pricing/cost.js';
import { MAX_WEB_SEARCHES, type PART_NAMES } from '../../endpoints/part-rules.js';
import { formatPrice } from '../../badge/price-badge.js';
import type { RequestContext } from '../../endpoints/endpoint.js';
import { priceQualityChart } from './chart.js';
import { escapeHtml, modelPagePath } from '../../lib/escape.js';
import { addressed, jsonForScript, pageFrame, snippetBase } from './html.js';
import { pricedToday, withPriceChanges } from '../../core/advice/as-priced.js';
import {
  DEFAULT_WORKLOAD,
  frontierQuery,
  headlineHtml,
  hidden,
  inPool,
  monthlyCell,
  priceAll,
  siteModel,
  STATUS_CHOICES,
  tableNoteText,
  workloadText,
  type Priced,
  type SiteModel,
} from './site-model.js';

/** The calculator's mode options, named for what each is: a planning margin, a provider's discount. */
export const MODE_LABELS: Record<Mode, string> = {
  standard: 'standard',
  streaming: 'streaming (+15% output margin)',
  batch: "batch (provider's batch discount, where offered)",
};

/** The service tiers as the calculator offers them: what each is, where a provider sells it. */
export const TIER_LABELS: Record<ServiceTier, string> = {
  standard: 'standard',
  flex: 'flex (slower, cheaper, where sold)',
  priority: 'priority (faster, dearer, where sold)',
  fast: 'fast (where sold)',
};

/** The advanced fields for the parts of a request billed apart, under the API's names. */
const PART_FIELDS: ReadonlyArray<[(typeof PART_NAMES)[number], string]> = [
  ['input_audio_tokens', 'Audio input tokens per request'],
  ['cached_audio_tokens', 'Cached audio tokens per request'],
  ['input_image_tokens', 'Image input tokens per request'],
  ['input_video_tokens', 'Video input tokens per request'],
  ['reasoning_tokens', 'Reasoning tokens per request'],
  ['output_audio_tokens', 'Audio output tokens per request'],
  ['output_image_tokens', 'Image output tokens per request'],
  ['output_video_tokens', 'Video output tokens per request'],
  ['web_searches', 'Web searches per request'],
];

function numberField(name: string, label: string, value: number, min: number, max: number): string {
  return `<label for="calc-${name}">${label}<input id="calc-${name}" name="${name}" type="number" inputmode="numeric" min="${min}" max="${max}" step="1" value="${value}" required></label>`;
}

function row(p: Priced<Model & { priceChange?: string }>): string {
  const m = p.model;
  const change = m.priceChange ? ` <span class="chg">price ${escapeHtml(m.priceChange)}</span>` : '';
  const cell = monthlyCell(p);
  const legacy = m.status === 'legacy' ? ' <span class="legacy">(legacy)</span>' : '';
  const takes = modalitiesShort(m);
  const mods = takes
    ? ` <span class="mods" title="Takes and gives (${escapeHtml(m.modalities?.source ?? '')})">${escapeHtml(takes)}</span>`
    : '';
  // A model that cannot run the workload is hidden, as the headline leaves it out, and so is one not
  // in the pool (current models, as the API's rankings by default) (site.js keeps both in step).
  const unfit = hidden(p) || !inPool(m, 'current');
  return (
    `<tr data-id="${escapeHtml(m.id)}" data-provider="${escapeHtml(m.providerSlug)}" data-tier="${m.tier}"${unfit ? ' hidden' : ''}>` +
    `<td data-sort="${escapeHtml(m.name.toLowerCase())}"><a href="${escapeHtml(modelPagePath(m.id))}">${escapeHtml(m.name)}</a>${legacy}${change}${mods}</td>` +
    `<td class="opt" data-sort="${escapeHtml(m.provider.toLowerCase())}">${escapeHtml(m.provider)}</td>` +
    `<td class="opt" data-sort="${TIERS.indexOf(m.tier)}"><span class="tier tier-${m.tier}">${m.tier}</span></td>` +
    `<td class="num" data-sort="${m.input}">${formatPrice(m.input)}</td>` +
    `<td class="num" data-sort="${m.output}">${formatPrice(m.output)}</td>` +
    `<td class="num opt" data-sort="${m.contextTokens}">${escapeHtml(m.context)}</td>` +
    `<td class="num opt" data-sort="${m.quality}">${m.quality}</td>` +
    `<td class="num monthly${m.freeTierOnly ? ' free' : ''}" data-sort="${cell.sort}">${escapeHtml(cell.text)}</td>` +
    // Unrated sorts below every score (-1): it has no number.
    `<td class="num opt score" data-sort="${typeof m.scores?.overall === 'number' ? m.scores.overall : -1}">${m.scores?.overall ?? 'unrated'}</td></tr>`
  );
}

const rendered = new WeakMap<Catalogue, { today: string; baseUrl: string; text: string }>();

/**
 * The home page: rendered once per catalogue and day (it names the price changes within twelve
 * months of today); the same for every Host (its one absolute address, in the widget snippet, is
 * BASE_URL's or put in by the page's script: addressed()).
 */
export function sitePage({ catalogue, baseUrl, today }: RequestContext): string {
  let page = rendered.get(catalogue);
  if (page?.today !== today || page.baseUrl !== baseUrl) {
    page = { today, baseUrl, text: renderSitePage(catalogue, baseUrl, today) };
    rendered.set(catalogue, page);
  }
  return page.text;
}

function renderSitePage(catalogue: Catalogue, baseUrl: string, today: string): string {
  // Each model with the price change within twelve months of today, if any (priceChange).
  const models = withPriceChanges(catalogue.models, today);
  const w = DEFAULT_WORKLOAD;
  const providers = catalogue.providers
    .map((p) => `<option value="${escapeHtml(p.slug)}">${escapeHtml(p.name)}</option>`)
    .join('');
  const priced = priceAll(models, w);
  // The page's data, which the headline and the chart read as the browser does (variants marked).
  const site = models.map((m): SiteModel => {
    const head = catalogue.headOf.get(m.id);
    return head ? { ...siteModel(m), variantOf: head.id } : siteModel(m);
  });
  const pool = priceAll(site, w);
  const asPriced = pricedToday({ catalogue, today });
  // Each region's doors, for the region choice (region= on the API).
  const regions = siteRegions(asPriced);
  const note = tableNoteText(priced.filter((p) => inPool(p.model, 'current')));
  const shown = priced.filter((p) => !hidden(p) && inPool(p.model, 'current')).length;
  const columns = [
    'Model',
    'Provider',
    'Tier',
    'Input / 1M',
    'Output / 1M',
    'Context',
    'Quality',
    'Monthly cost',
    'Score',
  ];
  const numeric = new Set([3, 4, 5, 6, 7, 8]);
  // Left out on a phone (site.css), so that the model, its prices and the monthly cost fit.
  const optional = new Set([1, 2, 5, 6, 8]);
  const head = columns
    .map((c, i) => {
      const classes = [numeric.has(i) ? 'num' : '', optional.has(i) ? 'opt' : ''].filter(Boolean).join(' ');
      return `<th scope="col"${classes ? ` class="${classes}"` : ''} data-col="${i}"><button type="button">${c}</button></th>`;
    })
    .join('');
  const main = `<h1>AI model pricing</h1>
<p class="lead">What ${models.length} AI language models from ${catalogue.providers.length} providers cost, in USD per million tokens, checked ${escapeHtml(catalogue.lastUpdated)}. Work out what your workload costs on each, sort and filter the catalogue, or use the free JSON API, the price badge and the embeddable widget.</p>

<section id="calculator" aria-labelledby="calc-h">
<h2 id="calc-h">Workload calculator</h2>
<div class="panel">
<form class="calc" id="calc" novalidate>
${numberField('input_tokens', 'Input tokens per request', w.inputTokens, 0, 100_000_000)}
${numberField('output_tokens', 'Output tokens per request', w.outputTokens, 0, 100_000_000)}
${numberField('requests', 'Requests per day', w.requests, 1, 1_000_000_000)}
${numberField('days', 'Days per month', w.days, 1, 31)}
<label for="calc-status">Models<select id="calc-status" name="status">${STATUS_CHOICES.map((c) => `<option value="${c}">${c === 'current' ? 'current (as the API ranks by default)' : c === 'all' ? 'all (legacy marked)' : c}</option>`).join('')}</select></label>
<label for="calc-mode">Mode<select id="calc-mode" name="mode">${MODES.map((m) => `<option value="${m}"${m === w.mode ? ' selected' : ''}>${escapeHtml(MODE_LABELS[m])}</option>`).join('')}</select></label>
${sellerField()}
${regionField(Object.keys(regions))}
<details class="advanced"><summary>Advanced: prompt cache, off-peak hours, service tier, reasoning, audio, image, video and web searches</summary>
<div class="calc">
${numberField('cached_input_tokens', 'Cached input tokens per request', 0, 0, 100_000_000)}
${numberField('cache_write_tokens', 'Cache-write tokens per request', 0, 0, 100_000_000)}
${numberField('off_peak_share', 'Off-peak share of requests (%)', 0, 0, 100)}
<label for="calc-service_tier">Service tier<select id="calc-service_tier" name="service_tier">${SERVICE_TIERS.map((t) => `<option value="${t}">${escapeHtml(TIER_LABELS[t])}</option>`).join('')}</select></label>
</div>
<div class="calc">
${PART_FIELDS.map(([name, label]) => numberField(name, label, 0, 0, name === 'web_searches' ? MAX_WEB_SEARCHES : 100_000_000)).join('\n')}
</div>
<p>The API's names: cached and written tokens are parts of the input tokens (read at the model's cached-input price, written at its 5-minute cache-write price, or the input price where it publishes none); the off-peak share is the percent of requests run in the off-peak window of models with off-peak prices. The service tier prices each model at its own flex, priority or fast prices where it is sold on that tier (standard prices where not). Audio, image and video input tokens are parts of the input tokens (cached audio a part of both the audio and the cached tokens), reasoning, audio, image and video output tokens parts of the output tokens, each billed at the model's price for it (its text price where it publishes none); web searches are per request.</p>
</details>
</form>
<p class="summary" id="calc-summary" aria-live="polite">${headlineHtml(pool, w)}</p>
<p id="calc-error" class="hidden" role="alert"></p>
</div>
<p>The <b>Monthly cost</b> column of the catalogue below and the chart follow this workload; the fields take the same names and values as the API's (<code>input_tokens</code>, <code>output_tokens</code>, <code>requests</code>, <code>days</code>, <code>mode</code>, <code>cached_input_tokens</code>, <code>cache_write_tokens</code>, <code>off_peak_share</code>, <code>service_tier</code>, <code>reasoning_tokens</code>, <code>input_audio_tokens</code> and the other parts). Streaming adds this API's 15% planning margin to output (no provider bills it); batch uses each provider's own batch discount where it offers a batch API, standard rates where it does not. Prompts above a model's long-context threshold are priced at its long-context rates. The cheapest named above is a model that can run the request and whose capacity can be bought: models whose context window or largest output is too small are left out, and so are models served only on a free, rate-limited tier.</p>
</section>

<section id="chart" aria-labelledby="chart-h">
<h2 id="chart-h">Price against quality</h2>
<p class="filters"><label for="chart-use-case">Score for<select id="chart-use-case"><option value="">overall</option>${USE_CASES.map((u) => `<option>${u}</option>`).join('')}</select></label></p>
<div id="chart-figure">${priceQualityChart(pool, workloadText(w), undefined, { status: 'current', query: frontierQuery(w, undefined, 'current') })}</div>
<p>Scores are 0-100, derived from public leaderboards (Artificial Analysis, LMArena, LiveBench, Aider, SWE-bench) by one documented rule; each model's page lists its benchmarks with their dates and sources. The headline, the chart and the table show the models the calculator's <b>Models</b> field picks (current ones by default, as the API's rankings), each family of variants once in the chart.</p>
</section>

<section id="catalogue" aria-labelledby="cat-h">
<h2 id="cat-h">Catalogue</h2>
<div class="filters" role="search">
<label for="f-text">Search<input id="f-text" type="search" placeholder="name, provider or id" autocomplete="off"></label>
<label for="f-provider">Provider<select id="f-provider"><option value="">All providers</option>${providers}</select></label>
<label for="f-tier">Tier<select id="f-tier"><option value="">All tiers</option>${TIERS.map((t) => `<option>${t}</option>`).join('')}</select></label>
<p id="f-count" aria-live="polite">${shown === models.length ? `${shown} models` : `${shown} of ${models.length} models`}</p>
</div>
<p id="fit-note"${note ? '' : ' class="hidden"'}>${escapeHtml(note)}</p>
<div class="table-wrap">
<table id="models">
<caption>Prices per million tokens; monthly cost of the calculator's workload; Score: the overall 0-100 benchmark score ("unrated": no public benchmark) ("free tier only": the provider serves the model only on a free, rate-limited tier, so its $0 is not a price you can pay for capacity). Select a column heading to sort.</caption>
<thead><tr>${head}</tr></thead>
<tbody>
${priced.map(row).join('\n')}
</tbody>
</table>
</div>
</section>

<section id="embed" aria-labelledby="embed-h">
<h2 id="embed-h">Embed</h2>
<p>A price badge: <code>/api/badge?model=&lt;id&gt;</code> (each model's page has the snippets). A live widget on any page:</p>
<pre>&lt;script async src="${addressed(escapeHtml(snippetBase(baseUrl)))}/widget.js"&gt;&lt;/script&gt;
&lt;div class="ai-pricing-widget" data-type="compare" data-models="id-1,id-2"&gt;&lt;/div&gt;</pre>
</section>
<script type="application/json" id="catalogue-data">${jsonForScript(site)}</script>
<script type="application/json" id="doors-data">${jsonForScript(siteDoors(asPriced))}</script>
<script type="application/json" id="regions-data">${jsonForScript(regions)}</script>`;
  return pageFrame({
    title: 'AI model pricing: prices and cost calculator',
    description: `Prices of ${models.length} AI language models per million tokens, a workload cost calculator and a free JSON API.`,
    main,
    script: true,
  });
}
