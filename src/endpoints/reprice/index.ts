/**
 * POST /api/reprice (and the CLI's `reprice`, the MCP tool `reprice_usage`): a usage export in;
 * each row at the prices of its date, at today's, on each target, beside the cost it reports.
 * Stores nothing: the answer is made from the body and the catalogue, then forgotten.
 */
import * as z from 'zod';
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import type { Model } from '../../core/schema/catalogue-schema.js';
import { SERVICE_TIERS } from '../../core/pricing/price-sheet.js';
import { FORMATS, parseUsageJson, parseUsageText, type FormatName } from '../../core/usage/formats.js';
import { repriceRows } from '../../core/usage/reprice.js';
import { UsageError, type Parsed } from '../../core/usage/rows.js';
import { CSV_COLUMNS } from '../../core/usage/csv.js';
import { findPricedDoor } from '../doors.js';
import { endpoint, findModel } from '../endpoint.js';
import { ApiError, quote } from '../../lib/errors.js';
import { choice, idList } from '../params.js';

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

/** Rows per request charged against the rate limit. */
export const ROWS_PER_REQUEST = 100;

/** The export as a list of rows (format=rows), as an MCP tool passes it. */
const usageRows = z
  .array(z.strictObject(Object.fromEntries(CSV_COLUMNS.map((c) => [c, c === 'date' || c === 'model' ? z.union([z.string(), z.number()]) : z.union([z.string(), z.number()]).optional()]))))
  .max(MAX_ROWS)
  .meta({ description: `Usage rows; date (YYYY-MM-DD) and model required; counts inclusive (cached tokens are part of input_tokens). Columns: ${CSV_COLUMNS.join(', ')}.` });

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

/** The answer to a parsed export; `today` (YYYY-MM-DD) from the caller's clock (lib/clock.ts). */
export function reprice(parsed: Parsed, params: RepriceParams, catalogue: Catalogue, today: string) {
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

export const repriceEndpoint = endpoint({
  method: 'POST',
  path: '/api/reprice',
  summary: 'Re-price a usage export: each row at its own date\'s prices, at today\'s, and on each target',
  description:
    'Takes a usage export as the body: ccusage daily/monthly JSON, OpenAI Usage API completions buckets, Anthropic ' +
    'usage_report/messages, OpenRouter activity, a CSV with the columns ' + CSV_COLUMNS.join(',') + ', or a JSON list of ' +
    `objects with those columns. At most ${MAX_BODY_BYTES} bytes and ${MAX_ROWS} rows. Nothing is stored; the answer is ` +
    `\`Cache-Control: no-store\`. Each ${ROWS_PER_REQUEST} rows count as one request against the rate limit. See docs/api.md for each format's rules.`,
  query: repriceQuery,
  body: {
    maxBytes: MAX_BODY_BYTES,
    tooLarge: `The body is over ${MAX_BODY_BYTES} bytes (1 MiB); split the export (by month, or into files of at most ${MAX_ROWS} rows) and send each part.`,
    content: {
      'application/json': { schema: { description: 'A usage export in one of the JSON formats, or a list of rows.' } },
      'text/csv': { schema: { type: 'string', description: `A header line (${CSV_COLUMNS.join(',')}; date and model required), then one row a line.` } },
    },
    read: (body, params) => parseExport(body, params.format),
    argument: { name: 'rows', what: 'a list of usage rows', schema: usageRows, query: { format: 'rows' } },
  },
  noStore: true,
  charge: (parsed) => Math.max(1, Math.ceil((parsed.rows.length + parsed.errors.length) / ROWS_PER_REQUEST)),
  response: {
    description: 'Each row priced, the totals, a series per day, unknown models apart, per-row errors.',
    content: { 'application/json': { named: async () => ({ oneOf: { RepriceResponse: (await import('./response.js')).repriceResponseSchema } }) } },
    errors: [404, 413],
    says: {
      400: 'The export cannot be read: the message names the row and field (param).',
      404: 'A target model is not known (with suggestions).',
      413: `Over ${MAX_BODY_BYTES} bytes or ${MAX_ROWS} rows: split the export and send each part.`,
      429: `Rate limited (rows count: one request per ${ROWS_PER_REQUEST}).`,
    },
  },
  tool: {
    name: 'reprice_usage',
    description:
      'Re-price usage rows: each at the prices in force on its date, at today\'s, and on each target model, with the cost the row reports beside ours; ' +
      'unknown models are listed apart, never priced as $0',
    keys: ['targets', 'target_mode', 'target_service_tier'],
  },
  commands: [{ name: 'reprice', summary: 'Re-price a usage export (ccusage, OpenAI, Anthropic, OpenRouter, CSV): at its dates\' prices, today\'s, and on targets', body: { usage: 'FILE', what: 'a usage export' } }],
  handle: (params, { catalogue, today }, parsed) => reprice(parsed, params, catalogue, today),
});
