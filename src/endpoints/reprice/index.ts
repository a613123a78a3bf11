/**
 * POST /api/reprice (and the CLI's `reprice`, the MCP tool `reprice_usage`): a usage export in;
 * each row at the prices of its date, at today's, on each target, beside the cost it reports.
 * Stores nothing: the answer is made from the body and the catalogue, then forgotten.
 */
import * as z from 'zod';
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import type { Model } from '../../core/schema/catalogue-schema.js';
import { SERVICE_TIERS } from '../../core/pricing/price-sheet.js';
import { FORMATS, readUsageJson, readUsageText, type FormatName } from '../../core/usage/formats.js';
import {
  repriceSlices,
  repriceWork,
  SUGGESTION_WORK,
  type PickDoor,
  type Picked,
  type Repriced,
} from '../../core/usage/reprice.js';
import { doorBookOf } from '../../core/offers/book.js';
import { UsageError, type Parsed } from '../../core/usage/rows.js';
import { CSV_COLUMNS } from '../../core/usage/csv.js';
import { findPricedDoor } from '../doors.js';
import { findInRegion, regionOf, regionParam } from '../region.js';
import type { RegionView } from '../../core/offers/regional.js';
import { endpoint, findModel, TextReply } from '../endpoint.js';
import { ApiError, quote } from '../../lib/errors.js';
import { JSON_TYPE, toJson } from '../../lib/json.js';
import { choice, idList } from '../params.js';

/** The most a body may hold, bytes, and the most rows an export may have. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_ROWS = 10_000;

export const repriceQuery = z.object({
  format: choice(FORMATS, `The export's format, when not detected: ${FORMATS.join(', ')}.`),
  targets: idList(
    1,
    10,
    "Models to price all the usage on, at today's prices: model ids, <model-id>@<seller>, or <model-id>@cheapest for the model's vetted door that prices this export least (named in the answer); at most 10.",
  ),
  target_mode: choice(['standard', 'batch'] as const, "Price the targets in this mode (default: each row's own)."),
  target_service_tier: choice(SERVICE_TIERS, "Price the targets at this service tier (default: each row's own)."),
  region: regionParam,
  detail: choice(
    ['totals', 'rows'] as const,
    'totals (the default): the totals, the series per day, what was read and what was not priced; rows: each row priced as well, in rows.',
  ),
});

export type RepriceParams = z.output<typeof repriceQuery>;

/**
 * Work units (the repricer's: a row priced once, once more per target; a distinct name's
 * suggestions SUGGESTION_WORK) one request stands for against the rate limit, and done between two
 * turns of the event loop (a few milliseconds; a row read counts one).
 */
export const WORK_PER_REQUEST = 100;
export const SLICE_WORK = 1000;

/**
 * The work an export buys, charged before it is done: its rows on its targets, and each distinct
 * name as if unknown (its suggestions), since which are known is found only by doing the work.
 */
export function exportWork(parsed: Parsed, params: RepriceParams, catalogue: Catalogue): number {
  const names = new Set(parsed.rows.map((r) => r.model?.trim().toLowerCase()));
  // A door picked (@cheapest) costs each row once per candidate door besides its pricing as a target.
  const candidates = pickedTargets(catalogue, params.targets).count;
  return (
    repriceWork(parsed.rows.length + parsed.errors.length, (params.targets?.length ?? 0) + candidates) +
    names.size * SUGGESTION_WORK
  );
}

/** `<model-id>@cheapest`: the target a door is picked for. */
const PICK = /@\s*cheapest\s*$/i;

/** The doors a `<model-id>@cheapest` target picks among: the model's vetted doors with a price, as rankings take them. */
function pickDoors(catalogue: Catalogue, model: Model): Model[] {
  const doors = doorBookOf(catalogue)
    .doorsOf(model.id)
    .filter((door) => door.keptOut === undefined && door.priced !== undefined)
    .map((door) => ({ ...(door.priced as Model), id: door.id }));
  if (doors.length === 0)
    throw new ApiError(404, 'door_not_found', `${model.id} has no vetted door with a price on record (targets).`, {
      param: 'targets',
    });
  return doors;
}

