/**
 * The answers written as JSON text (cheapest, calculate, compare, recommend: see present.ts) must be
 * byte for byte what toJson writes for the answer as an object. The objects here are built from
 * the core's results by hand, field by field in the documented order, the way the endpoints built
 * them before they wrote text; toJson writes each Usd as its exact decimal. Both sides print
 * amounts through Usd, which test/perf/json.test.ts and test/core/money.test.ts check against
 * references of their own (a BigInt decimal, String of the double).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, type Catalogue } from '../../src/core/catalogue.js';
import type { Model, ProviderFile } from '../../src/core/catalogue-schema.js';
import { findCheapest } from '../../src/core/cheapest.js';
import { compareModels } from '../../src/core/compare.js';
import { calculateCost, type Costs, type Workload } from '../../src/core/cost.js';
import { Usd } from '../../src/core/money.js';
import { recommendModels } from '../../src/core/recommend.js';
import { modelAsOf } from '../../src/http/as-of.js';
import { jsonTextOf, type Endpoint, type Reply } from '../../src/http/endpoint.js';
import { ApiError } from '../../src/http/errors.js';
import { toJson } from '../../src/http/json.js';
import { parseQuery } from '../../src/http/params.js';
import { calculate } from '../../src/http/routes/calculate.js';
import { cheapest, cheapestOptions } from '../../src/http/routes/cheapest.js';
import { compare } from '../../src/http/routes/compare.js';
import { recommend, recommendCriteria } from '../../src/http/routes/recommend.js';
import { loadCatalogueFromDir } from '../../src/runtime/load-catalogue.js';
import { fixtureFiles } from '../fixtures/catalogue.js';

const real = loadCatalogueFromDir(new URL('../../data', import.meta.url).pathname);

// Names and providers JSON must escape: quotes, backslashes, controls, line separators, a lone
// surrogate, and text that is plain but not ASCII.
const AWKWARD = ['Say "hi"', 'back\\slash', 'tab\there', 'nul\u0000', 'line\u2028sep', 'lone \ud800 half', 'émoji 👩‍💻', '</script>'];
let named = 0;
const awkwardName = () => AWKWARD[named++ % AWKWARD.length] as string;
const awkward = buildCatalogue(
  fixtureFiles.map(({ file, data }) => {
    const { provider, models } = data as ProviderFile;
    return { file, data: { ...(data as ProviderFile), provider: { ...provider, name: awkwardName() }, models: models.map((m) => ({ ...m, name: awkwardName() })) } };
  }),
);

const listed = (model: Model) => ({ id: model.id, name: model.name, provider: model.provider, tier: model.tier, status: model.status });
const dailyCosts = (c: Costs) => ({ perRequest: c.perRequest, daily: c.daily, monthly: c.monthly });
const fullCosts = (c: Costs) => ({ perRequest: c.perRequest, daily: c.daily, monthly: c.monthly, yearly: c.yearly });
const cachedEcho = (cached: number | undefined) => (cached === undefined ? {} : { cached_input_tokens: cached });
const cachedPart = (cached: number | undefined) => (cached === undefined ? {} : { cachedInputTokens: cached });

// any: each endpoint parses its own parameters with its own schema; the references read them as that schema gives them.
type Params = Record<string, any>;

/** The answer of each endpoint as an object, from the same parameters. */
const REFERENCES: Array<[Endpoint, (p: Params, catalogue: Catalogue) => unknown]> = [
  [
    cheapest as unknown as Endpoint,
    (p, catalogue) => {
      const workload: Workload = { inputTokens: p.input_tokens, outputTokens: p.output_tokens, requests: p.requests, days: 30, mode: 'standard', ...cachedPart(p.cached_input_tokens) };
      const ranked = findCheapest(catalogue, workload, cheapestOptions(p as Parameters<typeof cheapestOptions>[0]));
      return {
        workload: { input_tokens: p.input_tokens, ...cachedEcho(p.cached_input_tokens), output_tokens: p.output_tokens, requests: p.requests, days: 30 },
        filters: { budget: p.budget === undefined ? null : new Usd(p.budget), use_case: p.use_case ?? null, quality: p.quality ?? null, limit: p.limit },
        recommendations: ranked.map(({ rank, model, costs }) => ({ rank, ...listed(model), costs: dailyCosts(costs) })),
      };
    },
  ],
  [
    calculate as unknown as Endpoint,
    (p, catalogue) => {
      const mode = p.mode ?? 'standard';
      const workload: Workload = { inputTokens: p.input_tokens, outputTokens: p.output_tokens, requests: p.requests, days: p.days, mode, ...cachedPart(p.cached_input_tokens) };
      const echo = { input_tokens: p.input_tokens, ...cachedEcho(p.cached_input_tokens), output_tokens: p.output_tokens, requests: p.requests, days: p.days, mode };
      const priced = (id: string) => {
        const model = catalogue.byId.get(id.trim().toLowerCase()) as Model;
        return p.as_of === undefined ? model : modelAsOf(model, p.as_of, 'model').model;
      };
      const asOf = p.as_of === undefined ? {} : { as_of: p.as_of };
      if (p.models !== undefined) {
        const models = (p.models as string[]).map(priced);
        return { ...asOf, workload: echo, results: models.map((m) => ({ ...listed(m), costs: fullCosts(calculateCost(m, workload)) })) };
      }
      const model = priced(p.model);
      return { model: model.id, ...asOf, workload: echo, costs: fullCosts(calculateCost(model, workload)) };
    },
  ],
  [
    compare as unknown as Endpoint,
    (p, catalogue) => {
      const models = (p.models as string[]).map((id) => catalogue.byId.get(id.trim().toLowerCase()) as Model);
      const workload: Workload = { inputTokens: p.input_tokens, outputTokens: p.output_tokens, requests: p.requests_per_day, days: 30, mode: 'standard', ...cachedPart(p.cached_input_tokens) };
      const { comparison, summary } = compareModels(models, workload);
      const end = ({ model, monthly }: { model: Model; monthly: Usd }) => ({ id: model.id, name: model.name, monthly });
      return {
        workload: { input_tokens: p.input_tokens, ...cachedEcho(p.cached_input_tokens), output_tokens: p.output_tokens, requests_per_day: p.requests_per_day, days: 30 },
        comparison: comparison.map(({ model, costs }) => ({ ...listed(model), costs: fullCosts(costs) })),
        summary: { cheapest: end(summary.cheapest), mostExpensive: end(summary.mostExpensive), savings: summary.savings },
      };
    },
  ],
  [
    recommend as unknown as Endpoint,
    (p, catalogue) => {
      // The same core call as the endpoint's (what is under test is the text, not the criteria).
      const recommendations = recommendModels(catalogue, recommendCriteria(p as Parameters<typeof recommendCriteria>[0]));
      return {
        criteria: {
          use_case: p.use_case ?? null, budget: p.budget ?? null, quality: p.quality ?? null,
          max_cost: p.max_cost === undefined ? null : new Usd(p.max_cost), min_context: p.min_context ?? null,
          input_tokens: p.input_tokens, output_tokens: p.output_tokens, limit: p.limit,
        },
        recommendations: recommendations.map(({ rank, model, costPerRequest, reason }) => ({
          rank, ...listed(model), quality: model.quality, context: model.context, costPerRequest, reason,
        })),
      };
    },
  ],
];

