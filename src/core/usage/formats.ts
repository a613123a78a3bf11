/** Which format an export is in (detected from its shape, or named), and its rows. */
import { parseAnthropic } from './anthropic.js';
import { parseCcusage } from './ccusage.js';
import { parseCsv, parseRowList } from './csv.js';
import { parseOpenAi } from './openai.js';
import { parseOpenRouter } from './openrouter.js';
import { drain, FORMATS, isObject, UsageError, type FormatName, type Parsed } from './rows.js';

export { FORMATS, type FormatName };

const first = (doc: Record<string, unknown>): Record<string, unknown> | undefined => {
  const data = doc['data'];
  return Array.isArray(data) && isObject(data[0]) ? data[0] : undefined;
};

/** The format of a parsed JSON document, or undefined. */
export function detectFormat(doc: unknown): FormatName | undefined {
  if (Array.isArray(doc)) return 'rows';
  if (!isObject(doc)) return undefined;
  if (Array.isArray(doc['daily']) || Array.isArray(doc['monthly'])) return 'ccusage';
  if (Array.isArray(doc['rows'])) return 'rows';
  const item = first(doc);
  if (Array.isArray(doc['data']) && doc['data'].length === 0) return 'openai';
  if (item === undefined) return undefined;
  if ('model_permaslug' in item || 'prompt_tokens' in item) return 'openrouter';
  if ('starting_at' in item) return 'anthropic';
  if ('start_time' in item) return 'openai';
  return undefined;
}

/** The shape each format needs at its top, for the message when a named format does not match. */
const SHAPE: Record<FormatName, string> = {
  ccusage: 'an object with a daily or monthly list',
  openai: 'an object with a data list of buckets (start_time, results)',
  anthropic: 'an object with a data list of buckets (starting_at, results)',
  openrouter: 'an object with a data list of activity rows (date, model_permaslug)',
  csv: 'CSV text with a header line',
  rows: 'a list of objects, or an object with a rows list',
};

function fits(doc: unknown, format: FormatName): boolean {
  if (format === 'rows') return Array.isArray(doc) || (isObject(doc) && Array.isArray(doc['rows']));
  if (!isObject(doc)) return false;
  if (format === 'ccusage') return Array.isArray(doc['daily']) || Array.isArray(doc['monthly']);
  return Array.isArray(doc['data']);
}

/** Reads a JSON document (already parsed) in the named or detected format. */
export function parseUsageJson(doc: unknown, format?: FormatName): Parsed {
  return drain(readUsageJson(doc, format));
}

/** Reads an export as text: JSON when it parses as JSON (or format names a JSON one), else CSV. */
export function parseUsageText(text: string, format?: FormatName): Parsed {
  return drain(readUsageText(text, format));
}

/** parseUsageJson, yielding after each row read (so that a server can read a large export in slices). */
export function* readUsageJson(doc: unknown, format?: FormatName): Generator<void, Parsed> {
  const f = format ?? detectFormat(doc);
  if (f === undefined)
    throw new UsageError(
      `The export's format is not recognised; name it with format= (one of ${FORMATS.join(', ')}).`,
      undefined,
      'format',
    );
  if (f === 'csv') throw new UsageError('format=csv takes CSV text, not JSON.', undefined, 'format');
  if (!fits(doc, f)) throw new UsageError(`A ${f} export is ${SHAPE[f]}.`, undefined, 'format');
  const obj = doc as Record<string, unknown>;
  switch (f) {
    case 'ccusage':
      return yield* parseCcusage(obj);
    case 'openai':
      return yield* parseOpenAi(obj);
    case 'anthropic':
      return yield* parseAnthropic(obj);
    case 'openrouter':
      return yield* parseOpenRouter(obj);
    case 'rows':
      return yield* parseRowList(Array.isArray(doc) ? doc : (obj['rows'] as unknown[]));
  }
}

/** parseUsageText, yielding after each row read. */
export function* readUsageText(text: string, format?: FormatName): Generator<void, Parsed> {
  if (format === 'csv') return yield* parseCsv(text);
  const trimmed = text.trimStart();
  if (format === undefined && !trimmed.startsWith('{') && !trimmed.startsWith('[')) return yield* parseCsv(text);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`The export is not valid JSON (${(e as Error).message}).`, undefined, 'body');
  }
  return yield* readUsageJson(doc, format);
}