/** The targets that pick a door (by their place in the list), and how many candidate doors they have in all. */
function pickedTargets(catalogue: Catalogue, ids: readonly string[] | undefined) {
  const pick: PickDoor[] = [];
  let count = 0;
  (ids ?? []).forEach((asked, index) => {
    if (!PICK.test(asked)) return;
    const doors = pickDoors(catalogue, findModel(catalogue, asked.replace(PICK, ''), 'targets'));
    pick.push({ index, doors });
    count += doors.length;
  });
  return { pick, count };
}

/** Lets the event loop answer what else has arrived (I/O first, as setImmediate runs after it) before the next slice. */
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** The export as a list of rows (format=rows), as an MCP tool passes it. */
const usageRows = z
  .array(
    z.strictObject(
      Object.fromEntries(
        CSV_COLUMNS.map((c) => [
          c,
          c === 'date' || c === 'model'
            ? z.union([z.string(), z.number()])
            : z.union([z.string(), z.number()]).optional(),
        ]),
      ),
    ),
  )
  .max(MAX_ROWS)
  .meta({
    description: `Usage rows; date (YYYY-MM-DD) and model required; counts inclusive (cached tokens are part of input_tokens). Columns: ${CSV_COLUMNS.join(', ')}.`,
  });

/**
 * The targets as priced: a model id at the model's own prices; `<model-id>@<seller>` at that
 * seller's door, named by the door's id so its totals stay apart from the model's own (the door's
 * record keeps the model's id). A target named twice is refused.
 */
function targetModels(catalogue: Catalogue, ids: readonly string[] | undefined, region?: RegionView): Model[] {
  if (ids === undefined) return [];
  const seen = new Map<string, string>();
  const find = (plain: string) => findModel(catalogue, plain, 'targets');
  return ids.map((asked) => {
    // region: each target is its door in the region, at the region's price.
    const there = region && !PICK.test(asked) && findInRegion(catalogue, region, asked, 'targets', find);
    const model = there
      ? { ...(there.priced as Model), id: asked.includes('@') ? there.id : (there.priced as Model).id }
      : targetModel(catalogue, asked);
    const earlier = seen.get(model.id);
    if (earlier !== undefined)
      throw new ApiError(
        400,
        'invalid_parameter',
        `targets names ${quote(model.id)} twice (${quote(earlier)} and ${quote(asked)}); list each once.`,
        { param: 'targets' },
      );
    seen.set(model.id, asked);
    return model;
  });
}

/** One target as priced (see targetModels); `<model-id>@cheapest` at its first candidate until the door is picked for the export. */
function targetModel(catalogue: Catalogue, asked: string): Model {
  const find = (plain: string) => findModel(catalogue, plain, 'targets');
  if (PICK.test(asked)) {
    const record = find(asked.replace(PICK, ''));
    return { ...(pickDoors(catalogue, record)[0] as Model), id: `${record.id}@cheapest` };
  }
  if (!asked.includes('@')) return find(asked);
  const { id, priced } = findPricedDoor(catalogue, asked, 'targets', find);
  return { ...(priced as Model), id };
}

/** An export's problem as the 400 that names where it is. */
function refused(e: UsageError): ApiError {
  const where = e.row ? `row ${e.row}: ` : '';
  return new ApiError(400, 'invalid_usage', `${where}${e.message}`, { param: e.field ?? 'body' });
}

