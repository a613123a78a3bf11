/**
 * The price-against-quality chart: inline SVG (no script, no inline styles), drawn by the server
 * for the first render and by /assets/site.js after each change to the calculator or the use case.
 * x is the monthly cost of the workload on a log scale, y the model's 0-100 benchmark score for
 * the chosen use case (overall without one); each point links to the model's page and says its
 * numbers in a <title>. The models on the price-score frontier (no other model both cheaper and
 * better) are ringed, joined by a line and named (where a label clears every
 * dot). Models the headline leaves out, unrated models and $0 costs (a log
 * scale has no place for them) are not drawn; the caption says how many and why.
 */
import type { UseCase } from '../../core/schema/catalogue-schema.js';
import { displayUsd } from '../../core/schema/display-usd.js';
import { onFrontier } from '../../core/advice/frontier.js';
import { escapeHtml, modelPagePath } from '../../lib/escape.js';
import { placeLabels, type Dot } from './chart-labels.js';
import { inPool, leftOut, whyText, type Priced, type StatusFilter } from './site-model.js';

const W = 900;
const H = 420;
// The left margin holds "100" at a phone's font clear of the rotated axis title.
const M = { top: 20, right: 30, bottom: 50, left: 110 };

/** The score the chart plots, or undefined when unrated (read without the scores module, which the browser bundle leaves out). */
export const scoreOf = (p: Priced, useCase: UseCase | undefined): number | undefined => {
  const score = p.model.scores?.[useCase ?? 'overall'];
  return typeof score === 'number' ? score : undefined;
};

/** core/schema's SUITED_SCORE (not imported: that module brings zod into the browser's bundle; a test holds them equal). */
export const SUITED = 3;

function notDrawn(
  all: readonly Priced[],
  useCase: UseCase | undefined,
  unsuited: number,
  seller: ChartSeller | undefined,
  region: ChartRegion | undefined,
): string {
  const why = whyText(leftOut(all));
  const fits = all.filter((p) => !p.exclusion);
  const zero = fits.filter((p) => p.monthly.nanos === 0n).length;
  const unrated = fits.filter((p) => scoreOf(p, useCase) === undefined).length;
  const parts = [
    seller?.notSold
      ? `${seller.notSold} ${seller.notSold === 1 ? 'model' : 'models'} with no door at ${seller.name}`
      : '',
    region?.leftOut
      ? `${region.leftOut} ${region.leftOut === 1 ? 'model' : 'models'} with no door serving ${region.asked}`
      : '',
    why,
    unsuited
      ? `${unsuited} ${unsuited === 1 ? 'model' : 'models'} not suited to ${useCase ?? ''} (a ${useCase ?? ''} suitability under ${SUITED} of 5: /api/recommend leaves ${unsuited === 1 ? 'it' : 'them'} out too)`
      : '',
    unrated
      ? `${unrated} unrated ${unrated === 1 ? 'model' : 'models'} (no benchmark gives ${unrated === 1 ? 'it' : 'them'} ${useCase ? `a ${useCase}` : 'an overall'} score)`
      : '',
    zero
      ? `${zero} ${zero === 1 ? 'model that costs' : 'models that cost'} $0 for this workload (a log scale has no place for $0)`
      : '',
  ].filter(Boolean);
  return parts.length ? ` Not drawn: ${escapeHtml(parts.join('; '))}.` : '';
}

/**
 * A power of ten of dollars as the axis names it, short enough that neighbours do not overlap at a
 * phone's font: $0.01, $1, $1,000, then $10K, $100K, $1M, $10M, $1B.
 */
export function decadeLabel(e: number): string {
  if (e < 0) return `$${(10 ** e).toFixed(-e)}`;
  if (e < 4) return `$${(10 ** e).toLocaleString('en-US')}`;
  const [unit, div] = e >= 9 ? ['B', 9] : e >= 6 ? ['M', 6] : ['K', 3];
  return `$${(10 ** (e - div)).toLocaleString('en-US')}${unit}`;
}

