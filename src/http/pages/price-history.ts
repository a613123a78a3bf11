/**
 * A model page's price history: every price set of its timeline, oldest first,
 * with the day it took effect, its prices, where it comes from, and which one is in force.
 */
import type { Model } from '../../core/schema/catalogue-schema.js';
import { priceTimeline, type PriceSet } from '../../core/pricing/history.js';
import { formatPrice } from '../../badge/price-badge.js';
import { escapeHtml } from '../../lib/escape.js';

function when(set: PriceSet, model: Model, current: PriceSet | undefined): string {
  const from = set.effectiveFrom === null ? 'As long as known' : escapeHtml(set.effectiveFrom);
  if (set === current) return `${from} <span class="legacy">(in force)</span>`;
  return set.effectiveFrom !== null && set.effectiveFrom > model.checkedOn
    ? `${from} <span class="legacy">(scheduled)</span>`
    : from;
}

export function priceHistorySection(model: Model): string {
  const sets = priceTimeline(model);
  // The set in force on the day the prices were checked: the last one that started by then.
  const current = sets.filter((s) => s.effectiveFrom === null || s.effectiveFrom <= model.checkedOn).at(-1);
  const cached = sets.some((s) => s.cachedInput !== undefined);
  const rows = sets.map((s) => {
    const note = s.note ? `<br><span class="legacy">${escapeHtml(s.note)}</span>` : '';
    return (
      `<tr><td>${when(s, model, current)}</td><td class="num">${formatPrice(s.input)}</td><td class="num">${formatPrice(s.output)}</td>` +
      (cached ? `<td class="num">${s.cachedInput === undefined ? '—' : formatPrice(s.cachedInput)}</td>` : '') +
      `<td class="src">${escapeHtml(s.source)}${note}</td></tr>`
    );
  });
  const id = encodeURIComponent(model.id);
  return `<h2 id="history">Price history</h2>
<div class="table-wrap">
<table class="history">
<caption>USD per 1M tokens, by the day each price took effect.</caption>
<thead><tr><th scope="col">From</th><th scope="col" class="num">Input</th><th scope="col" class="num">Output</th>${cached ? '<th scope="col" class="num">Cached input</th>' : ''}<th scope="col">Source</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</div>
<p>As data: <a href="/api/changes?model=${escapeHtml(id)}"><code>/api/changes?model=${escapeHtml(model.id)}</code></a>, or as a feed: <a href="/api/changes?model=${escapeHtml(id)}&amp;format=atom">Atom</a>.</p>`;
}
