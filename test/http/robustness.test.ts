/** Any query string on any endpoint: a 200, 400 or 404 with a JSON body, never a 5xx. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureApp } from '../fixtures/catalogue.js';

const app = fixtureApp();

const ENDPOINTS: Record<string, string[]> = {
  '/api/pricing': ['provider', 'tier', 'model'],
  '/api/calculate': ['model', 'models', 'input_tokens', 'output_tokens', 'requests', 'days', 'mode'],
  '/api/cheapest': ['input_tokens', 'output_tokens', 'requests', 'budget', 'use_case', 'quality', 'limit'],
  '/api/compare': ['models', 'input_tokens', 'output_tokens', 'requests_per_day'],
  '/api/recommend': [
    'use_case',
    'budget',
    'quality',
    'max_cost',
    'min_context',
    'input_tokens',
    'output_tokens',
    'limit',
  ],
  '/api/badge': ['model', 'style', 'format'],
  '/healthz': [],
};

const value = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '1',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    '99999999999999999999',
    '128K',
    '1M',
    'alpha-nano',
    'ALPHA-LARGE',
    'beta-pro,alpha-nano',
    'alpha-nano,alpha-nano',
    ',',
    ',,,',
    'budget',
    'high',
    'low',
    'streaming',
    'batch',
    'json',
    'md',
    'url',
    'svg',
    'flat-square',
    'coding',
    'long-context',
    '\u0000usd:5',
    '%',
    '"',
    '<b>',
  ),
  fc.string({ maxLength: 40 }),
  fc.nat().map(String),
  fc.double().map(String),
);

describe('robustness', () => {
  for (const [path, params] of Object.entries(ENDPOINTS)) {
    it(`${path}: never a 5xx, always JSON or the asked-for type`, async () => {
      const name = fc.oneof(fc.constantFrom(...params, 'unknown'), fc.string({ maxLength: 12 }));
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 5 }), async (pairs) => {
          const search = new URLSearchParams(pairs);
          const res = await app.request(`http://localhost${path}?${search}`);
          expect([200, 400, 404]).toContain(res.status);
          const type = res.headers.get('content-type') ?? '';
          const text = await res.text();
          if (res.status === 404 && type.startsWith('image/svg+xml')) {
            expect(path).toBe('/api/badge'); // an unknown model asked for as an image: an error badge
          } else if (res.status !== 200) {
            expect(type).toMatch(/^application\/json/);
            const body = JSON.parse(text) as { error: { status: number; code: string; message: string } };
            expect(body.error.status).toBe(res.status);
          } else if (type.startsWith('application/json')) {
            expect(() => JSON.parse(text)).not.toThrow();
            expect(text).not.toMatch(/\d\.\d{10,}|\de[-+]?\d/);
          }
        }),
        { numRuns: 100, seed: 20_261_121 },
      );
    });
  }
});