/** The calculator's one-seller choice: its name, and how many models of the pool it does not sell. */
export interface ChartSeller {
  name: string;
  notSold: number;
}

/** The calculator's region choice: the region asked, and how many models of the pool no door serves there. */
export interface ChartRegion {
  asked: string;
  leftOut: number;
}

/**
 * The chart of the API's pool: the models of `status` (current by default, legacy ones marked), each
 * family of variants once (its head), with a use case only the suited ones, as /api/recommend ranks
 * them; `query` is that endpoint's query for this workload, which the caption links to.
 */
export function priceQualityChart(
  every: readonly Priced[],
  workloadText: string,
  useCase?: UseCase,
  pool: { status: StatusFilter; query?: string; seller?: ChartSeller; region?: ChartRegion } = { status: 'current' },
): string {
  const what = useCase ?? 'overall';
  const inStatus = every.filter((p) => inPool(p.model, pool.status) && p.model.variantOf === undefined);
  const all = useCase ? inStatus.filter((p) => (p.model.useCases?.[useCase] ?? 0) >= SUITED) : inStatus;
  const drawn = all.flatMap((p) => {
    const score = scoreOf(p, useCase);
    return !p.exclusion && p.monthly.nanos > 0n && score !== undefined ? [{ p, score, cost: p.monthly.nanos }] : [];
  });
  const frontier = new Set(onFrontier(drawn));
  const named = [...frontier].sort((a, b) => (a.cost < b.cost ? -1 : a.cost > b.cost ? 1 : 0));
  const nameOf = (m: Priced['model']) => `${m.name}${m.status === 'legacy' ? ' (legacy)' : ''}`;
  const list = named.map((d) => `${nameOf(d.p.model)} (${d.score}, ${displayUsd(d.p.monthly)})`).join(', ');
  const frontierText = named.length
    ? ` On the frontier (no other model both cheaper and better for ${what}), cheapest first: <span class="frontier-list">${escapeHtml(list)}</span>.`
    : '';
  const more = named.length > 10 ? ' (its 10 cheapest: the API returns at most 10)' : '';
  const claim = pool.query
    ? ` The API's <a class="frontier-api" href="/api/recommend?${escapeHtml(pool.query)}">/api/recommend?frontier=true</a> for this workload returns the same frontier${more}.`
    : '';
  const models = pool.status === 'all' ? 'current and legacy models (legacy ones marked)' : `${pool.status} models`;
  const inRegion = pool.region ? ` in ${escapeHtml(pool.region.asked)}` : '';
  const at = pool.seller
    ? `, at ${escapeHtml(pool.seller.name)}'s prices${inRegion}`
    : inRegion && `, at the prices${inRegion}`;
  const caption = `<figcaption>Monthly cost of ${escapeHtml(workloadText)} against the ${escapeHtml(what)} score (0-100, from public benchmarks), ${models}${at}. Colours: <span class="tier tier-Budget">Budget</span> <span class="tier tier-Mid">Mid</span> <span class="tier tier-Premium">Premium</span>; ringed: the frontier.${frontierText}${claim} The table below has the same costs.${notDrawn(all, useCase, inStatus.length - all.length, pool.seller, pool.region)}</figcaption>`;
  if (drawn.length === 0)
    return `<figure><p>No rated model has a cost to draw for this workload.</p>\n${caption}</figure>`;
  // Positions only: the numbers shown come from displayUsd on the exact amounts.
  const values = drawn.map((d) => Number(d.cost) / 1e9);
  const lo = Math.floor(Math.log10(Math.min(...values)));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...values))));
  const x = (usd: number) => M.left + ((Math.log10(usd) - lo) / (hi - lo)) * (W - M.left - M.right);
  const y = (score: number) => M.top + ((100 - score) / 100) * (H - M.top - M.bottom);

  const parts: string[] = [];
  for (let s = 0; s <= 100; s += 20) {
    parts.push(`<line class="axis" x1="${M.left}" x2="${W - M.right}" y1="${y(s)}" y2="${y(s)}"/>`);
    parts.push(`<text x="${M.left - 10}" y="${y(s) + 4}" text-anchor="end">${s}</text>`);
  }
  for (let e = lo; e <= hi; e++) {
    const px = x(10 ** e);
    parts.push(`<line class="axis" x1="${px}" x2="${px}" y1="${M.top}" y2="${H - M.bottom}"/>`);
    // Every other decade is named when more than eight would crowd a phone's axis (the grid keeps them all).
    if (hi - lo > 8 && (hi - e) % 2 !== 0) continue;
    // The last label ends at its line, so that it is not cut at the chart's right edge.
    parts.push(
      `<text class="tick-x" x="${px}" y="${H - M.bottom + 18}" text-anchor="${e === hi ? 'end' : 'middle'}">${decadeLabel(e)}</text>`,
    );
  }
  parts.push(
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 8}" text-anchor="middle">Monthly cost (log scale)</text>`,
  );
  // At x = 26 the title's glyphs, rotated, stay inside the chart at a phone's larger font (site.css).
  parts.push(
    `<text x="26" y="${(M.top + H - M.bottom) / 2}" text-anchor="middle" transform="rotate(-90 26 ${(M.top + H - M.bottom) / 2})">Score (0–100)</text>`,
  );

  const dots = new Map<(typeof drawn)[number], Dot>();
  for (const d of drawn)
    dots.set(d, { cx: Math.round(x(Number(d.cost) / 1e9) * 10) / 10, cy: Math.round(y(d.score) * 10) / 10 });
  // The frontier as a staircase: each step holds its score until the next, dearer and better model.
  const steps = named.flatMap((d, i) => {
    const dot = dots.get(d)!;
    const next = named[i + 1];
    return next ? [`${dot.cx},${dot.cy}`, `${dots.get(next)!.cx},${dot.cy}`] : [`${dot.cx},${dot.cy}`];
  });
  if (steps.length > 1) parts.push(`<polyline class="frontier-line" points="${steps.join(' ')}"/>`);
  for (const d of drawn) {
    const { model } = d.p;
    const dot = dots.get(d)!;
    const on = frontier.has(d);
    const title = `${nameOf(model)} (${model.provider}, ${model.tier}): ${displayUsd(d.p.monthly)} a month, ${what} score ${d.score}/100${on ? ', on the frontier' : ''}`;
    parts.push(
      `<a href="${escapeHtml(modelPagePath(model.id))}"><circle class="pt-${model.tier}${on ? ' frontier' : ''}${model.status === 'legacy' ? ' legacy' : ''}" data-id="${escapeHtml(model.id)}" cx="${dot.cx}" cy="${dot.cy}" r="6"><title>${escapeHtml(title)}</title></circle></a>`,
    );
  }
  // Labels after every dot, so that none is painted under one.
  const labelled = named.map((d) => ({ text: nameOf(d.p.model), dot: dots.get(d)! }));
  const places = placeLabels(labelled, [...dots.values()], { left: M.left, top: 0, right: W, bottom: H - M.bottom });
  labelled.forEach(({ text }, i) => {
    const place = places[i];
    if (place)
      parts.push(
        `<text class="lbl" x="${place.x.toFixed(1)}" y="${place.y.toFixed(1)}" text-anchor="${place.anchor}">${escapeHtml(text)}</text>`,
      );
  });
  return `<figure>
<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="chart-title chart-desc">
<title id="chart-title">Price against ${escapeHtml(what)} score</title>
<desc id="chart-desc">Each dot is a model: further right costs more for ${escapeHtml(workloadText)}, higher has a better ${escapeHtml(what)} score. The ringed models, joined by a line, are the frontier: no other model is both cheaper and better.</desc>
${parts.join('\n')}
</svg>
${caption}
</figure>`;
}
