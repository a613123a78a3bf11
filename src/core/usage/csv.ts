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
  readRow,
  shown,
  UsageError,
  type Parsed,
  type UsageRow,
} from './rows.js';

export const CSV_COLUMNS = [
  'date',
  'end_date',
  'model',
  'seller',
  'input_tokens',
  'output_tokens',
  'cached_input_tokens',
  'cache_write_tokens',
  'cache_write_1h_tokens',
  'reasoning_tokens',
  'input_audio_tokens',
  'output_audio_tokens',
  'web_searches',
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
  r.inputTokens = count(rec['input_tokens'], 'input_tokens');
  r.outputTokens = count(rec['output_tokens'], 'output_tokens');
  r.cachedInputTokens = count(rec['cached_input_tokens'], 'cached_input_tokens');
  r.cacheWrite5mTokens = count(rec['cache_write_tokens'], 'cache_write_tokens');
  r.cacheWrite1hTokens = count(rec['cache_write_1h_tokens'], 'cache_write_1h_tokens');
  r.reasoningTokens = count(rec['reasoning_tokens'], 'reasoning_tokens');
  r.inputAudioTokens = count(rec['input_audio_tokens'], 'input_audio_tokens');
  r.outputAudioTokens = count(rec['output_audio_tokens'], 'output_audio_tokens');
  r.webSearches = count(rec['web_searches'], 'web_searches');
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
function* parseRecords(
  records: Iterable<Record<string, unknown>>,
  format: 'csv' | 'rows',
  firstRow: number,
): Generator<void, Parsed> {
  const rows: UsageRow[] = [];
  const errors: Parsed['errors'] = [];
  let i = 0;
  for (const rec of records) {
    const n = i + 1;
    for (const key of Object.keys(rec)) {
      if (!KNOWN.has(key))
        throw new UsageError(
          `Row ${n} (line ${i + firstRow}) has an unknown column ${shown(key)}; the columns are ${CSV_COLUMNS.join(', ')}.`,
          n,
          key.slice(0, 40),
        );
    }
    const row = readRow(errors, n, () => rowOf(n, rec, `row ${n}`));
    if (row) rows.push(row);
    i += 1;
    yield;
  }
  return { format, rows, errors };
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
