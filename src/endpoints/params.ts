/**
 * Query parameters: zod builders for each kind of value, and the parser that turns a query string
 * into an endpoint's typed parameters (its zod schema does the reading) or a 400 that names the
 * parameter and what it allows.
 */
import * as z from 'zod';
import { parseContext } from '../core/pricing/context-window.js';
import { parseScaled } from '../core/schema/money.js';
import { closestMatches } from '../core/catalogue/suggest.js';
import { ApiError, quote } from '../lib/errors.js';

type Text = string | undefined;
type Meta = Parameters<z.ZodType['meta']>[0];

/**
 * A query parameter: its text (undefined when absent) read by `read`, which returns the value or
 * a string saying what the parameter allows (the 400's message), described by `meta` in the
 * OpenAPI document.
 */
export function param<T>(read: (text: Text) => T | { refused: string }, meta: Meta) {
  return z
    .string()
    .optional()
    .transform((text: Text, ctx): T => {
      const value = read(text);
      if (isRefusal(value)) {
        ctx.addIssue({ code: 'custom', message: value.refused });
        return z.NEVER;
      }
      return value;
    })
    .meta(meta);
}

function isRefusal(value: unknown): value is { refused: string } {
  return typeof value === 'object' && value !== null && 'refused' in value;
}

/** The most tokens of any kind one request may give (input_tokens, output_tokens and their parts). */
export const MAX_TOKENS = 100_000_000;

/** Digits, optionally grouped in threes by commas as people write them (`1,000`). */
const DIGITS = /^(?:\d{1,16}|\d{1,3}(?:,\d{3}){1,5})$/;

/** Reads a whole number within [min, max] (`1000` or `1,000`), or says what is allowed. */
function wholeNumber(text: string, min: number, max: number): number | { refused: string } {
  const value = DIGITS.test(text) ? Number(text.replaceAll(',', '')) : NaN;
  if (value >= min && value <= max) return value;
  const example = min <= 1000 && max >= 1000 ? 1000 : max;
  return {
    refused: `must be a whole number from ${min} to ${max} in plain digits, e.g. ${example}; got ${quote(text)}`,
  };
}

/** A whole number within [min, max]; `fallback` when absent. */
export function integer(min: number, max: number, fallback: number, description: string) {
  return param((text) => (text === undefined ? fallback : wholeNumber(text, min, max)), {
    description,
    default: String(fallback),
    examples: [String(fallback)],
  });
}

/** An optional whole number within [min, max]. */
export function optionalInteger(min: number, max: number, description: string, hint = '') {
  return param(
    (text) => {
      if (text === undefined) return undefined;
      const read = wholeNumber(text, min, max);
      // `hint` ends the refusal, where another parameter is what the client likely meant.
      return typeof read === 'number' || hint === '' ? read : { refused: `${read.refused}${hint}` };
    },
    { description },
  );
}

/** An optional amount of USD (`12.5`), read exactly as nano-dollars. */
export function usdAmount(description: string) {
  return param(
    (text) => {
      if (text === undefined) return undefined;
      // `$1,250.50` reads as meant: a leading $ and commas between groups of three digits are dropped.
      const match = text.length <= 30 ? /^\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/.exec(text) : null;
      const nanos = match ? parseScaled(`${match[1]!.replaceAll(',', '')}${match[2] ?? ''}`, 9) : undefined;
      return (
        nanos ?? {
          refused: `must be an amount of USD in plain digits, e.g. 25 or 0.01 (at most 9 decimals); got ${quote(text)}`,
        }
      );
    },
    { description, examples: ['50'] },
  );
}

/**
 * One of fixed values, matched case-insensitively; aliases map other spellings to a value; `hint`
 * ends the refusal (where another parameter is what the client likely meant).
 */
export function choice<const V extends string>(
  values: readonly V[],
  description: string,
  aliases: Record<string, V> = {},
  hint = '',
) {
  const read = choiceReader(values, aliases, hint);
  return param((text): V | undefined | { refused: string } => (text === undefined ? undefined : read(text)), {
    description,
    enum: [...read.allowed],
  });
}

/** One of fixed values (as choice), `fallback` when absent. */
export function choiceOr<const V extends string>(
  values: readonly V[],
  fallback: V,
  description: string,
  aliases: Record<string, V> = {},
) {
  const read = choiceReader(values, aliases);
  return param((text): V | { refused: string } => (text === undefined ? fallback : read(text)), {
    description,
    default: fallback,
    enum: [...read.allowed],
  });
}

