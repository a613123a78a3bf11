/**
 * The site's script (/assets/site.js): the workload calculator, which re-prices the catalogue
 * table, the headline and the chart with the same core engine and fit rules as the API (bundled
 * in; the page's first render comes from the same functions on the server), and the table's
 * sorting and filtering.
 */
import type { UseCase } from '../src/core/schema/catalogue-schema.js';
import { MODES, SERVICE_TIERS, type Workload } from '../src/core/pricing/cost.js';
import { checkParts, PART_NAMES, refuseWorkload, toParts } from '../src/endpoints/part-rules.js';
import { priceQualityChart } from '../src/http/pages/chart.js';
import {
  frontierQuery,
  headlineHtml,
  hidden,
  inPool,
  monthlyCell,
  STATUS_CHOICES,
  tableNoteText,
  whyText,
  workloadText,
  type SiteModel,
  type StatusFilter,
} from '../src/http/pages/site-model.js';
import { catalogueTable, CONTEXT_COL, INPUT_COL, MONTHLY_COL, OUTPUT_COL } from './site-table.js';
import { formatContext } from '../src/core/pricing/context-window.js';
import {
  chosenSellerName,
  notSoldCell,
  notInRegionCell,
  notSoldHtml,
  priceAtSellers,
  priceInRegion,
  type SiteDoor,
  type SiteRegion,
} from '../src/http/pages/site-doors.js';
import { escapeHtml } from '../src/lib/escape.js';
import type { Exclusion } from '../src/core/pricing/fit.js';
import type { RegionLeftOut } from '../src/core/offers/regional.js';
import { priceNanos } from '../src/core/pricing/cost.js';
import { formatScaled } from '../src/core/schema/money.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

/** A price per 1M tokens as the server's table prints it (the badge's formatPrice, which brings badge-maker). */
const perMillion = (price: number) => `$${formatScaled(priceNanos(price), 9)}`;

function setCell(row: HTMLTableRowElement | undefined, col: number, text: string, sort: string): void {
  const cell = row?.cells[col];
  if (cell) {
    cell.textContent = text;
    cell.dataset.sort = sort;
  }
}

/**
 * The workload the form describes, or the sentence saying which field is wrong: every number field
 * under its API name, within the bounds the page gives it, and its parts checked by the API's own
 * rules, so the calculator refuses what the API refuses (a service tier with batch
 * too), in the same words.
 */
function readWorkload(form: HTMLFormElement): Workload | string {
  const values: Record<string, number> = {};
  let problem: string | undefined;
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type=number]')) {
    const [min, max] = [Number(input.min), Number(input.max)];
    const text = input.value.trim();
    const value = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
    const ok = value >= min && value <= max;
    input.setAttribute('aria-invalid', String(!ok));
    const label = input.labels?.[0]?.firstChild?.textContent ?? input.name;
    if (!ok)
      problem ??= `${label} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`;
    values[input.name] = value;
  }
  if (problem) return problem;
  const choice = <V extends string>(name: string, allowed: readonly V[]): V => {
    const text = (form.elements.namedItem(name) as HTMLSelectElement | null)?.value;
    return (allowed as readonly string[]).includes(text ?? '') ? (text as V) : (allowed[0] as V);
  };
  const given = (name: string) => (values[name] ? values[name] : undefined);
  const params = {
    input_tokens: values.input_tokens ?? 0,
    output_tokens: values.output_tokens ?? 0,
    cached_input_tokens: given('cached_input_tokens'),
    cache_write_tokens: given('cache_write_tokens'),
    service_tier: choice('service_tier', SERVICE_TIERS),
    ...Object.fromEntries(PART_NAMES.map((name) => [name, given(name)])),
  };
  try {
    checkParts(params);
  } catch (err) {
    return (err as Error).message;
  }
  const workload: Workload = {
    inputTokens: params.input_tokens,
    outputTokens: params.output_tokens,
    requests: values.requests ?? 1,
    days: values.days ?? 30,
    mode: choice('mode', MODES),
    ...(params.cached_input_tokens ? { cachedInputTokens: params.cached_input_tokens } : {}),
    ...(params.cache_write_tokens ? { cacheWriteTokens: params.cache_write_tokens, cacheTtl: '5m' as const } : {}),
    ...(values.off_peak_share ? { timeOfDay: { offPeakPercent: values.off_peak_share } } : {}),
    ...toParts(params),
  };
  try {
    refuseWorkload(workload);
  } catch (err) {
    return (err as Error).message;
  }
  return workload;
}

