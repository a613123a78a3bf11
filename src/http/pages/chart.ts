/**
 * The price-against-quality chart: inline SVG, drawn on the server (no script, no styles inline).
 * x is the monthly cost of one workload on a log scale, y the quality score; each point links to
 * the model's page and says its numbers in a <title>. The cheapest model of each quality level is labelled.
 */
import type { Model } from '../../core/catalogue-schema.js';
import type { Usd } from '../../core/money.js';
import { displayUsd } from '../../core/display-usd.js';
import { escapeHtml, modelPagePath } from '../../endpoints/present.js';

export interface ChartPoint {
  model: Model;
  monthly: Usd;
}

const W = 900;
const H = 420;
const M = { top: 20, right: 30, bottom: 50, left: 70 };

export function priceQualityChart(points: readonly ChartPoint[], workloadText: string): string {
  const priced = points.filter((p) => p.monthly.nanos > 0n);
  if (priced.length === 0) return '';
  // Positions only: the numbers shown come from displayUsd on the exact amounts.
  const values = priced.map((p) => Number(p.monthly.nanos) / 1e9);
  const lo = Math.floor(Math.log10(Math.min(...values)));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...values))));
  const x = (usd: number) => M.left + ((Math.log10(usd) - lo) / (hi - lo)) * (W - M.left - M.right);
  const y = (quality: number) => M.top + ((5.5 - quality) / 5) * (H - M.top - M.bottom);

  const parts: string[] = [];
  for (let q = 1; q <= 5; q++) {
    parts.push(`<line class="axis" x1="${M.left}" x2="${W - M.right}" y1="${y(q)}" y2="${y(q)}"/>`);
    parts.push(`<text x="${M.left - 10}" y="${y(q) + 4}" text-anchor="end">${q}</text>`);
  }
  for (let e = lo; e <= hi; e++) {
    const px = x(10 ** e);
    parts.push(`<line class="axis" x1="${px}" x2="${px}" y1="${M.top}" y2="${H - M.bottom}"/>`);
    const label = e >= 0 ? `$${(10 ** e).toLocaleString('en-US')}` : `$${(10 ** e).toFixed(-e)}`;
    // The last label ends at its line, so that it is not cut at the chart's right edge.
    parts.push(`<text x="${px}" y="${H - M.bottom + 18}" text-anchor="${e === hi ? 'end' : 'middle'}">${label}</text>`);
  }
  parts.push(`<text x="${(M.left + W - M.right) / 2}" y="${H - 8}" text-anchor="middle">Monthly cost (log scale)</text>`);
  // At x = 26 the title's glyphs, rotated, stay inside the chart at a phone's larger font (site.css).
  parts.push(`<text x="26" y="${(M.top + H - M.bottom) / 2}" text-anchor="middle" transform="rotate(-90 26 ${(M.top + H - M.bottom) / 2})">Quality (1–5)</text>`);

  const cheapestAt = new Map<number, ChartPoint>();
  for (const p of priced) {
    const best = cheapestAt.get(p.model.quality);
    if (!best || p.monthly.nanos < best.monthly.nanos) cheapestAt.set(p.model.quality, p);
  }
  const seenPerRow = new Map<number, number>();
  for (const p of priced) {
    const n = seenPerRow.get(p.model.quality) ?? 0;
    seenPerRow.set(p.model.quality, n + 1);
    // A small fixed vertical offset per point keeps equal scores from hiding each other.
    const cy = y(p.model.quality) + ((n % 5) - 2) * 5;
    const cx = x(Number(p.monthly.nanos) / 1e9);
    const title = `${p.model.name} (${p.model.provider}, ${p.model.tier}): ${displayUsd(p.monthly)} a month, quality ${p.model.quality}`;
    parts.push(
      `<a href="${escapeHtml(modelPagePath(p.model.id))}"><circle class="pt-${p.model.tier}" cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="6"><title>${escapeHtml(title)}</title></circle></a>`,
    );
    if (cheapestAt.get(p.model.quality) === p) {
      parts.push(`<text class="lbl" x="${(cx + 9).toFixed(1)}" y="${(cy - 8).toFixed(1)}">${escapeHtml(p.model.name)}</text>`);
    }
  }
  return `<figure>
<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="chart-title chart-desc">
<title id="chart-title">Price against quality</title>
<desc id="chart-desc">Each dot is a model: further right costs more for ${escapeHtml(workloadText)}, higher has a better quality score. The cheapest model at each quality level is named.</desc>
${parts.join('\n')}
</svg>
<figcaption>Monthly cost of ${escapeHtml(workloadText)}. Colours: <span class="tier tier-Budget">Budget</span> <span class="tier tier-Mid">Mid</span> <span class="tier tier-Premium">Premium</span>. The table below has the same numbers.</figcaption>
</figure>`;
}
