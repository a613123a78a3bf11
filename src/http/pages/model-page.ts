/** A model's own page (`/models/<id>`): what badges and the widget link to. */
import type { BenchmarkResult } from '../../core/quality/benchmarks.js';
import type { Model } from '../../core/schema/catalogue-schema.js';
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import { monthlyCost } from '../../core/pricing/cost.js';
import { closestModelIds } from '../../core/advice/closest-ids.js';
import { priceFacts } from '../../core/catalogue/price-facts.js';
import { formatPrice, priceMessage } from '../../badge/price-badge.js';
import { displayUsd } from '../../core/schema/display-usd.js';
import { escapeHtml, modelPagePath } from '../../lib/escape.js';
import { addressed, pageFrame, snippetBase } from './html.js';
import { benchmarksSection } from './benchmarks-section.js';
import { priceHistorySection } from './price-history.js';
import { whereToBuySection } from './where-to-buy.js';
import type { PricedDoor } from '../../core/offers/book.js';

/** What a model served only on a free tier is, on its page (the rankings leave it out). */
const FREE_TIER_ONLY =
  "Free tier only: the provider serves this model only on a free, rate-limited tier and sells no paid capacity for it, so its $0 prices are not a price you can pay to run a workload. The cheapest and recommend answers and the site's headline leave it out (include_free_tier=true brings it back).";

function fact(term: string, value: string): string {
  return `<dt>${term}</dt><dd>${value}</dd>`;
}

/**
 * The page of `model`; `requestedId` is the alias the address used, when it used one; `change`, a
 * price change within twelve months of today ("rises 100% on 2027-01-01"); `doors`, where to buy it.
 */
export function modelPage(
  model: Model,
  benchmarks: readonly BenchmarkResult[],
  baseUrl: string,
  requestedId?: string,
  change?: string,
  doors: readonly PricedDoor[] = [],
): string {
  const e = escapeHtml;
  const id = encodeURIComponent(model.id);
  // The snippets are pasted elsewhere: absolute, from BASE_URL or the page's script (addressed).
  const base = snippetBase(baseUrl);
  const badgeUrl = `${base}/api/badge?model=${id}`;
  const pageUrl = `${base}${modelPagePath(model.id)}`;
  const workload = { inputTokens: 2000, outputTokens: 500, requests: 1000, days: 30, mode: 'standard' as const };
  const costs = monthlyCost(model, workload);
  const useCases = Object.entries(model.useCases)
    .filter(([, score]) => (score ?? 0) > 0)
    .map(([name, score]) => `${e(name)} ${score}/5`)
    .join(', ');
  const facts = [
    fact('Provider', e(model.provider)),
    fact('Tier', `<span class="tier tier-${model.tier}">${model.tier}</span>`),
    fact('Input', `${formatPrice(model.input)} per 1M tokens`),
    fact('Output', `${formatPrice(model.output)} per 1M tokens`),
    model.cachedInput === undefined ? '' : fact('Cached input', `${formatPrice(model.cachedInput)} per 1M tokens`),
    change === undefined ? '' : fact('Price change', `${e(change)}: the prices above are today's`),
    ...priceFacts(
      model,
      formatPrice,
      doors.find((d) => d.own && d.seller.slug === model.referenceDoor?.seller)?.seller.name,
    ).map(([term, text]) => fact(term, e(text))),
    fact('Context window', `${e(model.context)} (${model.contextTokens.toLocaleString('en-US')} tokens)`),
    model.maxOutputTokens === undefined
      ? ''
      : fact('Max output', `${model.maxOutputTokens.toLocaleString('en-US')} tokens`),
    fact('Quality', `${model.quality} / 5`),
    useCases ? fact('Use cases', useCases) : '',
    model.freeTierOnly ? fact('Availability', FREE_TIER_ONLY) : '',
    fact('Status', model.status),
    fact(
      'Price verified',
      `${e(model.verified)} (checked ${e(model.checkedOn)}) — <a href="${e(model.sourceUrl)}" rel="noopener">${model.referenceDoor?.rule === 'median-direct' ? "seller's" : "provider's"} pricing page</a>`,
    ),
    model.priceNote ? fact('Note', e(model.priceNote)) : '',
    fact('Id', `<code>${e(model.id)}</code>`),
    model.aliases ? fact('Also known as', model.aliases.map((a) => `<code>${e(a)}</code>`).join(', ')) : '',
  ].join('\n');
  const markdown = `[![${model.name} price](${badgeUrl})](${pageUrl})`;
  const html = `<a href="${e(pageUrl)}"><img src="${e(badgeUrl)}" alt="${e(`${model.name} price`)}"></a>`;
  const main = `<p><a href="/#catalogue">← All models</a></p>
<h1>${e(model.name)}</h1>
${requestedId ? `<p><code>${e(requestedId)}</code> is an alias of this model.</p>\n` : ''}<p class="lead">${e(model.provider)} · ${e(priceMessage(model))}${change ? ` · <strong>${e(change)}</strong>` : ''}${model.freeTierOnly ? ' · free tier only' : ''} · ${e(model.context)} context</p>
<p><img src="/api/badge?model=${e(id)}" alt="${e(`${model.name}: ${priceMessage(model)}`)}"></p>
<dl class="facts">
${facts}
</dl>
<h2>What a workload costs</h2>
<p>2,000 input + 500 output tokens per request, 1,000 requests a day, 30 days: <b>${displayUsd(costs.perRequest)}</b> a request, <b>${displayUsd(costs.monthly)}</b> a month. <a href="/#calculator">Try your own workload</a> or ask the API: <a href="/api/calculate?model=${e(id)}"><code>/api/calculate?model=${e(model.id)}</code></a>.</p>
${whereToBuySection(model.id, doors, workload)}
${benchmarksSection(model, benchmarks)}
${priceHistorySection(model)}
<h2>Embed the badge</h2>
<p>Markdown:</p>
<pre>${addressed(e(markdown))}</pre>
<p>HTML:</p>
<pre>${addressed(e(html))}</pre>
<p>shields.io: <code>https://img.shields.io/endpoint?url=${addressed(e(encodeURIComponent(`${badgeUrl}&format=shields`)))}</code></p>
<p>Widget: <code>&lt;div class="ai-pricing-widget" data-type="badge" data-model="${e(model.id)}"&gt;&lt;/div&gt;</code> with <code>&lt;script async src="${addressed(e(base))}/widget.js"&gt;&lt;/script&gt;</code></p>`;
  return pageFrame({
    title: `${model.name} pricing: ${priceMessage(model)}`,
    description: `${model.name} by ${model.provider}: ${priceMessage(model)} tokens.`,
    main,
    // It fills in the snippets' address when BASE_URL is unset.
    script: baseUrl === '',
  });
}

export function modelNotFoundPage(catalogue: Catalogue, id: string): string {
  const suggestions = closestModelIds(catalogue, id);
  const list = suggestions
    .map((s) => `<li><a href="${escapeHtml(modelPagePath(s))}">${escapeHtml(s)}</a></li>`)
    .join('');
  const cut = id.length > 60 ? `${id.slice(0, 60)}…` : id;
  const main = `<h1>No such model</h1>
<p>There is no model with the id <code>${escapeHtml(cut)}</code>.${suggestions.length ? ' Did you mean:' : ''}</p>
${list ? `<ul>${list}</ul>` : ''}
<p><a href="/#catalogue">See all models</a>.</p>`;
  return pageFrame({ title: 'No such model', description: 'No model with this id.', main });
}
