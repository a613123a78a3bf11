/**
 * Query parameters: zod builders for each kind of value, and the parser that turns a query string
 * into typed parameters or a 400 that names the parameter and what it allows.
 */
import * as z from 'zod';
import { parseContext } from '../core/context-window.js';
import { parseScaled } from '../core/money.js';
import { closestMatches } from '../core/suggest.js';
import { ApiError, ClientError, quote } from './errors.js';

type Text = string | undefined;

/** A value a parameter does not allow; the message says what it allows. */
export class InvalidParam extends ClientError {}

/** Reads one parameter's text (undefined when absent) as its value, or throws InvalidParam. */
type Reader<T> = (text: Text) => T;

// Each parameter's reader, by its schema: parseQuery calls the readers directly (no zod work per
// request), and the schema (which the OpenAPI document, the CLI and MCP describe) runs the same
// reader in its transform, so both give the same values and the same messages.
const readers = new WeakMap<z.ZodType, Reader<unknown>>();

/**
 * A query parameter: a string read by `read` (which throws InvalidParam for a value it refuses),
 * described by `meta` in the OpenAPI document.
 */
export function param<T>(read: Reader<T>, meta: Parameters<z.ZodType['meta']>[0]) {
  const schema = z
    .string()
    .optional()
    .transform((text: Text, ctx): T => {
      try {
        return read(text);
      } catch (err) {
        if (!(err instanceof InvalidParam)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
        return z.NEVER;
      }
    })
    .meta(meta);
  readers.set(schema, read);
  return schema;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** Reads a whole number within [min, max], or says what is allowed. */
function wholeNumber(text: string, min: number, max: number): number {
  const value = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) {
    throw new InvalidParam(`must be a whole number from ${fmt(min)} to ${fmt(max)}; got ${quote(text)}`);
  }
  return value;
}

/** A whole number within [min, max]; `fallback` when absent. */
export function integer(min: number, max: number, fallback: number, description: string) {
  return param((text) => (text === undefined ? fallback : wholeNumber(text, min, max)), {
    description, default: String(fallback), examples: [String(fallback)],
  });
}

/** An optional whole number within [min, max]. */
export function optionalInteger(min: number, max: number, description: string) {
  return param((text) => (text === undefined ? undefined : wholeNumber(text, min, max)), { description });
}

/** An optional amount of USD (`12.5`), read exactly as nano-dollars. */
export function usdAmount(description: string) {
  return param((text) => {
    if (text === undefined) return undefined;
    const nanos = text.length <= 30 ? parseScaled(text, 9) : undefined;
    if (nanos === undefined) {
      throw new InvalidParam(`must be an amount of USD such as 25 or 0.01 (at most 9 decimals); got ${quote(text)}`);
    }
    return nanos;
  }, { description, examples: ['50'] });
}

/** One of fixed values, matched case-insensitively; aliases map other spellings to a value. */
export function choice<const V extends string>(
  values: readonly V[],
  description: string,
  aliases: Record<string, V> = {},
) {
  const lookup = new Map<string, V>(values.map((v) => [v.toLowerCase(), v]));
  for (const [alias, value] of Object.entries(aliases)) lookup.set(alias.toLowerCase(), value);
  const allowed = [...lookup.keys()].join(', ');
  return param((text): V | undefined => {
    if (text === undefined) return undefined;
    const value = lookup.get(text.toLowerCase());
    if (value === undefined) throw new InvalidParam(`must be one of ${allowed}; got ${quote(text)}`);
    return value;
  }, { description, enum: [...lookup.keys()] });
}

/** A comma-separated list of ids, between min and max entries, no repeats. */
export function idList(min: number, max: number, description: string) {
  return param((text): string[] | undefined => {
    if (text === undefined) return undefined;
    const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length < min || ids.length > max) {
      const range = min === max ? `${min}` : min <= 1 && ids.length > max ? `at most ${max}` : `${min} to ${max}`;
      throw new InvalidParam(`must list ${range} comma-separated model ids; got ${ids.length}`);
    }
    const seen = new Set<string>();
    for (const id of ids) {
      const key = id.toLowerCase();
      if (seen.has(key)) throw new InvalidParam(`lists ${quote(id)} more than once`);
      seen.add(key);
    }
    return ids;
  }, { description, examples: ['openai-gpt-5.6-terra,anthropic-claude-sonnet-5'] });
}