// Values across the ranges the answers print differently: zero, a token, amounts under 10^-6 USD
// and from 10^6 USD, budgets and bounds that are not round.
const tokens = fc.constantFrom('0', '1', '7', '1000', '2000', '123457', '5000000', '100000000');
// Cached tokens no more than most input_tokens values, so that most queries are answered.
const cachedTokens = fc.constantFrom('0', '1', '7', '1000');
const money = fc.constantFrom('0', '0.000000001', '0.0000001', '0.001', '0.5', '12.5', '999999.999999999', '1000000', '5000000.123456789', '123456789012.345678901');
// Each parameter left out half the time.
const optional = (name: string, value: fc.Arbitrary<string>) => fc.option(value.map((v) => [name, v] as [string, string]), { nil: undefined, freq: 2 });

function queries(ids: readonly string[]): Record<string, fc.Arbitrary<Array<[string, string]>>> {
  const id = fc.constantFrom(...ids);
  const idList = (min: number, max: number) => fc.uniqueArray(id, { minLength: min, maxLength: Math.min(max, ids.length) }).map((l) => l.join(','));
  const present = (pairs: Array<[string, string] | undefined>) => pairs.filter((p): p is [string, string] => p !== undefined);
  return {
    '/api/cheapest': fc
      .tuple(optional('input_tokens', tokens), optional('output_tokens', tokens), optional('requests', fc.constantFrom('1', '1000', '1000000000')), optional('budget', money),
        optional('use_case', fc.constantFrom('coding', 'chat', 'vision')), optional('quality', fc.constantFrom('high', 'budget')), optional('limit', fc.constantFrom('1', '5', '10')),
        optional('cached_input_tokens', cachedTokens))
      .map(present),
    '/api/calculate': fc
      .tuple(fc.oneof(id.map((v) => ['model', v] as [string, string]), idList(1, 10).map((v) => ['models', v] as [string, string])), optional('input_tokens', tokens),
        optional('output_tokens', tokens), optional('requests', fc.constantFrom('1', '1000', '1000000000')), optional('days', fc.constantFrom('1', '30', '31')),
        optional('mode', fc.constantFrom('standard', 'streaming', 'batch')), optional('cached_input_tokens', cachedTokens),
        optional('as_of', fc.constantFrom('2025-06-01', '2026-01-15', '2026-11-21')))
      .map(present),
    '/api/compare': fc
      .tuple(idList(2, 10).map((v) => ['models', v] as [string, string]), optional('input_tokens', tokens), optional('output_tokens', tokens),
        optional('requests_per_day', fc.constantFrom('1', '1000', '1000000000')), optional('cached_input_tokens', cachedTokens))
      .map(present),
    '/api/recommend': fc
      .tuple(optional('use_case', fc.constantFrom('coding', 'chat', 'long-context', 'reasoning')), optional('budget', fc.constantFrom('low', 'mid', 'premium')),
        optional('quality', fc.constantFrom('1', '3', '5')), optional('max_cost', money), optional('min_context', fc.constantFrom('128K', '1M')),
        optional('input_tokens', tokens), optional('output_tokens', tokens), optional('limit', fc.constantFrom('1', '5', '10')))
      .map(present),
  };
}

