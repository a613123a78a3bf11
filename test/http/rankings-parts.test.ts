/**
 * Rankings on the real catalogue (data/*.json) leave out a model that has no price for a unit the
 * workload uses (unit_unpriced) or is not known to take its audio, image or video (modality_unknown),
 * rather than ranking it as if that part cost nothing or the text price; compare's summary names
 * the cheapest among the models that price every unit used.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Model } from '../../src/core/schema/catalogue-schema.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue, assets: { widgetJs: '/* widget */' } });
const byId = (id: string) => catalogue.byId.get(id) as Model;

async function get(path: string) {
  const res = await app.request(`http://localhost${path}`);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}
type Item = { id: string };
type Reason = { reason: string; count: number };

describe('rankings and unpriced units', () => {
  it('cheapest and recommend offer only models with a web-search price for a workload with searches', async () => {
    const withPrice = catalogue.rankable.filter((m) => m.unitPrices?.webSearches !== undefined).length;
    expect(withPrice).toBeGreaterThan(0);
    for (const path of ['/api/cheapest?web_searches=5&limit=10', '/api/recommend?web_searches=5&sort=cost&limit=10']) {
      const body = await get(path);
      expect(body.recommendations.length).toBeGreaterThan(0);
      for (const r of body.recommendations as Item[]) expect(byId(r.id).unitPrices?.webSearches, r.id).toBeDefined();
      const unpriced = (body.excluded.byReason as Reason[]).find((r) => r.reason === 'unit_unpriced');
      expect(unpriced?.count).toBeGreaterThan(0);
    }
  });

  it('compare names the cheapest among models that price the searches, and still lists the others', async () => {
    const body = await get('/api/compare?models=openai-gpt-5.5,google-gemini-2.5-flash&web_searches=5');
    const items = body.comparison as Array<{ id: string; warnings?: Array<{ code: string }> }>;
    expect(items.map((c) => c.id)).toEqual(['openai-gpt-5.5', 'google-gemini-2.5-flash']);
    expect(items[1]?.warnings?.map((x) => x.code)).toContain('unit_unpriced');
    // Gemini's searches are not in its cost: only GPT-5.5 prices every unit, so it is both ends and nothing is saved.
    expect(body.summary.cheapest.id).toBe('openai-gpt-5.5');
    expect(body.summary.mostExpensive.id).toBe('openai-gpt-5.5');
    expect(body.summary.savings).toEqual({ monthly: 0, yearly: 0, percent: 0 });
  });

  it('cheapest with audio offers only models known to take audio input', async () => {
    const body = await get('/api/cheapest?input_audio_tokens=500&limit=10');
    const ids = (body.recommendations as Item[]).map((r) => r.id);
    expect(ids).not.toContain('cohere-command-r7b-12-2024');
    for (const id of ids) {
      const m = byId(id);
      expect(m.modalities?.input.includes('audio') === true || m.unitPrices?.inputAudio !== undefined, id).toBe(true);
    }
    expect((body.excluded.byReason as Reason[]).find((r) => r.reason === 'modality_unknown')?.count).toBeGreaterThan(0);
  });
});
