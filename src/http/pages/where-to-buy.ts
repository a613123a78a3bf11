/**
 * A model page's "Where to buy": every door to the model for the page's default workload, vetted
 * doors cheapest first, then those that cannot run it and those kept out, each with its seller,
 * kind, prices, monthly cost, source and date, and the reason where it is left out.
 */
import type { PricedDoor } from '../../core/offers/book.js';
import { rankDoors } from '../../core/offers/rank.js';
import { KEPT_OUT_TEXT } from '../../core/offers/vetting.js';
import { EXCLUSION_TEXT } from '../../core/pricing/fit.js';
import type { Costs, Workload } from '../../core/pricing/cost.js';
import { displayUsd } from '../../core/schema/display-usd.js';
import { formatPrice } from '../../badge/price-badge.js';
import { escapeHtml } from '../../lib/escape.js';

/** What a buyer must know of a door besides why it is left out: an older price than the maker's change, limits that are the model's, a source's unit error. */
export function doorNotes(door: PricedDoor): string[] {
  return [
    ...(door.predates ? [`${door.predates.text[0]?.toUpperCase()}${door.predates.text.slice(1)}.`] : []),
    ...(door.limitsFromModel.length
      ? [
          `No source gives this seller's ${door.limitsFromModel.map((l) => (l === 'contextTokens' ? 'context window' : 'largest output')).join(' or ')}: the model's is shown.`,
        ]
      : []),
    ...(door.door?.unitErrors ?? []).map(
      (u) => `${u.source} lists $${u.input} / $${u.output}, a unit error (${u.reason}): left out.`,
    ),
  ];
}

function row(door: PricedDoor, costs: Costs | undefined, why: string | undefined): string {
  const e = escapeHtml;
  const notes = [...doorNotes(door), ...(why ? [why] : [])];
  // Listed on the source's day, or in effect from the day a source dates the change.
  const when = door.own ? door.date : door.effectiveFrom ? `from ${door.effectiveFrom}` : `listed ${door.date}`;
  const p = door.priced;
  const seller = `${e(door.seller.name)}${door.own ? ' <span class="legacy">(the record\'s own)</span>' : ''}<br><code>${e(door.id)}</code>`;
  const source =
    door.sourceUrl && /^https?:\/\//.test(door.sourceUrl)
      ? `<a href="${e(door.sourceUrl)}" rel="noopener">${e(door.source)}</a>`
      : e(door.source);
  return (
    `<tr${why ? ' class="kept-out"' : ''}><td>${seller}</td><td>${e(door.seller.kind)}</td>` +
    `<td class="num">${p ? formatPrice(p.input) : '—'}</td><td class="num">${p ? formatPrice(p.output) : '—'}</td>` +
    `<td class="num">${costs ? displayUsd(costs.monthly) : '—'}</td><td>${e(when)}</td><td class="src">${source}${notes.map((n) => `<br><span class="legacy">${e(n)}</span>`).join('')}</td></tr>`
  );
}

export function whereToBuySection(modelId: string, doors: readonly PricedDoor[], workload: Workload): string {
  if (doors.length <= 1) return '';
  const { ranked, cannotRun, keptOut } = rankDoors(doors, workload);
  const rows = [
    ...ranked.map((c) => row(c.door, c.costs, undefined)),
    ...cannotRun.map((c) => row(c.door, c.costs, `Cannot run this workload: ${EXCLUSION_TEXT[c.problem]}.`)),
    ...keptOut.map((d) => row(d, undefined, `Kept out: ${KEPT_OUT_TEXT[d.keptOut ?? 'no_price']}.`)),
  ];
  const id = encodeURIComponent(modelId);
  return `<h2 id="where-to-buy">Where to buy</h2>
<p>${ranked.length} sellers sell this model as capacity for the workload above, cheapest first; ${keptOut.length} more are listed apart with the reason. Each door is a model id of its own: <code>${escapeHtml(modelId)}@&lt;seller&gt;</code>.</p>
<div class="table-wrap">
<table class="doors">
<caption>USD per 1M tokens; monthly cost of 2,000 input + 500 output tokens per request, 1,000 requests a day, 30 days.</caption>
<thead><tr><th scope="col">Seller</th><th scope="col">Kind</th><th scope="col" class="num">Input</th><th scope="col" class="num">Output</th><th scope="col" class="num">Monthly</th><th scope="col">Date</th><th scope="col">Source</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</div>
<p>As data: <a href="/api/offers?model=${escapeHtml(id)}"><code>/api/offers?model=${escapeHtml(modelId)}</code></a>.</p>`;
}
