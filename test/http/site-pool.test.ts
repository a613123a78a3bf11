/**
 * Issue 39, one pool, as the server renders the home page: the chart's suitability rule is the
 * API's, the chart draws current models by default (each family of variants once) and links its
 * frontier claim to /api/recommend?frontier=true for the workload, and that link's answer is the
 * frontier the chart rings.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUITED_SCORE } from '../../src/core/schema/catalogue-schema.js';
import { SUITED } from '../../src/http/pages/chart.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue, assets: {} });

describe('the home page as served', () => {
  it("the chart's suitability rule is the API's", () => {
    expect(SUITED).toBe(SUITED_SCORE);
  });

  it('draws current models, each variant family once, and rings what its API link answers', async () => {
    const html = await (await app.request('http://localhost/')).text();
    const chart = /<figure>[\s\S]*?<\/figure>/.exec(html)?.[0] ?? '';
    const drawn = [...chart.matchAll(/<circle class="([^"]*)" data-id="([^"]+)"/g)].map((m) => ({
      classes: m[1] ?? '',
      id: m[2] ?? '',
    }));
    expect(drawn.length).toBeGreaterThan(10);
    for (const { id } of drawn) {
      expect(catalogue.byId.get(id)?.status, id).toBe('current');
      expect(catalogue.headOf.has(id), id).toBe(false);
    }
    const href = /<a class="frontier-api" href="([^"]+)">/.exec(chart)?.[1]?.replaceAll('&#38;', '&');
    expect(href).toBe(
      '/api/recommend?frontier=true&sort=cost&limit=10&input_tokens=2000&output_tokens=500&requests=1000&days=30',
    );
    const body = (await (await app.request(`http://localhost${href}`)).json()) as {
      recommendations: Array<{ id: string }>;
    };
    const ringed = drawn
      .filter((d) => d.classes.split(' ').includes('frontier'))
      .map((d) => d.id)
      .sort();
    expect(ringed).toEqual(body.recommendations.map((r) => r.id).sort());
    // No legacy row shows by default; every legacy row is there, hidden, for the Models field.
    const legacyRows = [...html.matchAll(/<tr data-id="([^"]+)"[^>]*>/g)].filter(
      (m) => catalogue.byId.get(m[1] ?? '')?.status === 'legacy',
    );
    expect(legacyRows.length).toBeGreaterThan(0);
    for (const row of legacyRows) expect(row[0]).toMatch(/ hidden>$/);
  });
});
