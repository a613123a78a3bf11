/**
 * Issue 39, evidence before stand-ins, replayed on the real catalogue: each recommended score says
 * its evidence (scoreBasis), and by default a ranking by score puts models with two or more results
 * for the use case first, then one, then those whose overall score stands in; evidence=any ranks by
 * score alone.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recommendResponseSchema } from '../../src/endpoints/responses/index.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue, assets: {} });

interface Item {
  id: string;
  score: number;
  reason: string;
  scoreBasis: { results: number; newest: string; standIn: boolean };
  scoreEvidence: Array<{ date: string }>;
}

async function recommend(query: string): Promise<Item[]> {
  const res = await app.request(`http://localhost/api/recommend?${query}`);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  recommendResponseSchema.parse(body);
  return (body as { recommendations: Item[] }).recommendations;
}

const tier = ({ scoreBasis: b }: Item) => (b.standIn ? 2 : b.results >= 2 ? 0 : 1);

describe('evidence before stand-ins', () => {
  it('each score says how many results it rests on, the newest date and whether it stands in', async () => {
    for (const item of await recommend('use_case=classification&limit=10&evidence=any')) {
      const dates = item.scoreEvidence.map((e) => e.date).sort();
      expect(item.scoreBasis.newest).toBe(dates.at(-1));
      if (item.scoreBasis.standIn) {
        expect(item.scoreBasis.results).toBe(0);
        expect(item.reason).toContain('its overall score stands in');
      } else {
        expect(item.scoreBasis.results).toBe(item.scoreEvidence.length);
      }
      if (item.scoreBasis.results === 1) expect(item.reason).toContain('(one result only)');
    }
  });

  it('by default the ranking goes in tiers (two or more results, one, stand-ins), by score within each', async () => {
    for (const query of [
      'use_case=classification&limit=10',
      'use_case=coding&limit=10',
      'input_tokens=600000&limit=10',
      'use_case=long-context&input_tokens=600000&limit=10',
    ]) {
      const items = await recommend(query);
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1] as Item, items[i] as Item];
        expect(
          tier(a) < tier(b) || (tier(a) === tier(b) && a.score >= b.score),
          `${query}: ${a.id} before ${b.id}`,
        ).toBe(true);
      }
    }
  });

  it('the issue: classification stand-ins no longer outrank measured scores; evidence=any ranks by score alone', async () => {
    const any = await recommend('use_case=classification&limit=10&evidence=any');
    // By score alone a stand-in comes first (Claude Opus 5's overall score, no classification result).
    expect(any[0]?.scoreBasis.standIn).toBe(true);
    expect(any.map((i) => i.score)).toEqual([...any.map((i) => i.score)].sort((x, y) => y - x));
    const tiers = await recommend('use_case=classification&limit=10');
    expect(tiers.every((i) => tier(i) === 0)).toBe(true);
  });
});