/** The address this page was read at, in the snippets to paste elsewhere (pages carry none unless BASE_URL is set). */
function fillAddresses(): void {
  for (const slot of document.querySelectorAll<HTMLElement>('[data-origin]')) {
    slot.textContent = slot.dataset.origin === 'encoded' ? encodeURIComponent(location.origin) : location.origin;
  }
}

function start(): void {
  fillAddresses();
  const data = $('catalogue-data');
  const tableEl = $<HTMLTableElement>('models');
  const form = $<HTMLFormElement>('calc');
  if (!data || !tableEl || !form || !tableEl.tBodies[0]) return;
  const models = JSON.parse(data.textContent ?? '[]') as SiteModel[];
  // Each model's vetted doors, for the seller choice.
  const doors = JSON.parse($('doors-data')?.textContent ?? '{}') as Record<string, SiteDoor[]>;
  const sellers = $<HTMLSelectElement>('calc-sellers');
  // Each region's doors, for the region choice (the API's region=).
  const regions = JSON.parse($('regions-data')?.textContent ?? '{}') as Record<string, SiteRegion>;
  const regionSelect = $<HTMLSelectElement>('calc-region');
  const makerOption = sellers?.querySelector<HTMLOptionElement>('option[value="maker"]');
  // With a region, the API prices each model at every seller's doors there (or the sellers asked),
  // never at its maker's alone: "each model's own seller" is no choice then, and comes back after.
  let makerBeforeRegion = false;
  function regionChanged(): void {
    const asked = Boolean(regionSelect?.value);
    if (!sellers || !makerOption) return;
    makerOption.disabled = asked;
    if (asked && sellers.value === 'maker') {
      sellers.value = 'all';
      makerBeforeRegion = true;
    } else if (!asked && makerBeforeRegion) {
      if (sellers.value === 'all') sellers.value = 'maker';
      makerBeforeRegion = false;
    }
  }
  regionSelect?.addEventListener('change', regionChanged);
  regionChanged();
  const table = catalogueTable(tableEl, models);
  const byId = new Map(models.map((m) => [m.id, m]));
  const summary = $('calc-summary');
  const error = $('calc-error');
  const chart = $('chart-figure');
  const note = $('fit-note');
  const useCaseSelect = $<HTMLSelectElement>('chart-use-case');
  // The select's options are the use cases (the server wrote them from USE_CASES); '' is overall.
  const useCase = (): UseCase | undefined => (useCaseSelect?.value ? (useCaseSelect.value as UseCase) : undefined);

  function recalculate(): void {
    const workload = readWorkload(form!);
    if (typeof workload === 'string') {
      if (error) {
        error.textContent = workload;
        error.classList.remove('hidden');
      }
      // No headline for a workload the API would refuse: the last one's cheapest is no answer to it.
      if (summary) summary.textContent = 'No cheapest model for this workload: the API refuses it (see above).';
      return;
    }
    if (error) {
      error.textContent = '';
      error.classList.add('hidden');
    }
    // The pool the API's rankings would weigh: current models unless the Models field says otherwise.
    const picked = (form!.elements.namedItem('status') as HTMLSelectElement | null)?.value;
    const status: StatusFilter = STATUS_CHOICES.includes(picked as StatusFilter) ? (picked as StatusFilter) : 'current';
    const choice = sellers?.value ?? 'maker';
    const region = regionSelect?.value && regions[regionSelect.value] ? regionSelect.value : undefined;
    const { priced, notSold, leftOut } = region
      ? priceInRegion(models, regions[region] as SiteRegion, workload, choice)
      : { ...priceAtSellers(models, doors, workload, choice), leftOut: new Map<string, never>() };
    const sellerName = chosenSellerName(choice);
    table.unfit.clear();
    table.unsold.clear();
    // A model the chosen seller does not sell keeps its row, last, saying so; no price of another door stands in.
    for (const id of notSold) {
      const model = byId.get(id);
      if (!model || !inPool(model, status)) table.unfit.add(id);
      table.unsold.add(id);
      const row = table.rows.get(id);
      row?.classList.add('unsold');
      setCell(row, INPUT_COL, '—', '');
      setCell(row, OUTPUT_COL, '—', '');
      const apart = leftOut.get(id);
      setCell(row, MONTHLY_COL, region && apart ? notInRegionCell(region, apart) : notSoldCell(sellerName), '');
    }
    for (const p of priced) {
      if (hidden(p) || !inPool(p.model, status)) table.unfit.add(p.model.id);
      const row = table.rows.get(p.model.id);
      row?.classList.remove('unsold');
      // The prices of the door the cost is worked out at, so that every column is the same seller's.
      const { input, output, contextTokens } = p.prices ?? p.model;
      setCell(row, INPUT_COL, perMillion(input), String(input));
      setCell(row, OUTPUT_COL, perMillion(output), String(output));
      setCell(row, CONTEXT_COL, formatContext(contextTokens), String(contextTokens));
      const { text, sort } = monthlyCell(p);
      setCell(row, MONTHLY_COL, text, sort);
    }
    const shown = notSold.filter((id) => !table.unfit.has(id));
    const unsoldShown = shown.filter((id) => !leftOut.has(id)).length;
    // What region= leaves out of the pool, by reason, as the API's excluded counts it (a variant ranks as its head).
    const apart = new Map<Exclusion, number>();
    for (const id of shown) {
      const reason = byId.get(id)?.variantOf === undefined ? leftOut.get(id) : undefined;
      if (reason) apart.set(reason, (apart.get(reason) ?? 0) + 1);
    }
    const regionLeft = [...apart.values()].reduce((a, b) => a + b, 0);
    const regionHtml =
      region && regionLeft
        ? escapeHtml(
            `Left out in ${region}: ${whyText(new Map([...apart].sort()))}; the table lists ${regionLeft === 1 ? 'it' : 'them'} last, marked ${[...apart.keys()].map((reason) => `"${notInRegionCell(region, reason as RegionLeftOut)}"`).join(' or ')}.`,
          )
        : '';
    // The same HTML the server renders, from the same functions; every catalogue value is escaped there.
    if (summary)
      summary.innerHTML = [headlineHtml(priced, workload, status), notSoldHtml(unsoldShown, sellerName), regionHtml]
        .filter(Boolean)
        .join(' ');
    const query = frontierQuery(workload, useCase(), status, choice === 'maker' ? undefined : choice, region);
    if (chart)
      chart.innerHTML = priceQualityChart(priced, workloadText(workload), useCase(), {
        status,
        query,
        ...(sellerName ? { seller: { name: sellerName, notSold: unsoldShown } } : {}),
        ...(region ? { region: { asked: region, leftOut: regionLeft } } : {}),
      });
    if (note) {
      note.textContent = tableNoteText(priced.filter((p) => inPool(p.model, status)));
      note.classList.toggle('hidden', note.textContent === '');
    }
    table.refresh();
  }
  form.addEventListener('input', recalculate);
  form.addEventListener('change', recalculate);
  form.addEventListener('submit', (event) => event.preventDefault());
  useCaseSelect?.addEventListener('change', recalculate);
  recalculate();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