/** Reads the body text (or a parsed list of rows) in the named or detected format, yielding after each row; past MAX_ROWS rows it stops with the 413. */
export function* readExport(body: string | unknown, format: FormatName | undefined): Generator<void, Parsed> {
  try {
    const reader = typeof body === 'string' ? readUsageText(body, format) : readUsageJson(body, format);
    let count = 0;
    for (let step = reader.next(); ; step = reader.next()) {
      if (step.done) return step.value;
      if (++count > MAX_ROWS) {
        throw new ApiError(
          413,
          'too_many_rows',
          `The export has more than ${MAX_ROWS} rows; at most ${MAX_ROWS} are priced at once: split it (by month, or into files of ${MAX_ROWS} rows) and send each part.`,
          { param: 'body' },
        );
      }
      yield;
    }
  } catch (e) {
    if (e instanceof UsageError) throw refused(e);
    throw e;
  }
}

/** readExport a slice of SLICE_WORK rows at a time, the event loop let go between slices. */
export async function readExportInSlices(body: string | unknown, format: FormatName | undefined): Promise<Parsed> {
  const reading = readExport(body, format);
  let read = 0;
  for (let step = reading.next(); ; step = reading.next()) {
    if (step.done) return step.value;
    if (++read % SLICE_WORK === 0) await nextTurn();
  }
}

/**
 * The answer to a parsed export, priced a slice of SLICE_WORK units at a time, the event loop let
 * go between slices; with detail=rows, serialised in slices too (its rows are most of it: 6 MB for
 * 10,000 rows on 10 targets).
 */
export async function repriceInSlices(
  parsed: Parsed,
  params: RepriceParams,
  catalogue: Catalogue,
  today: string,
): Promise<Answer | TextReply> {
  const slices = repriceSlices(catalogue, parsed, repriceOptions(catalogue, params, today), SLICE_WORK);
  for (let step = slices.next(); ; step = slices.next()) {
    if (step.done) {
      const answer = answerOf(step.value, params, today);
      if (answer.rows === undefined) return answer;
      const writing = answerJson(answer, Math.max(1, Math.floor(SLICE_WORK / (1 + (params.targets?.length ?? 0)))));
      for (let part = writing.next(); ; part = writing.next()) {
        if (part.done) return new TextReply(part.value, JSON_TYPE);
        await nextTurn();
      }
    }
    await nextTurn();
  }
}

/**
 * toJson(answer), its rows (the last field) written `perSlice` at a time, yielding between slices:
 * the same text as toJson of the whole (each row is written as it would be within it).
 */
export function* answerJson(answer: Answer, perSlice: number): Generator<void, string> {
  const { rows = [], ...rest } = answer;
  const parts = [toJson(rest).slice(0, -1), ',"rows":['];
  for (let i = 0; i < rows.length; i += perSlice) {
    if (i > 0) {
      parts.push(',');
      yield;
    }
    parts.push(toJson(rows.slice(i, i + perSlice)).slice(1, -1));
  }
  parts.push(']}');
  return parts.join('');
}

function repriceOptions(catalogue: Catalogue, params: RepriceParams, today: string) {
  const { pick } = pickedTargets(catalogue, params.targets);
  return {
    today,
    targets: targetModels(catalogue, params.targets, regionOf(catalogue, params.region)),
    ...(pick.length ? { pick } : {}),
    ...(params.target_mode === undefined ? {} : { targetMode: params.target_mode }),
    ...(params.target_service_tier === undefined ? {} : { targetServiceTier: params.target_service_tier }),
  };
}

type Answer = ReturnType<typeof answerOf>;

/** A target a door was picked for: the door, and why it. */
function pickedDoor(picked: readonly Picked[], id: string) {
  const p = picked.find((x) => x.target === id);
  return p === undefined
    ? {}
    : {
        door: p.door,
        picked: `the cheapest for this export at today's prices of ${p.of} vetted door${p.of === 1 ? '' : 's'} (GET /api/offers lists them)`,
      };
}

