/**
 * The common usage row every export format is read into: one model, one day (or span), token
 * totals. Counts are inclusive as a Workload's are (cachedInputTokens and cacheWrite*Tokens are
 * part of inputTokens; reasoningTokens part of outputTokens), whatever the export's own rule.
 */
export interface UsageRow {
  /** The row's place in the export, 1-based, for messages. */
  row: number;
  /** First day covered, YYYY-MM-DD. */
  date: string;
  /** Last day covered when the row is a span (a month), YYYY-MM-DD. */
  endDate?: string;
  /** The model as the export spells it; null when the export does not say (OpenAI without group_by=model). */
  model: string | null;
  /** The seller the export names (OpenRouter's provider_name). */
  seller?: string;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWrite5mTokens: number;
  cacheWrite1hTokens: number;
  reasoningTokens: number;
  inputAudioTokens: number;
  outputAudioTokens: number;
  webSearches: number;
  /** Requests, when the export counts them. */
  requests?: number;
  batch: boolean;
  serviceTier?: string;
  /** The export says the requests were past the long-context threshold (Anthropic's 200k-1M window). */
  longContext?: boolean;
  /** The cost the export reports, USD, when it reports one. */
  reportedCost?: number;
}

/** A row that could not be read: where, which field, why. The rest of the export is still priced. */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface Parsed {
  format: FormatName;
  rows: UsageRow[];
  errors: RowError[];
}

export const FORMATS = ['ccusage', 'openai', 'anthropic', 'openrouter', 'csv', 'rows'] as const;
export type FormatName = (typeof FORMATS)[number];

/** A problem with the export as a whole (not JSON, not the named format): the caller answers 400. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly row?: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const emptyRow = (row: number, date: string, model: string | null): UsageRow => ({
  row,
  date,
  model,
  inputTokens: 0,
  outputTokens: 0,
  cachedInputTokens: 0,
  cacheWrite5mTokens: 0,
  cacheWrite1hTokens: 0,
  reasoningTokens: 0,
  inputAudioTokens: 0,
  outputAudioTokens: 0,
  webSearches: 0,
  batch: false,
});

/** Thrown by the readers below; a parser turns it into a RowError for its row. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The earliest and latest day a row may name. */
export const FIRST_DAY = '2015-01-01';
export const LAST_DAY = '2100-12-31';
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The most a count may be (a quadrillion: more than any month of any account), so that a row's sums
 * stay exact whole numbers; and the most a reported cost may be, USD (so that it has exact nano-dollars).
 */
export const MAX_COUNT = 1e15;
export const MAX_COST = 1e12;

/**
 * Input echoed in a message: a string quoted and cut to 40 characters (as the API's errors quote),
 * a number as it is, anything else by its kind: never serialised, since it may be nested thousands deep.
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : typeof value;
}

// Numbers written as text are read in plain digits, as the query string's are (no 0x10, 1e3, " 12 "); a
// minus sign is read, so that a negative number is refused as negative.
const WHOLE = /^-?\d{1,16}$/;
const DECIMAL = /^-?\d{1,16}(?:\.\d{1,20})?$/;

/** A whole count from 0 to MAX_COUNT (absent or null: 0): a JSON number, or text in plain digits. */
export function count(value: unknown, field: string): number {
  if (value === undefined || value === null || value === '') return 0;
  const n = typeof value === 'string' ? (WHOLE.test(value) ? Number(value) : NaN) : value;
  if (typeof n === 'number' && n < 0) throw new FieldError(field, `${field} must not be negative (${n})`);
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_COUNT) {
    throw new FieldError(
      field,
      `${field} must be a whole number from 0 to ${MAX_COUNT} in plain digits, not ${shown(value)}`,
    );
  }
  return n;
}