/** A context window in tokens: `128000`, `128K` or `1M`. */
export function contextSize(description: string) {
  return param((text) => {
    if (text === undefined) return undefined;
    const tokens = text.length <= 16 ? parseContext(text) : undefined;
    if (tokens === undefined || tokens > 100_000_000) {
      throw new InvalidParam(`must be a number of tokens such as 128000, 128K or 1M; got ${quote(text)}`);
    }
    return tokens;
  }, { description, examples: ['128K'] });
}

/** Free text such as a model id (validated against the catalogue by the handler). */
export function text(description: string, examples?: string[]) {
  const schema = z.string().optional().meta(examples ? { description, examples } : { description });
  readers.set(schema, (value) => value);
  return schema;
}

export type QuerySchema = z.ZodObject<Record<string, z.ZodType<unknown, string | undefined>>>;

/**
 * Reads the query: an empty value counts as absent, a parameter given twice or one the endpoint
 * does not know is a 400, and the first invalid value is reported with its parameter's name.
 */
export function parseQuery<S extends QuerySchema>(search: Iterable<readonly [string, string]>, schema: S): z.output<S> {
  const known = schema.shape;
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of search) {
    if (!Object.hasOwn(known, name)) {
      if (value === '') continue;
      const suggestions = closestMatches(name, Object.keys(known), 1);
      const hint = suggestions.length ? ` Did you mean ${suggestions[0]}?` : '';
      const allowed = Object.keys(known).join(', ') || 'none';
      throw new ApiError(400, 'unknown_parameter', `Unknown parameter ${quote(name)}.${hint} Allowed: ${allowed}.`, {
        param: name,
        ...(suggestions.length ? { suggestions } : {}),
      });
    }
    if (value === '') continue;
    if (Object.hasOwn(values, name)) {
      throw new ApiError(400, 'duplicate_parameter', `${name} is given more than once; give it once.`, { param: name });
    }
    values[name] = value;
  }
  // Read in the schema's order (so the first invalid value is reported, as zod would report it),
  // absent values left out, as zod leaves them.
  const params: Record<string, unknown> = {};
  for (const [name, read] of readersOf(schema)) {
    let value: unknown;
    try {
      value = read(values[name]);
    } catch (err) {
      if (!(err instanceof InvalidParam)) throw err;
      throw new ApiError(400, 'invalid_parameter', `${name} ${err.message}.`, { param: name });
    }
    if (value !== undefined) params[name] = value;
  }
  return params as z.output<S>;
}

const fieldReaders = new WeakMap<QuerySchema, ReadonlyArray<readonly [string, Reader<unknown>]>>();

/** A schema's fields with their readers, in order; a field not built by this module is a bug. */
function readersOf(schema: QuerySchema): ReadonlyArray<readonly [string, Reader<unknown>]> {
  let fields = fieldReaders.get(schema);
  if (fields === undefined) {
    fields = Object.entries(schema.shape).map(([name, field]) => {
      const read = readers.get(field);
      if (read === undefined) throw new Error(`query parameter ${name} was not built by src/http/params.ts, so it has no reader`);
      return [name, read] as const;
    });
    fieldReaders.set(schema, fields);
  }
  return fields;
}

/** Whether every field of a schema was built by this module (parseQuery needs their readers). */
export function readsDirectly(schema: QuerySchema): boolean {
  try {
    readersOf(schema);
    return true;
  } catch {
    return false;
  }
}

/**
 * The name/value pairs of a query string (without its `?`), decoded as a URL's searchParams decodes
 * them (`+` is a space), but without building a URL: plain text is sliced, and only a pair holding
 * `%` or `+` is decoded. Malformed percent-encoding falls back to URLSearchParams' lenient reading.
 */
export function queryEntries(search: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (search === '') return pairs;
  let start = 0;
  while (start <= search.length) {
    let end = search.indexOf('&', start);
    if (end === -1) end = search.length;
    if (end > start) {
      const eq = search.indexOf('=', start);
      const split = eq !== -1 && eq < end;
      let name = search.slice(start, split ? eq : end);
      let value = split ? search.slice(eq + 1, end) : '';
      try {
        if (name.includes('%') || name.includes('+')) name = decodeURIComponent(name.replaceAll('+', ' '));
        if (value.includes('%') || value.includes('+')) value = decodeURIComponent(value.replaceAll('+', ' '));
      } catch {
        // The leading `?` keeps a `?` that starts the query itself (`/p??a`) a part of it, as URL does.
        return [...new URLSearchParams(`?${search}`)];
      }
      pairs.push([name, value]);
    }
    start = end + 1;
  }
  return pairs;
}
