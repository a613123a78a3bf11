/**
 * The catalogue table's sorting and filtering (/assets/site.js). A row shows when it passes the
 * filters and its model can run the calculator's workload (`unfit`, set by the calculator). The
 * rows of models the calculator's seller does not sell (`unsold`) come last, whatever the sort.
 */
import type { SiteModel } from '../src/http/pages/site-model.js';

export const MONTHLY_COL = 7;
export const INPUT_COL = 3;
export const OUTPUT_COL = 4;
export const CONTEXT_COL = 5;

export interface CatalogueTable {
  rows: Map<string, HTMLTableRowElement>;
  /** Re-applies the sort (after the prices, the costs or the seller changed) and the filters (after the fit changed). */
  refresh(): void;
  /** Ids of the models that cannot run the workload: their rows stay hidden. */
  unfit: Set<string>;
  /** Ids of the models the chosen seller does not sell: their rows go last, in either direction. */
  unsold: Set<string>;
}

export function catalogueTable(table: HTMLTableElement, models: readonly SiteModel[]): CatalogueTable {
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
  const tbody = table.tBodies[0]!;
  const rows = new Map<string, HTMLTableRowElement>();
  for (const tr of Array.from(tbody.rows)) rows.set(tr.dataset.id ?? '', tr);
  const unfit = new Set<string>();
  const unsold = new Set<string>();
  // The server's order, which an unsorted table keeps (its unsold rows last).
  const served = Array.from(tbody.rows);
  let sort: { col: number; dir: 1 | -1 } | undefined;

  // --- sorting ----------------------------------------------------------------------------------
  const headers = Array.from(table.tHead?.rows[0]?.cells ?? []);
  const key = (tr: HTMLTableRowElement, col: number) => tr.cells[col]?.dataset.sort ?? '';

  const isUnsold = (tr: HTMLTableRowElement) => unsold.has(tr.dataset.id ?? '');

  function applySort(): void {
    if (!sort) {
      tbody.append(...served.filter((tr) => !isUnsold(tr)), ...served.filter(isUnsold));
      return;
    }
    const { col, dir } = sort;
    const isNumber = headers[col]?.classList.contains('num') ?? false;
    const sorted = Array.from(tbody.rows).sort((a, b) => {
      const last = Number(isUnsold(a)) - Number(isUnsold(b));
      if (last !== 0) return last;
      const ka = key(a, col);
      const kb = key(b, col);
      let order: number;
      if (col === MONTHLY_COL) order = BigInt(ka) < BigInt(kb) ? -1 : BigInt(ka) > BigInt(kb) ? 1 : 0;
      else if (isNumber || col === 2) order = Number(ka) - Number(kb);
      else order = ka.localeCompare(kb);
      return order * dir;
    });
    tbody.append(...sorted);
    headers.forEach((h, i) =>
      i === col ? h.setAttribute('aria-sort', dir === 1 ? 'ascending' : 'descending') : h.removeAttribute('aria-sort'),
    );
  }

  headers.forEach((th, col) => {
    th.querySelector('button')?.addEventListener('click', () => {
      sort = { col, dir: sort?.col === col ? (sort.dir === 1 ? -1 : 1) : 1 };
      applySort();
    });
  });

  // --- filtering --------------------------------------------------------------------------------
  const text = $<HTMLInputElement>('f-text');
  const provider = $<HTMLSelectElement>('f-provider');
  const tier = $<HTMLSelectElement>('f-tier');
  const count = $('f-count');
  const byId = new Map(models.map((m) => [m.id, m]));

  function applyFilter(): void {
    const words = (text?.value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const [id, tr] of rows) {
      const m = byId.get(id);
      const haystack = m ? `${m.name} ${m.provider} ${m.id}`.toLowerCase() : '';
      const ok =
        !unfit.has(id) &&
        (!provider?.value || tr.dataset.provider === provider.value) &&
        (!tier?.value || tr.dataset.tier === tier.value) &&
        words.every((w) => haystack.includes(w));
      tr.hidden = !ok;
      if (ok) shown++;
    }
    if (count) count.textContent = shown === rows.size ? `${rows.size} models` : `${shown} of ${rows.size} models`;
  }
  for (const control of [text, provider, tier]) control?.addEventListener('input', applyFilter);

  return {
    rows,
    unfit,
    unsold,
    refresh() {
      applySort();
      applyFilter();
    },
  };
}