/** A cost in USD from 0 to MAX_COST, or undefined when absent: a JSON number, or text in plain digits (`0.25`). */
export function cost(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' ? (DECIMAL.test(value) ? Number(value) : NaN) : value;
  if (typeof n === 'number' && n < 0) throw new FieldError(field, `${field} must not be negative (${n})`);
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > MAX_COST) {
    throw new FieldError(
      field,
      `${field} must be a number of USD from 0 to ${MAX_COST} in plain digits, not ${shown(value)}`,
    );
  }
  return n;
}

/** A day YYYY-MM-DD from a date, an ISO timestamp or (numbers) Unix seconds, within FIRST_DAY..LAST_DAY. */
export function day(value: unknown, field: string): string {
  let text: string | undefined;
  if (typeof value === 'number' && Number.isFinite(value)) {
    const d = new Date(value * 1000);
    if (!Number.isNaN(d.getTime())) text = d.toISOString().slice(0, 10);
  } else if (typeof value === 'string') {
    const m = DATE.exec(value.trim());
    if (m) {
      const d = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
      if (!Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === m[0]) text = m[0];
    }
  }
  if (text === undefined)
    throw new FieldError(
      field,
      `${field} must be a date (YYYY-MM-DD, an ISO time or Unix seconds), not ${shown(value)}`,
    );
  if (text < FIRST_DAY || text > LAST_DAY)
    throw new FieldError(field, `${field} ${text} is out of range (${FIRST_DAY} to ${LAST_DAY})`);
  return text;
}

/** The last day of the month of a YYYY-MM(-DD) day. */
export function monthEnd(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Runs `read` for one row; a FieldError becomes a RowError, the row is skipped. */
export function readRow(errors: RowError[], row: number, read: () => UsageRow | undefined): UsageRow | undefined {
  try {
    return read();
  } catch (e) {
    if (e instanceof FieldError) {
      errors.push({ row, field: e.field, message: e.message });
      return undefined;
    }
    throw e;
  }
}

/**
 * An export's rows, one an item, numbered from 1: `read` makes an item's row, and a FieldError it
 * throws is that row's error, the others read on. Like every format's reader, it yields after each
 * row (readUsageJson, readUsageText).
 */
export function* readRows<T>(
  format: FormatName,
  items: Iterable<T>,
  read: (item: T, n: number) => UsageRow,
): Generator<void, Parsed> {
  const rows: UsageRow[] = [];
  const errors: RowError[] = [];
  let n = 0;
  for (const item of items) {
    const row = readRow(errors, ++n, () => read(item, n));
    if (row) rows.push(row);
    yield;
  }
  return { format, rows, errors };
}

/**
 * The rows of a bucketed report (OpenAI's and Anthropic's usage APIs): `data[].results[]`, each
 * result one model in one bucket. `start` names the bucket's first-day field; `read` fills the row.
 */
export function bucketRows(
  doc: Record<string, unknown>,
  format: FormatName,
  start: string,
  read: (r: UsageRow, res: Record<string, unknown>, bucket: Record<string, unknown>, at: string, i: number) => void,
): Generator<void, Parsed> {
  function* results() {
    for (const [i, bucket] of (doc['data'] as unknown[]).entries()) {
      const list = isObject(bucket) && Array.isArray(bucket['results']) ? (bucket['results'] as unknown[]) : [];
      for (const [j, res] of list.entries()) yield { i, bucket, res, at: `data[${i}].results[${j}]` };
    }
  }
  return readRows(format, results(), ({ i, bucket, res, at }, n) => {
    if (!isObject(res) || !isObject(bucket)) throw new FieldError(at, `${at} must be an object`);
    const model = res['model'];
    if (model !== null && model !== undefined && typeof model !== 'string')
      throw new FieldError(`${at}.model`, `${at}.model must be a model id or null`);
    const r = emptyRow(n, day(bucket[start], `data[${i}].${start}`), typeof model === 'string' ? model : null);
    read(r, res, bucket, at, i);
    return r;
  });
}

/** A reader (a generator that yields after each row) run to its end. */
export function drain<T>(reader: Generator<unknown, T>): T {
  for (;;) {
    const step = reader.next();
    if (step.done) return step.value;
  }
}