function choiceReader<V extends string>(values: readonly V[], aliases: Record<string, V>, hint = '') {
  const lookup = new Map<string, V>(values.map((v) => [v.toLowerCase(), v]));
  for (const [alias, value] of Object.entries(aliases)) lookup.set(alias.toLowerCase(), value);
  const allowed = [...lookup.keys()];
  const read = (text: string): V | { refused: string } => {
    const value = lookup.get(text.toLowerCase());
    if (value !== undefined) return value;
    // A near miss (codeing, long_contxt) is named: "(did you mean coding?)".
    const [near] = closestMatches(text, allowed, 1);
    const mean = near === undefined ? '' : ` (did you mean ${near}?)`;
    return { refused: `must be one of ${allowed.join(', ')}; got ${quote(text)}${mean}${hint}` };
  };
  return Object.assign(read, { allowed });
}

/** An on/off switch: true or false (also 1 / 0, yes / no); `false` when absent. */
export function flag(description: string) {
  const values: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false };
  return param(
    (text): boolean | { refused: string } => {
      if (text === undefined) return false;
      return values[text.toLowerCase()] ?? { refused: `must be true or false; got ${quote(text)}` };
    },
    { description, default: 'false', enum: ['true', 'false'] },
  );
}

/** Which models a list or ranking keeps: current ones, legacy ones, or all. */
export const STATUS_FILTERS = ['current', 'legacy', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The status filter, defaulting to `fallback`. */
export function statusFilter(fallback: StatusFilter) {
  return choiceOr(
    STATUS_FILTERS,
    fallback,
    `Keep current models (sold and recommended), legacy ones (older, still sold) or all; default ${fallback}.`,
  );
}

/**
 * Splits a list as people type it: `a,b`, `a, b` and `a b` are all [a, b]. A door's seller runs
 * to the next comma, as a seller's name may hold spaces: `a x@Amazon Bedrock` is [a, x@Amazon Bedrock].
 */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .flatMap((part) => {
      const at = part.indexOf('@');
      if (at < 0) return part.split(/\s+/);
      const before = part.slice(0, at).trim().split(/\s+/);
      return [...before.slice(0, -1), `${before.at(-1) ?? ''}@${part.slice(at + 1).trim()}`];
    })
    .filter(Boolean);
}

/** A list of ids separated by commas (spaces are read as commas), between min and max entries, no repeats. */
export function idList(min: number, max: number, description: string) {
  return param(
    (text): string[] | undefined | { refused: string } => {
      if (text === undefined) return undefined;
      const ids = splitList(text);
      if (ids.length < min || ids.length > max) {
        const range = min === max ? `${min}` : min <= 1 && ids.length > max ? `at most ${max}` : `${min} to ${max}`;
        const got = ids.length === 0 ? 'none' : `${ids.length} (${quote(ids.join(','))})`;
        return { refused: `must list ${range} model ids separated by commas, e.g. ${EXAMPLE_IDS}; got ${got}` };
      }
      const seen = new Set<string>();
      for (const id of ids) {
        const key = id.toLowerCase();
        if (seen.has(key)) return { refused: `lists ${quote(id)} more than once` };
        seen.add(key);
      }
      return ids;
    },
    { description, examples: [EXAMPLE_IDS] },
  );
}

const EXAMPLE_IDS = 'openai-gpt-5.6-terra,anthropic-claude-sonnet-5';

/** A context window in tokens: `128000`, `128K` or `1M`. */
export function contextSize(description: string) {
  return param(
    (text) => {
      if (text === undefined) return undefined;
      const tokens = text.length <= 16 ? parseContext(text) : undefined;
      if (tokens !== undefined && tokens <= 100_000_000) return tokens;
      return { refused: `must be a number of tokens such as 128000, 128K or 1M; got ${quote(text)}` };
    },
    { description, examples: ['128K'] },
  );
}

/** Free text such as a model id (validated against the catalogue by the handler). */
export function text(description: string, examples?: string[]) {
  return z
    .string()
    .optional()
    .meta(examples ? { description, examples } : { description });
}

export type QuerySchema = z.ZodObject<Record<string, z.ZodType<unknown, string | undefined>>>;

/**
 * Reads a query: an empty value counts as absent, a parameter given twice or one the endpoint
 * does not know is a 400, and the schema reads the rest; its first issue (in the schema's order)
 * becomes the 400, naming the parameter.
 */
export function parseQuery<S extends QuerySchema>(search: Iterable<readonly [string, string]>, schema: S): z.output<S> {
  const known = schema.shape;
  const values: Record<string, string> = {};
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
  const parsed = compiled(schema).safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? '');
  throw new ApiError(400, 'invalid_parameter', `${name} ${issue?.message ?? 'is not valid'}.`, { param: name });
}

const parsers = new WeakMap<QuerySchema, QuerySchema>();

/**
 * The schema as zod compiles it (on its first query): zod generates one function that reads the
 * whole query, where its runtime parser makes several objects per parameter. A query the compiled
 * function refuses, and every query where code cannot be generated (a Worker), is read by the
 * runtime parser, whose issues name the parameter.
 */
function compiled<S extends QuerySchema>(schema: S): S {
  let parser = parsers.get(schema);
  if (parser === undefined) {
    parser = z.compile(schema);
    parsers.set(schema, parser);
  }
  return parser as S;
}
