// cheapest over doors (sellers=) on the real data: the k cheapest are the head of the whole ranking,
// whichever workload, and each model is priced at the cheapest of its allowed doors that run it.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCheapestAtDoors } from '../../../src/core/advice/cheapest-doors.js';
import { doorBookOf } from '../../../src/core/offers/book.js';
import { doorTableOf } from '../../../src/core/offers/door-table.js';
import { rankDoors } from '../../../src/core/offers/rank.js';
import type { Workload } from '../../../src/core/pricing/cost.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';
import { buildCatalogue } from '../../../src/core/catalogue/catalogue.js';
import { fixtureFiles } from '../../fixtures/catalogue.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..', '..'), 'data'));
const book = doorBookOf(catalogue);
const table = doorTableOf(catalogue, book);
const base = { requests: 1000, days: 30, mode: 'standard' as const };
const WORKLOADS: Array<[string, Workload]> = [
  ['short prompts', { ...base, inputTokens: 1000, outputTokens: 500 }],
  ['long prompts past the long-context bands', { ...base, inputTokens: 300_000, outputTokens: 2000 }],
  ['batch mode', { ...base, inputTokens: 20_000, outputTokens: 2000, mode: 'batch' }],
  ['mostly cached input', { ...base, inputTokens: 50_000, outputTokens: 1000, cachedInputTokens: 45_000 }],
  [
    'at 17:00 UTC (off-peak prices where sold)',
    { ...base, inputTokens: 8000, outputTokens: 4000, timeOfDay: { utcSecond: 17 * 3600 } },
  ],
  ['output only', { ...base, inputTokens: 0, outputTokens: 8000 }],
];
const SELLER_SETS: Array<[string, Uint8Array | undefined]> = [
  ['every seller', undefined],
  ['two clouds', Uint8Array.from(table.sellers, (s) => (s === 'amazon-bedrock' || s === 'google-vertex' ? 1 : 0))],
];
const ids = (r: ReturnType<typeof findCheapestAtDoors>) =>
  r.ranked.map((x) => `${x.door.id} ${x.costs.perRequest.toString()}`);

describe('cheapest over doors', () => {
  for (const [name, workload] of WORKLOADS) {
    for (const [set, allowed] of SELLER_SETS) {
      it(`${name}, ${set}: the k cheapest are the head of the whole ranking`, () => {
        // A limit past the catalogue's size keeps every model: the ranking with nothing left out early.
        const whole = findCheapestAtDoors(catalogue, table, workload, { limit: 10_000 }, allowed);
        expect(whole.ranked.length).toBeGreaterThan(5);
        for (const k of [1, 3, 5]) {
          const short = findCheapestAtDoors(catalogue, table, workload, { limit: k }, allowed);
          expect(ids(short)).toEqual(ids(whole).slice(0, k));
          expect(short.notSold).toBe(whole.notSold);
          expect(short.excluded).toEqual(whole.excluded);
        }
      });
    }
  }
  it('prices each model at the cheapest of its vetted doors that run the workload, as /api/offers ranks them', () => {
    for (const [, workload] of WORKLOADS) {
      for (const item of findCheapestAtDoors(catalogue, table, workload, { limit: 5 }).ranked) {
        const first = rankDoors(book.doorsOf(item.model.id), workload).ranked[0]!;
        expect(item.costs.perRequest.toString(), `${item.model.id} ${JSON.stringify(workload)}`).toBe(
          first.costs.perRequest.toString(),
        );
      }
    }
  });
  it("a model whose floor ties the k-th cheapest's is compared, not skipped: ties go by id", () => {
    // A copy of beta-flash listed last, with a smaller id: its own door costs what beta-flash's does.
    const files = structuredClone(fixtureFiles);
    const beta = files[1]?.data as { models: Array<{ id: string; name: string }> };
    beta.models.push({ ...structuredClone(beta.models[1]), id: 'beta-aaa', name: 'Beta AAA' } as {
      id: string;
      name: string;
    });
    const fixture = buildCatalogue(files);
    const doors = doorTableOf(fixture, doorBookOf(fixture));
    const w = { ...base, inputTokens: 2000, outputTokens: 500 };
    const at = (limit: number) => findCheapestAtDoors(fixture, doors, w, { limit }).ranked.map((r) => r.model.id);
    expect(at(10).slice(0, 4)).toEqual(['alpha-nano', 'beta-classic', 'beta-aaa', 'beta-flash']);
    expect(at(3)).toEqual(['alpha-nano', 'beta-classic', 'beta-aaa']);
  });
});