describe('answers written as JSON text', () => {
  for (const [name, catalogue] of [['the real catalogue', real], ['a catalogue of names JSON must escape', awkward]] as const) {
    for (const [endpoint, reference] of REFERENCES) {
      it(`${endpoint.path} on ${name}: toJson's bytes for the answer as an object`, () => {
        let answered = 0;
        fc.assert(
          fc.property(queries(catalogue.models.map((m) => m.id))[endpoint.path] as fc.Arbitrary<Array<[string, string]>>, (query) => {
            let params: Params;
            let reply: Reply;
            try {
              params = parseQuery(new URLSearchParams(query), endpoint.query) as Params;
              reply = endpoint.handle(params, { catalogue, baseUrl: 'http://localhost', assets: {} });
            } catch (err) {
              // A 4xx (a model listed twice, one not yet priced on as_of, more cached tokens than
              // input): no answer to write. Anything else would be a 500, and fails the test.
              if (err instanceof ApiError) return;
              throw err;
            }
            if ('body' in reply) throw new Error(`${endpoint.path} answered with text that is not JSON`);
            answered++;
            expect(jsonTextOf(reply)).toBe(toJson(reference(params, catalogue)));
          }),
          { numRuns: 300 },
        );
        // Most queries are answered, so the comparison is not vacuous.
        expect(answered).toBeGreaterThan(150);
      });
    }
  }

  it('escapes what JSON must escape in every name it writes', () => {
    const body = jsonTextOf(compare.handle(parseQuery(new URLSearchParams({ models: awkward.models.map((m) => m.id).slice(0, 10).join(',') }), compare.query), { catalogue: awkward, baseUrl: 'http://localhost', assets: {} }) as { jsonText: string });
    const names = (JSON.parse(body) as { comparison: Array<{ name: string; provider: string }> }).comparison.flatMap((c) => [c.name, c.provider]);
    // Every awkward string, each read back as it was.
    expect(new Set(names)).toEqual(new Set(AWKWARD));
    expect(body).toContain(String.raw`Say \"hi\"`);
    expect(body).toContain(String.raw`lone \ud800 half`);
  });
});
