/**
 * Issue 39, tiers that exist: with a service tier asked, cheapest and recommend leave out models
 * not sold on it (counted as service_tier_not_offered) unless asked to fall back to standard, and
 * compare names no saving on a tier a model does not sell. On the hand-made units catalogue
 * (epsilon-tiers sells flex and priority; epsilon-audio and epsilon-think sell neither) and on the
 * real catalogue (the replay).
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cheapestResponseSchema,
  compareResponseSchema,
  recommendResponseSchema,
} from '../../src/endpoints/responses/index.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { getUnits } from '../fixtures/units-catalogue.js';

const ok = async (path: string, get = getUnits) => {
  const { status, body } = await get(path);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};

describe('rankings on a service tier', () => {
  it('cheapest and recommend leave out models not sold on the tier, counted and explained', async () => {
    for (const path of ['/api/cheapest', '/api/recommend']) {
      const body = await ok(`${path}?service_tier=priority`);
      (path === '/api/cheapest' ? cheapestResponseSchema : recommendResponseSchema).parse(body);
      expect(body.recommendations.map((r: { id: string }) => r.id)).toEqual(['epsilon-tiers']);
      expect(body.recommendations[0].warnings).toBeUndefined();
      expect(body.recommendations[0].appliedPrices).toMatchObject({ input: 2.5, output: 20, serviceTier: 'priority' });
      expect(body.excluded.byReason).toEqual([
        {
          reason: 'service_tier_not_offered',
          count: 2,
          message: expect.stringContaining('service_tier_fallback=standard'),
        },
      ]);
      expect(body[path === '/api/cheapest' ? 'filters' : 'criteria'].service_tier_fallback).toBe('none');
    }
  });

  it('service_tier_fallback=standard ranks them at standard prices, each with its warning', async () => {
    const body = await ok('/api/cheapest?service_tier=priority&service_tier_fallback=standard');
    cheapestResponseSchema.parse(body);
    // 2,000 in + 500 out: think 0.2/0.6 → $0.0007; tiers at priority 2.5/20 → $0.015; audio 2.5/10 → $0.01.
    expect(body.recommendations.map((r: { id: string }) => r.id)).toEqual([
      'epsilon-think',
      'epsilon-audio',
      'epsilon-tiers',
    ]);
    expect(body.recommendations[0].warnings).toEqual([
      { code: 'service_tier_not_offered', message: expect.stringContaining('no priority service tier') },
    ]);
    expect(body.recommendations[0].appliedPrices.serviceTier).toBe('standard');
    expect(body.excluded.count).toBe(0);
    expect(body.filters.service_tier_fallback).toBe('standard');
  });

  it('standard asks nothing of a tier and echoes no fallback', async () => {
    const body = await ok('/api/cheapest');
    expect(body.recommendations).toHaveLength(3);
    expect(body.filters).not.toHaveProperty('service_tier_fallback');
  });

  it('an answer emptied by the tier says so, and what to ask instead', async () => {
    for (const path of ['/api/cheapest', '/api/recommend']) {
      const body = await ok(`${path}?service_tier=flex&tier=budget`);
      expect(body.recommendations).toEqual([]);
      expect(body.hint).toEqual({
        param: 'service_tier',
        message: expect.stringMatching(
          /flex service tier.*1 model past the filters is sold at standard.*service_tier_fallback=standard/,
        ),
      });
    }
  });

  it('compare names no saving on a tier a model does not sell, and says which', async () => {
    const body = await ok('/api/compare?models=epsilon-tiers,epsilon-think&service_tier=priority');
    compareResponseSchema.parse(body);
    expect(body.summary).toMatchObject({
      cheapest: { id: 'epsilon-tiers' },
      mostExpensive: { id: 'epsilon-tiers' },
      savings: { monthly: 0, yearly: 0, percent: 0 },
      notOnTier: ['epsilon-think'],
    });
    // On standard the cheaper model is named, and no tier list.
    const standard = await ok('/api/compare?models=epsilon-tiers,epsilon-think');
    expect(standard.summary.cheapest.id).toBe('epsilon-think');
    expect(standard.summary).not.toHaveProperty('notOnTier');
  });
});

describe('the issue replayed on the real catalogue', () => {
  const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
  const app = createService({ catalogue, assets: {} });
  const get = async (path: string) => {
    const res = await app.request(`http://localhost${path}`);
    return { status: res.status, body: (await res.json()) as any }; // any: tests read arbitrary fields
  };

  it('cheapest on priority ranks only models sold on priority', async () => {
    const body = await ok('/api/cheapest?service_tier=priority', get);
    expect(body.recommendations.length).toBeGreaterThan(0);
    for (const r of body.recommendations) {
      expect(r.appliedPrices.serviceTier).toBe('priority');
      expect(r.warnings ?? []).not.toContainEqual(expect.objectContaining({ code: 'service_tier_not_offered' }));
    }
    expect(body.excluded.byReason).toContainEqual(expect.objectContaining({ reason: 'service_tier_not_offered' }));
  });

  it('compare of Terra and Sol on priority claims no saving from Sol, which has no priority tier', async () => {
    const body = await ok('/api/compare?models=openai-gpt-5.6-terra,openai-gpt-5.6-sol&service_tier=priority', get);
    expect(body.summary.notOnTier).toEqual(['openai-gpt-5.6-sol']);
    expect(body.summary.cheapest.id).toBe('openai-gpt-5.6-terra');
    expect(body.summary.savings.percent).toBe(0);
  });
});
