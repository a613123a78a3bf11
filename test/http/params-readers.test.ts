/**
 * parseQuery reads parameters with each field's reader instead of zod's safeParse; the schema runs
 * the same reader in its transform. For any values, both ways must give the same parameters, or
 * the same 400 naming the same parameter with the same message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/http/app.js';
import { ApiError } from '../../src/http/errors.js';
import { parseQuery, readsDirectly, type QuerySchema } from '../../src/http/params.js';

const value = fc.oneof(
  fc.constantFrom('0', '1', '-1', '1.5', '1e3', '0x10', ' 5', '100000000', '100000001', '1000000000', '31', '32', '128K', '1m',
    '0.000000001', '0.0000000001', '12.5', 'alpha-nano', 'a,b', 'a,A', ',', 'a,,b', 'Budget', 'HIGH', 'low', 'long_context',
    'streaming', 'svg', 'flat-square', 'coding', '2025-01-01', '1900-13-01', '%'),
  fc.string({ maxLength: 20 }),
  fc.nat().map(String),
);

/** What zod alone makes of the values: the parsed object, or the first issue as parseQuery words it. */
function viaZod(schema: QuerySchema, values: Record<string, string>): unknown {
  // parseQuery counts an empty value as absent before any field is read.
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')));
  if (parsed.success) return { ok: parsed.data };
  const issue = parsed.error.issues[0];
  const param = String(issue?.path[0] ?? '');
  return { error: `${param} ${issue?.message}.`, param };
}

function viaReaders(schema: QuerySchema, values: Record<string, string>): unknown {
  try {
    return { ok: parseQuery(Object.entries(values), schema) };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { error: err.message, param: (err.toBody().error as { param?: string }).param };
  }
}

describe('parseQuery without zod', () => {
  const endpoints = ENDPOINTS.filter((e) => Object.keys(e.query.shape).length > 0);

  it('reads every endpoint with parameters directly', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(7);
    for (const e of ENDPOINTS) expect(readsDirectly(e.query), e.path).toBe(true);
  });

  for (const e of endpoints) {
    it(`${e.path}: the same parameters or the same error as the zod schema`, () => {
      const names = Object.keys(e.query.shape);
      const values = fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length });
      fc.assert(
        fc.property(values, (v) => {
          expect(viaReaders(e.query, v)).toStrictEqual(viaZod(e.query, v));
        }),
        { numRuns: 1000 },
      );
    });
  }

  it('gives defaults for absent values and leaves absent optional ones out', () => {
    const cheapest = ENDPOINTS.find((e) => e.path === '/api/cheapest');
    expect(parseQuery([], cheapest!.query)).toStrictEqual({ input_tokens: 2000, output_tokens: 500, requests: 1000, limit: 5 });
    expect(() => parseQuery([['limit', '11']], cheapest!.query)).toThrow('limit must be a whole number from 1 to 10; got "11".');
  });
});
