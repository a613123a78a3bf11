/**
 * This service's own columns, as a CSV (header first) or as a JSON list of objects (format `rows`,
 * what the site, the MCP tool and scripts send): `date` and `model` required; the rest optional,
 * counted inclusively as /api/calculate counts them (cached and cache-write tokens are part of
 * input_tokens, reasoning tokens part of output_tokens). `mode` is standard or batch; `cost` the
 * USD billed, when known. An unknown column is refused, naming it (a typo would price as 0).
 */
import {
  count,
  cost,
  day,
  emptyRow,
  FieldError,
  isObject,
  readRows,
  shown,
  UsageError,
  type Parsed,
  type UsageRow,
} from './rows.js';

/** The count columns, each with the row field it fills, in the order the columns are listed. */
const COUNT_COLUMNS = [
  ['input_tokens', 'inputTokens'],
  ['output_tokens', 'outputTokens'],
  ['cached_input_tokens', 'cachedInputTokens'],
  ['cache_write_tokens', 'cacheWrite5mTokens'],
  ['cache_write_1h_tokens', 'cacheWrite1hTokens'],
  ['reasoning_tokens', 'reasoningTokens'],
  ['input_audio_tokens', 'inputAudioTokens'],
  ['output_audio_tokens', 'outputAudioTokens'],
  ['web_searches', 'webSearches'],
] as const satisfies ReadonlyArray<readonly [string, keyof UsageRow]>;

export const CSV_COLUMNS = [
  'date',
  'end_date',
  'model',
  'seller',
  ...COUNT_COLUMNS.map(([column]) => column),
  'requests',
  'mode',
  'service_tier',
  'cost',
] as const;

const KNOWN = new Set<string>(CSV_COLUMNS);

/** One record (column → value) as a row. */
function rowOf(n: number, rec: Record<string, unknown>, at: string): UsageRow {
  const model = rec['model'];
  if (typeof model !== 'string' || model.trim() === '') throw new FieldError('model', `${at}: model is required`);
  const r = emptyRow(n, day(rec['date'], 'date'), model.trim());
  if (rec['end_date'] !== undefined && rec['end_date'] !== '') {
    const end = day(rec['end_date'], 'end_date');
    if (end < r.date) throw new FieldError('end_date', `${at}: end_date ${end} is before date ${r.date}`);
    if (end > r.date) r.endDate = end;
  }
  if (typeof rec['seller'] === 'string' && rec['seller'] !== '') r.seller = rec['seller'];
  for (const [column, field] of COUNT_COLUMNS) r[field] = count(rec[column], column);
  if (rec['requests'] !== undefined && rec['requests'] !== '') r.requests = count(rec['requests'], 'requests');
  const inside = r.cachedInputTokens + r.cacheWrite5mTokens + r.cacheWrite1hTokens;
  if (inside > r.inputTokens)
    throw new FieldError(
      'input_tokens',
      `${at}: input_tokens (${r.inputTokens}) must include the cached and cache-write tokens (${inside})`,
    );
  if (r.reasoningTokens > r.outputTokens)
    throw new FieldError(
      'output_tokens',
      `${at}: output_tokens (${r.outputTokens}) must include reasoning_tokens (${r.reasoningTokens})`,
    );
  const mode = rec['mode'];
  if (mode !== undefined && mode !== '' && mode !== 'standard' && mode !== 'batch')
    throw new FieldError('mode', `${at}: mode must be standard or batch, not ${shown(mode)}`);
  r.batch = mode === 'batch';
  if (typeof rec['service_tier'] === 'string' && rec['service_tier'] !== '') r.serviceTier = rec['service_tier'];
  const reported = cost(rec['cost'], 'cost');
  if (reported !== undefined) r.reportedCost = reported;
  return r;
}

/** Records read the same way from a CSV or a JSON list; it yields after each row (readUsage's slices). */
function parseRecords(
  records: Iterable<Record<string, unknown>>,
  format: 'csv' | 'rows',
  firstRow: number,
): Generator<void, Parsed> {
  return readRows(format, records, (rec, n) => {
    for (const key of Object.keys(rec)) {
      if (!KNOWN.has(key))
        throw new UsageError(
          `Row ${n} (line ${n - 1 + firstRow}) has an unknown column ${shown(key)}; the columns are ${CSV_COLUMNS.join(', ')}.`,
          n,
          key.slice(0, 40),
        );
    }
    return rowOf(n, rec, `row ${n}`);
  });
}

export function* parseRowList(list: unknown[]): Generator<void, Parsed> {
  const records = function* () {
    for (const [i, item] of list.entries()) {
      if (!isObject(item))
        throw new UsageError(
          `Row ${i + 1} must be an object with the columns ${CSV_COLUMNS.join(', ')}.`,
          i + 1,
          'rows',
        );
      yield item;
    }
  };
  return yield* parseRecords(records(), 'rows', 1);
}

/** The fields of one CSV line (RFC 4180 quotes: "a,b" and "" inside quotes). */
function fields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

export function* parseCsv(text: string): Generator<void, Parsed> {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const header = fields(lines[0] ?? '').map((h) => h.toLowerCase());
  for (const h of header)
    if (!KNOWN.has(h))
      throw new UsageError(
        `The CSV header has an unknown column ${shown(h)}; the columns are ${CSV_COLUMNS.join(', ')}.`,
        0,
        h.slice(0, 40),
      );
  if (!header.includes('date') || !header.includes('model'))
    throw new UsageError('The CSV header must name the columns date and model.', 0, 'header');
  // Each line is split when its row is read (lazily), so that reading it is sliced with the row.
  const records = function* () {
    for (let i = 0; i + 1 < lines.length; i++) {
      const values = fields(lines[i + 1] as string);
      if (values.length > header.length)
        throw new UsageError(
          `Row ${i + 1} (line ${i + 2}) has ${values.length} fields; the header has ${header.length}.`,
          i + 1,
          'row',
        );
      const rec: Record<string, unknown> = {};
      header.forEach((h, k) => {
        if (values[k] !== undefined && values[k] !== '') rec[h] = values[k];
      });
      yield rec;
    }
  };
  return yield* parseRecords(records(), 'csv', 2);
}

/** A common row back in this service's own columns (format `rows`): what the site sends of a file it read. */
export function toColumns(r: UsageRow): Record<string, string | number> {
  const out: Record<string, string | number> = { date: r.date, model: r.model ?? '' };
  if (r.endDate !== undefined) out.end_date = r.endDate;
  if (r.seller !== undefined) out.seller = r.seller;
  for (const [column, field] of COUNT_COLUMNS) if (r[field]) out[column] = r[field];
  if (r.requests !== undefined) out.requests = r.requests;
  if (r.batch) out.mode = 'batch';
  if (r.serviceTier !== undefined) out.service_tier = r.serviceTier;
  if (r.reportedCost !== undefined) out.cost = r.reportedCost;
  return out;
}
