/**
 * POST /api/reprice (and the CLI's `reprice`, the MCP tool `reprice_usage`): a usage export in;
 * each row at the prices of its date, at today's, on each target, beside the cost it reports.
 * Stores nothing: the answer is made from the body and the catalogue, then forgotten.
 */
import * as z from 'zod';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import { SERVICE_TIERS } from '../core/pricing/price-sheet.js';
import { FORMATS, readUsageJson, readUsageText, type FormatName } from '../core/usage/formats.js';
import { repriceSlices, repriceWork, type PricedRow, type Repriced } from '../core/usage/reprice.js';
import { drain, UsageError, type Parsed } from '../core/usage/rows.js';
import { findPricedDoor } from './doors.js';
import { findModel } from './endpoint.js';
import { ApiError, quote } from '../lib/errors.js';
import { toJson } from '../lib/json.js';
import { choice, idList } from './params.js';

/** The most a body may hold, bytes, and the most rows an export may have. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_ROWS = 10_000;

export const repriceQuery = z.object({
  format: choice(FORMATS, `The export's format, when not detected: ${FORMATS.join(', ')}.`),
  targets: idList(1, 10, 'Models to price all the usage on, at today\'s prices: model ids, or <model-id>@<seller> (at most 10).'),
  target_mode: choice(['standard', 'batch'] as const, 'Price the targets in this mode (default: each row\'s own).'),
  target_service_tier: choice(SERVICE_TIERS, 'Price the targets at this service tier (default: each row\'s own).'),
  detail: choice(['totals', 'rows'] as const, 'totals (the default): the totals, the series per day, what was read and what was not priced; rows: each row priced as well, in rows.'),
});

export type RepriceParams = z.output<typeof repriceQuery>;

/**
 * The targets as priced: a model id at the model's own prices; `<model-id>@<seller>` at that
 * seller's door, named by the door's id so its totals stay apart from the model's own (the door's
 * record keeps the model's id). A target named twice is refused.
 */
function targetModels(catalogue: Catalogue, ids: readonly string[] | undefined): Model[] {
  if (ids === undefined) return [];
  const seen = new Map<string, string>();
  return ids.map((asked) => {
    const model = asked.includes('@')
      ? (({ id, priced }) => ({ ...(priced as Model), id }))(findPricedDoor(catalogue, asked, 'targets', (plain) => findModel(catalogue, plain, 'targets')))
      : findModel(catalogue, asked, 'targets');
    const earlier = seen.get(model.id);
    if (earlier !== undefined) throw new ApiError(400, 'invalid_parameter', `targets names ${quote(model.id)} twice (${quote(earlier)} and ${quote(asked)}); list each once.`, { param: 'targets' });
    seen.set(model.id, asked);
    return model;
  });
}

/** An export's problem as the 400 that names where it is. */
function refused(e: UsageError): ApiError {
  const where = e.row ? `row ${e.row}: ` : '';
  return new ApiError(400, 'invalid_usage', `${where}${e.message}`, { param: e.field ?? 'body' });
}

/** Parses the body text (or a parsed list of rows) in the named or detected format. */
export function parseExport(body: string | unknown, format: FormatName | undefined): Parsed {
  return drain(readExport(body, format));
}

/** parseExport, yielding after each row read; past MAX_ROWS rows it stops with the 413. */
export function* readExport(body: string | unknown, format: FormatName | undefined): Generator<void, Parsed> {
  try {
    const reader = typeof body === 'string' ? readUsageText(body, format) : readUsageJson(body, format);
    let count = 0;
    for (let step = reader.next(); ; step = reader.next()) {
      if (step.done) return step.value;
      if (++count > MAX_ROWS) {
        throw new ApiError(413, 'too_many_rows', `The export has more than ${MAX_ROWS} rows; at most ${MAX_ROWS} are priced at once: split it (by month, or into files of ${MAX_ROWS} rows) and send each part.`, { param: 'body' });
      }
      yield;
    }
  } catch (e) {
    if (e instanceof UsageError) throw refused(e);
    throw e;
  }
}

/** The work units of pricing an export (what the rate limit charges for it, before it is priced). */
export function exportWork(parsed: Parsed, params: RepriceParams): number {
  return repriceWork(parsed.rows.length + parsed.errors.length, params.targets?.length ?? 0);
}

/** The answer to a parsed export, as an object (the CLI); `today` (YYYY-MM-DD) from the caller's clock (lib/clock.ts). */
export function reprice(parsed: Parsed, params: RepriceParams, catalogue: Catalogue, today: string) {
  const slices = repriceSlices(catalogue, parsed, repriceOptions(catalogue, params, today), Infinity);
  let step = slices.next();
  while (!step.done) step = slices.next();
  return answerOf(step.value, params, today);
}

/**
 * The answer to a parsed export as JSON text, made a slice at a time: it yields the work done so
 * far (core/usage/reprice.ts's units) after about `sliceWork` units, so that the caller can let
 * others run in between; with detail=rows, the rows priced in each slice are written in it too.
 * The same text as toJson(reprice(...)), but for `rows`, which comes last.
 */
export function* repriceJson(parsed: Parsed, params: RepriceParams, catalogue: Catalogue, today: string, sliceWork: number): Generator<number, string> {
  const slices = repriceSlices(catalogue, parsed, repriceOptions(catalogue, params, today), sliceWork);
  const rows: string[] = [];
  let written = 0;
  const write = (priced: readonly PricedRow[]) => {
    if (params.detail !== 'rows' || written === priced.length) return;
    rows.push(toJson(priced.slice(written)).slice(1, -1));
    written = priced.length;
  };
  for (;;) {
    const step = slices.next();
    if (step.done) {
      write(step.value.rows);
      const head = toJson(answerOf(step.value, { ...params, detail: 'totals' }, today));
      return params.detail === 'rows' ? `${head.slice(0, -1)},"rows":[${rows.join(',')}]}` : head;
    }
    write(step.value.rows);
    yield step.value.work;
  }
}

function repriceOptions(catalogue: Catalogue, params: RepriceParams, today: string) {
  return {
    today, targets: targetModels(catalogue, params.targets),
    ...(params.target_mode === undefined ? {} : { targetMode: params.target_mode }),
    ...(params.target_service_tier === undefined ? {} : { targetServiceTier: params.target_service_tier }),
  };
}

function answerOf(r: Repriced, params: RepriceParams, today: string) {
  const targets = r.tally.targetIds;
  return {
    format: r.format,
    today,
    read: r.tally.read(),
    ...(targets.length
      ? { targets: targets.map((id) => ({ id, pricedAt: 'today', mode: params.target_mode ?? 'as each row', serviceTier: params.target_service_tier ?? 'as each row' })) }
      : {}),
    totals: r.tally.totals(),
    days: r.tally.days(),
    unknownModels: r.unknownModels,
    errors: r.errors,
    notes: [
      'cost: at the prices in force on each row\'s date (a span at its first day\'s); today: at today\'s prices; targets: at today\'s prices.',
      'Nothing sent is stored.',
      ...(params.detail === 'rows' ? [] : ['Each row priced: ask with detail=rows.']),
    ],
    ...(params.detail === 'rows' ? { rows: r.rows } : {}),
  };
}