function answerOf(r: Repriced, params: RepriceParams, today: string) {
  const targets = r.tally.targetIds;
  return {
    format: r.format,
    today,
    read: r.tally.read(),
    ...(targets.length
      ? {
          targets: targets.map((id) => ({
            id,
            ...pickedDoor(r.picked, id),
            pricedAt: 'today',
            mode: params.target_mode ?? 'as each row',
            serviceTier: params.target_service_tier ?? 'as each row',
          })),
        }
      : {}),
    totals: r.tally.totals(),
    days: r.tally.days(),
    unknownModels: r.unknownModels,
    errors: r.errors,
    notes: [
      "cost: at the prices in force on each row's date (a span at its first day's); today: at today's prices; targets: at today's prices.",
      'Nothing sent is stored.',
      ...(params.detail === 'rows' ? [] : ['Each row priced: ask with detail=rows.']),
    ],
    ...(params.detail === 'rows' ? { rows: r.rows } : {}),
  };
}

export const repriceEndpoint = endpoint({
  method: 'POST',
  path: '/api/reprice',
  summary: "Re-price a usage export: each row at its own date's prices, at today's, and on each target",
  description:
    'Takes a usage export as the body: ccusage daily/monthly JSON, OpenAI Usage API completions buckets, Anthropic ' +
    'usage_report/messages, OpenRouter activity, a CSV with the columns ' +
    CSV_COLUMNS.join(',') +
    ', or a JSON list of ' +
    `objects with those columns. At most ${MAX_BODY_BYTES} bytes and ${MAX_ROWS} rows. Nothing is stored; the answer is ` +
    '`Cache-Control: no-store`. Its work counts against the rate limit: one request per 100 row-prices (each row once, once more per target) ' +
    "and per 5 distinct model names; each row priced comes with detail=rows. See docs/api.md for each format's rules.",
  query: repriceQuery,
  body: {
    maxBytes: MAX_BODY_BYTES,
    tooLarge: `The body is over ${MAX_BODY_BYTES} bytes (1 MiB); split the export (by month, or into files of at most ${MAX_ROWS} rows) and send each part.`,
    content: {
      'application/json': { schema: { description: 'A usage export in one of the JSON formats, or a list of rows.' } },
      'text/csv': {
        schema: {
          type: 'string',
          description: `A header line (${CSV_COLUMNS.join(',')}; date and model required), then one row a line.`,
        },
      },
    },
    read: (body, params) => readExportInSlices(body, params.format),
    argument: { name: 'rows', what: 'a list of usage rows', schema: usageRows, query: { format: 'rows' } },
  },
  noStore: true,
  charge: (parsed, params, catalogue) =>
    Math.max(1, Math.ceil(exportWork(parsed, params, catalogue) / WORK_PER_REQUEST)),
  response: {
    description:
      'The totals, a series per day, unknown models apart, per-row errors; each row priced with detail=rows.',
    content: {
      'application/json': {
        named: async () => ({ oneOf: { RepriceResponse: (await import('./response.js')).repriceResponseSchema } }),
      },
    },
    errors: [404, 413, 503],
    says: {
      400: 'The export cannot be read: the message names the row and field (param).',
      404: 'A target model is not known (with suggestions).',
      413: `Over ${MAX_BODY_BYTES} bytes or ${MAX_ROWS} rows: split the export and send each part.`,
      429: 'Rate limited (an upload counts one request per 100 row-prices and per 5 distinct model names, charged before it is priced).',
      503: 'The uploads being received hold all the memory they may: retry after Retry-After seconds.',
    },
  },
  tool: {
    name: 'reprice_usage',
    description:
      "Re-price usage rows: each at the prices in force on its date, at today's, and on each target model, with the cost the row reports beside ours; " +
      'unknown models are listed apart, never priced as $0',
    keys: ['targets', 'target_mode', 'target_service_tier', 'region', 'detail'],
  },
  commands: [
    {
      name: 'reprice',
      summary:
        "Re-price a usage export (ccusage, OpenAI, Anthropic, OpenRouter, CSV): at its dates' prices, today's, and on targets",
      body: { usage: 'FILE', what: 'a usage export' },
    },
  ],
  handle: (params, { catalogue, today }, parsed) => repriceInSlices(parsed, params, catalogue, today),
});
