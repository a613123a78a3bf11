/**
 * The repricing of an export's rows: each row at the prices in force on its date, at today's and
 * on each target (today's prices, in the target mode and tier when given, else the row's); beside
 * the cost the export reports, with the ratio. Unknown models are listed apart, never priced as 0.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Model } from '../schema/catalogue-schema.js';
import { Usd } from '../schema/money.js';
import type { ServiceTier } from '../pricing/price-sheet.js';
import type { Mode } from '../pricing/workload.js';
import {
  rowBilling,
  rowCounts,
  rowNanos,
  rowQuantities,
  SheetCache,
  unpricedUnits,
  type Billing,
} from './price-rows.js';
import { modelResolver } from './resolve.js';
import type { PricedDoor } from '../offers/book.js';
import { resolveDoor } from '../offers/resolve.js';
import { compareReported } from './reported.js';
import { Tally } from './tally.js';
import type { PricedRow } from './priced-row.js';
import type { Parsed, RowError, UsageRow } from './rows.js';

export interface RepriceOptions {
  /** Today, YYYY-MM-DD: the day "today's prices" are read at. */
  today: string;
  targets: readonly Model[];
  /**
   * Targets a door is picked for (`<model-id>@cheapest`): the target at `index` is priced at the
   * one of `doors` whose total for the export is least at today's prices (the first on a tie).
   */
  pick?: readonly PickDoor[];
  targetMode?: Mode;
  targetServiceTier?: ServiceTier;
}

export interface PickDoor {
  index: number;
  /** The candidates, each the record as its door prices it, with the door's id. */
  doors: readonly Model[];
}

/** A door picked for a target: which, and of how many. */
export interface Picked {
  target: string;
  door: string;
  of: number;
}

export interface UnknownModel {
  model: string | null;
  rows: number[];
  reason: string;
  suggestions: string[];
}

export interface Repriced {
  format: Parsed['format'];
  today: string;
  picked: Picked[];
  rows: PricedRow[];
  unknownModels: UnknownModel[];
  errors: RowError[];
  tally: Tally;
}

/**
 * Work units: a row priced once (at its date and today) is one, each target one more; a distinct
 * unknown name's suggestions (two index look-ups) cost about as much as this many.
 */
export const SUGGESTION_WORK = 20;

/** How far a repricing in slices has got: the work done, and the rows priced so far (in order). */
export interface RepriceProgress {
  work: number;
  rows: readonly PricedRow[];
}

/** The work units of pricing `rows` rows on `targets` targets (what the rate limit charges for an upload). */
export const repriceWork = (rows: number, targets: number): number => rows * (1 + targets);

/** The repricing of every row at once (the CLI, tests): repriceSlices run to its end. */
export function repriceRows(catalogue: Catalogue, parsed: Parsed, opts: RepriceOptions): Repriced {
  const slices = repriceSlices(catalogue, parsed, opts, Infinity);
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
  }
}

/**
 * The repricing in slices: it yields its progress each time about `sliceWork` units (repriceWork,
 * SUGGESTION_WORK) are done since the last yield, so that a server can let other clients' requests
 * run between slices; it returns the whole answer.
 */
export function* repriceSlices(
  catalogue: Catalogue,
  parsed: Parsed,
  opts: RepriceOptions,
  sliceWork: number,
): Generator<RepriceProgress, Repriced> {
  const resolve = modelResolver(catalogue);
  const doorOf = sellerDoors(catalogue);
  const cache = new SheetCache();
  const picked: Picked[] = [];
  if (opts.pick?.length) {
    const targets = [...opts.targets];
    const totals = yield* doorTotals(parsed, resolve, opts, cache, sliceWork);
    opts.pick.forEach((p, i) => {
      const sums = totals[i] as bigint[];
      let best = 0;
      for (let d = 1; d < sums.length; d++) if ((sums[d] as bigint) < (sums[best] as bigint)) best = d;
      const target = targets[p.index] as Model;
      targets[p.index] = { ...(p.doors[best] as Model), id: target.id };
      picked.push({ target: target.id, door: (p.doors[best] as Model).id, of: p.doors.length });
    });
    opts = { ...opts, targets };
  }
  const tally = new Tally(opts.targets.map((t) => t.id));
  const unknown = new Map<string | null, UnknownModel>();
  const out: PricedRow[] = [];
  const rowWork = repriceWork(1, opts.targets.length);
  yield* inSlices(parsed.rows, sliceWork, out, (r) => {
    const found = r.model === null ? undefined : resolve(r.model);
    if (found === undefined || found.kind === 'unknown') {
      let work = 1;
      let entry = unknown.get(r.model);
      if (entry === undefined) {
        entry = {
          model: r.model,
          rows: [],
          reason:
            r.model === null
              ? 'The export names no model (an OpenAI page fetched without group_by=model).'
              : 'No model with this id or alias is known; not priced (never as $0).',
          suggestions: found?.kind === 'unknown' ? found.suggestions : [],
        };
        unknown.set(r.model, entry);
        work += SUGGESTION_WORK;
      }
      entry.rows.push(r.row);
      tally.unknownRow(r);
      return work;
    }
    out.push(
      priceRow(r, found.model, r.seller === undefined ? undefined : doorOf(found.model, r.seller), opts, cache, tally),
    );
    return rowWork;
  });
  return {
    format: parsed.format,
    today: opts.today,
    picked,
    rows: out,
    unknownModels: [...unknown.values()],
    errors: parsed.errors,
    tally,
  };
}

