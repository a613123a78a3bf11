/**
 * Property: whatever query string a client sends to any endpoint, the answer is a 2xx, a 304 or a
 * documented 4xx with a JSON error body, never a 5xx and never a hang (2,000 cases per endpoint).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/http/app.js';
import { fixtureApp } from '../fixtures/catalogue.js';
import { queryString, urlFor } from './arbitraries.js';
import { checkResponse } from './check-response.js';

const RUNS = 2000;
const app = fixtureApp();

describe('every endpoint survives hostile query strings', () => {
  it('covers every endpoint in the registry', () => {
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(10);
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.path}: ${RUNS} arbitrary queries`, async () => {
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(queryString, fc.constantFrom('GET', 'GET', 'GET', 'HEAD'), async (query, method) => {
          const url = urlFor(endpoint.path, query);
          const res = await app.request(url, { method });
          seen.add(res.status);
          await checkResponse(res, endpoint.path, method);
        }),
        // `timeout` fails a case that does not answer within 5 s: a hang is a failure, not a stuck run.
        { numRuns: RUNS, timeout: 5000 },
      );
      // The generator reaches past validation: real answers as well as refusals.
      if (!endpoint.ignoreQuery && endpoint.path !== '/healthz') expect([...seen].some((s) => s >= 400)).toBe(true);
    }, 60_000);
  }
});
