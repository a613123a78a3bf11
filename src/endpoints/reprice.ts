/**
 * POST /api/reprice (and the CLI's `reprice`, the MCP tool `reprice_usage`): a usage export in;
 * each row at the prices of its date, at today's, on each target, beside the cost it reports.
 * Stores nothing: the answer is made from the body and the catalogue, then forgotten.
 */
import * as z from 'zod';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import { SERVICE_TIERS } from '../core/pricing/price-sheet.js';
import { FORMATS, parseUsageJson, parseUsageText, type FormatName } from '../core/usage/formats.js';
import { repriceRows } from '../core/usage/reprice.js';
import { UsageError, type Parsed } from '../core/usage/rows.js';
import { findModels } from './endpoint.js';
import { ApiError, quote } from './errors.js';
import { choice, idList } from './params.js';

/** The most a body may hold, bytes, and the most rows an export may have. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_ROWS = 10_000;

export const repriceQuery = z.object({
  format: choice(FORMATS, `The export's format, when not detected: ${FORMATS.join(', ')}.`),
  targets: idList(1, 10, 'Models to price all the usage on, at today\'s prices: model ids, or <model-id>@<seller> (at most 10).'),
  target_mode: choice(['standard', 'batch'] as const, 'Price the targets in this mode (default: each row\'s own).'),
  target_service_tier: choice(SERVICE_TIERS, 'Price the targets at this service tier (default: each row\'s own).'),
});

export type RepriceParams = z.output<typeof repriceQuery>;

/** Today, as the service reads it: the one place the reprice endpoint asks for the date. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/**
 * A target at a seller (`<model-id>@<seller>`): seller doors are not known yet. The one place
 * that learns them (resolveDoor) once the catalogue holds each seller's offer.
 */
export function sellerTarget(id: string): never {
  throw new ApiError(400, 'invalid_parameter', `targets: ${quote(id)} names a seller; seller doors are not known yet: name the model id alone.`, { param: 'targets' });
}

function targetModels(catalogue: Catalogue, ids: readonly string[] | undefined): Model[] {
  if (ids === undefined) return [];
  for (const id of ids) if (id.includes('@')) sellerTarget(id);
  return findModels(catalogue, ids, 'targets');
}

/** An export's problem as the 400 that names where it is. */
function refused(e: UsageError): ApiError {
  const where = e.row ? `row ${e.row}: ` : '';
  return new ApiError(400, 'invalid_usage', `${where}${e.message}`, { param: e.field ?? 'body' });
}

/** Parses the body text (or, from MCP, a parsed list of rows) in the named or detected format. */
export function parseExport(body: string | unknown, format: FormatName | undefined): Parsed {
  try {
    const parsed = typeof body === 'string' ? parseUsageText(body, format) : parseUsageJson(body, format);
    const count = parsed.rows.length + parsed.errors.length;
    if (count > MAX_ROWS) {
      throw new ApiError(413, 'too_many_rows', `The export has ${count} rows; at most ${MAX_ROWS} are priced at once: split it (by month, or into files of ${MAX_ROWS} rows) and send each part.`, { param: 'body' });
    }
    return parsed;
  } catch (e) {
    if (e instanceof UsageError) throw refused(e);
    throw e;
  }
}

/** The answer to a parsed export. */
export function reprice(parsed: Parsed, params: RepriceParams, catalogue: Catalogue, today = todayUtc()) {
  const targets = targetModels(catalogue, params.targets);
  const r = repriceRows(catalogue, parsed, {
    today, targets,
    ...(params.target_mode === undefined ? {} : { targetMode: params.target_mode }),
    ...(params.target_service_tier === undefined ? {} : { targetServiceTier: params.target_service_tier }),
  });
  return {
    format: r.format,
    today,
    read: r.tally.read(),
    ...(targets.length
      ? { targets: targets.map((t) => ({ id: t.id, pricedAt: 'today', mode: params.target_mode ?? 'as each row', serviceTier: params.target_service_tier ?? 'as each row' })) }
      : {}),
    totals: r.tally.totals(),
    days: r.tally.days(),
    rows: r.rows,
    unknownModels: r.unknownModels,
    errors: r.errors,
    notes: [
      'cost: at the prices in force on each row\'s date (a span at its first day\'s); today: at today\'s prices; targets: at today\'s prices.',
      'Nothing sent is stored.',
    ],
  };
}
