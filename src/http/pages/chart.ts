/**
 * The price-against-quality chart: inline SVG (no script, no inline styles), drawn by the server
 * for the first render and by /assets/site.js after each change to the calculator. x is the
 * monthly cost of the workload on a log scale, y the quality score; each point links to the
 * model's page and says its numbers in a <title>. The cheapest model of each quality level is
 * labelled where its label clears every dot (chart-labels.ts). Models the headline leaves out,
 * and $0 costs (a log scale has no place for them), are not drawn; the caption says how many and why.
 */
import { displayUsd } from '../../core/display-usd.js';
import { escapeHtml, modelPagePath } from '../../endpoints/escape.js';
import { placeLabels, type Dot } from './chart-labels.js';
import { leftOut, whyText, type Priced } from './site-model.js';

const W = 900;
const H = 420;
const M = { top: 20, right: 30, bottom: 50, left: 70 };

function notDrawn(priced: readonly Priced[]): string {
  const why = whyText(leftOut(priced));
  const zero = priced.filter((p) => !p.exclusion && p.monthly.nanos === 0n).length;
  const parts = [
    why,
    zero ? `${zero} ${zero === 1 ? 'model that costs' : 'models that cost'} $0 for this workload (a log scale has no place for $0)` : '',
  ].filter(Boolean);
  return parts.length ? ` Not drawn: ${escapeHtml(parts.join('; '))}.` : '';
}

export function priceQualityChart(all: readonly Priced[], workloadText: string): string {
  const priced = all.filter((p) => !p.exclusion && p.monthly.nanos > 0n);
  const caption = `<figcaption>Monthly cost of ${escapeHtml(workloadText)}. Colours: <span class="tier tier-Budget">Budget</span> <span class="tier tier-Mid">Mid</span> <span class="tier tier-Premium">Premium</span>. The table below has the same numbers.${notDrawn(all)}</figcaption>`;
  if (priced.length === 0) return `<figure><p>No model has a cost to draw for this workload.</p>\n${caption}</figure>`;
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

  const cheapestAt = new Map<number, Priced>();
  for (const p of priced) {
    const best = cheapestAt.get(p.model.quality);
    if (!best || p.monthly.nanos < best.monthly.nanos) cheapestAt.set(p.model.quality, p);
  }
  const seenPerRow = new Map<number, number>();
  const dots = new Map<Priced, Dot>();
  for (const p of priced) {
    const n = seenPerRow.get(p.model.quality) ?? 0;
    seenPerRow.set(p.model.quality, n + 1);
    // A small fixed vertical offset per point keeps equal scores from hiding each other.
    const dot = { cx: Math.round(x(Number(p.monthly.nanos) / 1e9) * 10) / 10, cy: Math.round((y(p.model.quality) + ((n % 5) - 2) * 5) * 10) / 10 };
    dots.set(p, dot);
    const title = `${p.model.name} (${p.model.provider}, ${p.model.tier}): ${displayUsd(p.monthly)} a month, quality ${p.model.quality}`;
    parts.push(
      `<a href="${escapeHtml(modelPagePath(p.model.id))}"><circle class="pt-${p.model.tier}" cx="${dot.cx}" cy="${dot.cy}" r="6"><title>${escapeHtml(title)}</title></circle></a>`,
    );
  }
  // Labels after every dot, so that none is painted under one.
  const labelled = [...cheapestAt.values()].map((p) => ({ text: p.model.name, dot: dots.get(p)! }));
  const places = placeLabels(labelled, [...dots.values()], { left: M.left, top: 0, right: W, bottom: H - M.bottom });
  labelled.forEach(({ text }, i) => {
    const place = places[i];
    if (place) parts.push(`<text class="lbl" x="${place.x.toFixed(1)}" y="${place.y.toFixed(1)}" text-anchor="${place.anchor}">${escapeHtml(text)}</text>`);
  });
  return `<figure>
<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="chart-title chart-desc">
<title id="chart-title">Price against quality</title>
<desc id="chart-desc">Each dot is a model: further right costs more for ${escapeHtml(workloadText)}, higher has a better quality score. The cheapest model at each quality level is named.</desc>
${parts.join('\n')}
</svg>
${caption}
</figure>`;
}
