/**
 * parseQuery reads a query with each schema as zod compiles it: for any values, it gives what
 * zod's runtime parser gives (the same parameters, values and key order), and refuses what the
 * runtime parser refuses, with the runtime parser's first issue.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '../../src/endpoints/index.js';
import { ApiError } from '../../src/lib/errors.js';
import { parseQuery, type QuerySchema } from '../../src/endpoints/params.js';
import { NASTY_VALUES } from '../reliability/arbitraries.js';

/** What zod's runtime parser makes of the values: the parameters, or the 400's message. */
function runtimeReading(schema: QuerySchema, values: Record<string, string>): { data: unknown } | { refused: string } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const issue = parsed.error.issues[0];
  return { refused: `${String(issue?.path[0] ?? '')} ${issue?.message ?? 'is not valid'}.` };
}

function parseQueryReading(
  schema: QuerySchema,
  values: Record<string, string>,
): { data: unknown } | { refused: string } {
  try {
    return { data: parseQuery(Object.entries(values), schema) };
  } catch (err) {
    if (err instanceof ApiError) return { refused: err.message };
    throw err;
  }
}

/** Values a parameter may meet: the ones it allows (its enum, examples, default), numbers as people write them, and junk. */
function valueOf(schema: QuerySchema, name: string): fc.Arbitrary<string> {
  const meta = (schema.shape[name] as { meta(): Record<string, unknown> | undefined }).meta() ?? {};
  const allowed = [
    ...((meta.enum as string[] | undefined) ?? []),
    ...((meta.examples as string[] | undefined) ?? []),
    ...(typeof meta.default === 'string' ? [meta.default] : []),
  ];
  return fc.oneof(
    ...(allowed.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...allowed) }] : []),
    { weight: 2, arbitrary: fc.nat({ max: 12 }).map(String) },
    { weight: 2, arbitrary: fc.nat({ max: 200_000_000 }).map(String) },
    { weight: 1, arbitrary: fc.nat({ max: 999_999 }).map((n) => n.toLocaleString('en-US')) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_VALUES.filter((v) => v !== '')) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
  );
}

describe('parseQuery with compiled schemas', () => {
  for (const e of API_ENDPOINTS.filter((endpoint) => !endpoint.ignoreQuery)) {
    const names = Object.keys(e.query.shape);
    if (names.length === 0) continue;
    it(`${e.path}: reads any query as zod's runtime parser reads it`, () => {
      // A few parameters at a time, so that one refused does not hide the others from the test.
      const query = fc
        .shuffledSubarray(names, { maxLength: Math.min(4, names.length) })
        .chain((given) => fc.record(Object.fromEntries(given.map((name) => [name, valueOf(e.query, name)]))));
      fc.assert(
        fc.property(query, (values) => {
          const got = parseQueryReading(e.query, values);
          const expected = runtimeReading(e.query, values);
          expect(got).toEqual(expected);
          if ('data' in got && 'data' in expected)
            expect(Object.keys(got.data as object)).toEqual(Object.keys(expected.data as object));
        }),
        { numRuns: 400 },
      );
    });
  }
});