/** How a row is billed on the targets: the target mode and tier where given, else the row's. */
function targetBillingOf(opts: RepriceOptions, billing: Billing): Billing {
  return { mode: opts.targetMode ?? billing.mode, serviceTier: opts.targetServiceTier ?? billing.serviceTier };
}

/**
 * Each pick's doors' totals (whole nano-dollars) over the rows of known models, priced as the
 * targets are (today's prices, the target billing), yielding as repriceSlices does: the work is a
 * row per door. Rows whose model is unknown are not priced on targets, so they count for none.
 */
function* doorTotals(
  parsed: Parsed,
  resolve: ReturnType<typeof modelResolver>,
  opts: RepriceOptions,
  cache: SheetCache,
  sliceWork: number,
): Generator<RepriceProgress, bigint[][]> {
  const picks = opts.pick ?? [];
  const totals = picks.map((p) => p.doors.map(() => 0n));
  const perRow = picks.reduce((n, p) => n + p.doors.length, 0);
  yield* inSlices(parsed.rows, sliceWork, [], (r) => {
    if (r.model === null || resolve(r.model).kind !== 'known') return 0;
    const counts = rowCounts(r);
    const billing = targetBillingOf(opts, rowBilling(r));
    const q = rowQuantities(r, counts, billing.mode);
    picks.forEach((p, i) => {
      const sums = totals[i] as bigint[];
      p.doors.forEach((door, d) => {
        sums[d] = (sums[d] as bigint) + rowNanos(cache.on(door, opts.today).sheets, q, billing);
      });
    });
    return perRow;
  });
  return totals;
}

/**
 * Does each row (`row` says how many work units it took), yielding the work done and `rows` (the
 * rows priced so far) each time `sliceWork` units are done since the last yield.
 */
function* inSlices<R>(
  all: readonly R[],
  sliceWork: number,
  rows: readonly PricedRow[],
  row: (r: R) => number,
): Generator<RepriceProgress, void> {
  let done = 0;
  let sinceYield = 0;
  for (const r of all) {
    if (sinceYield >= sliceWork) {
      done += sinceYield;
      sinceYield = 0;
      yield { work: done, rows };
    }
    sinceYield += row(r);
  }
}

/**
 * A row naming its seller (OpenRouter's provider_name) is priced at that seller's door when we
 * have a priced one we trust (named by the door's id, so its sheets stay apart from the model's
 * own); the maker's own door is the record. Undefined: no such door, priced at the model's prices.
 */
function sellerDoors(catalogue: Catalogue): (model: Model, seller: string) => PricedDoor | undefined {
  const found = new Map<string, PricedDoor | undefined>();
  return (model, seller) => {
    const key = `${model.id}@${seller.trim().toLowerCase()}`;
    if (!found.has(key)) {
      const door = resolveDoor(catalogue, key);
      // A gateway's door is where the row was bought, though rankings leave gateways out; a door
      // kept out for anything else (a free tier, a plan, a stale or outlying price) is not used.
      found.set(
        key,
        door && door.priced && (door.keptOut === undefined || door.keptOut === 'gateway') ? door : undefined,
      );
    }
    return found.get(key);
  };
}

function priceRow(
  r: UsageRow,
  record: Model,
  door: PricedDoor | undefined,
  opts: RepriceOptions,
  cache: SheetCache,
  tally: Tally,
): PricedRow {
  const model = door && !door.own ? { ...(door.priced as Model), id: door.id } : record;
  const counts = rowCounts(r);
  const billing = rowBilling(r);
  const q = rowQuantities(r, counts, billing.mode);
  const then = cache.on(model, r.date);
  const now = cache.on(model, opts.today);
  const cost = new Usd(rowNanos(then.sheets, q, billing));
  const today = new Usd(rowNanos(now.sheets, q, billing));
  const flags: string[] = [];
  if (then.beforeFirstPrice !== undefined)
    flags.push(`older than any price on record: priced at the earliest known, from ${then.beforeFirstPrice}`);
  const inside = cache.changeInside(model, r.date, r.endDate);
  if (inside !== undefined)
    flags.push(`a price change on ${inside} falls inside this span: priced at its first day's prices`);
  if (r.seller !== undefined && door === undefined)
    flags.push(
      `sold by ${r.seller}: no priced door of that seller to ${record.id} on record, so priced at ${record.id}'s own prices`,
    );
  const unpriced = unpricedUnits(then.sheets, counts);
  const priced: PricedRow = {
    row: r.row,
    date: r.date,
    ...(r.endDate === undefined ? {} : { endDate: r.endDate }),
    model: record.id,
    ...(r.model !== null && r.model.toLowerCase() !== record.id ? { exportModel: r.model } : {}),
    ...(r.seller === undefined ? {} : { seller: r.seller }),
    ...(door === undefined ? {} : { door: door.id }),
    mode: billing.mode,
    serviceTier: billing.serviceTier,
    units: tally.echo(r),
    cost,
    pricesFrom: then.pricesFrom,
    today,
  };
  if (opts.targets.length) {
    const targetBilling = targetBillingOf(opts, billing);
    const tq = targetBilling.mode === billing.mode ? q : rowQuantities(r, counts, targetBilling.mode);
    const targets: Record<string, Usd> = {};
    for (const t of opts.targets) targets[t.id] = new Usd(rowNanos(cache.on(t, opts.today).sheets, tq, targetBilling));
    priced.targets = targets;
  }
  if (r.reportedCost !== undefined) priced.reported = compareReported(r.reportedCost, cost);
  if (flags.length) priced.flags = flags;
  if (unpriced.length) priced.unpricedUnits = unpriced;
  tally.pricedRow(priced);
  return priced;
}
