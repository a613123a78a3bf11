/**
 * Modalities from the sources (issue 38), on the real catalogue and on the hand-made units
 * catalogue: a text-only model asked to take audio is a 400 naming audio and the model, rankings
 * keep only models that take the workload's parts, and an answer a part empties says which part and
 * who takes it.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Model } from '../../src/core/schema/catalogue-schema.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { getUnits } from '../fixtures/units-catalogue.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue, assets: { widgetJs: '/* widget */' } });
const byId = (id: string) => catalogue.byId.get(id) as Model;
async function get(path: string) {
  const res = await app.request(`http://localhost${path}`);
  return { status: res.status, body: (await res.json()) as any }; // any: tests read arbitrary fields
}
type Reason = { reason: string; count: number };

describe('modalities on the real catalogue', () => {
  it('DeepSeek V4 Pro is on record as text in, text out, from both sources', () => {
    expect(byId('deepseek-deepseek-v4-pro').modalities).toMatchObject({ input: ['text'], output: ['text'] });
    expect(byId('deepseek-deepseek-v4-pro').modalities?.source).toMatch(/models\.dev .*OpenRouter .*agree/);
  });

  it('calculate with audio on DeepSeek V4 Pro is a 400 naming audio, the model and the parameter', async () => {
    const { status, body } = await get('/api/calculate?model=deepseek-deepseek-v4-pro&input_audio_tokens=1000');
    expect(status).toBe(400);
    expect(body.error.param).toBe('input_audio_tokens');
    expect(body.error.message).toContain('audio input');
    expect(body.error.message).toContain('deepseek-deepseek-v4-pro');
  });

  it('cheapest and recommend with audio input rank only models that take audio, and count the rest as modality', async () => {
    for (const path of [
      '/api/cheapest?input_tokens=5000&input_audio_tokens=1000&limit=10',
      '/api/recommend?input_tokens=5000&input_audio_tokens=1000&limit=10',
    ]) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(body.recommendations.length).toBeGreaterThan(0);
      for (const r of body.recommendations as Array<{ id: string }>) {
        const m = byId(r.id);
        expect(m.modalities?.input.includes('audio') || m.unitPrices?.inputAudio !== undefined, r.id).toBe(true);
      }
      const reasons = body.excluded.byReason as Reason[];
      // Every current text-only model is left out for the part, not as unknown.
      const textOnly = catalogue.rankable.filter(
        (m) =>
          m.status === 'current' &&
          !m.freeTierOnly &&
          m.modalities &&
          !m.modalities.input.includes('audio') &&
          m.unitPrices?.inputAudio === undefined,
      ).length;
      expect(reasons.find((r) => r.reason === 'modality')?.count).toBe(textOnly);
      const unknown = catalogue.rankable.filter(
        (m) => m.status === 'current' && !m.freeTierOnly && !m.modalities && m.unitPrices?.inputAudio === undefined,
      ).length;
      expect(reasons.find((r) => r.reason === 'modality_unknown')?.count ?? 0).toBe(unknown);
      expect(body.hint).toBeUndefined();
    }
  });

  it('cheapest with audio output, which no model gives, says which part no model takes', async () => {
    const { status, body } = await get('/api/cheapest?input_tokens=5000&output_tokens=2000&output_audio_tokens=1000');
    expect(status).toBe(200);
    expect(body.recommendations).toEqual([]);
    expect(body.hint.param).toBe('output_audio_tokens');
    expect(body.hint.message).toContain('No current model on record gives audio output');
  });
});

describe('the parts hint on the units catalogue (one model takes image, another audio, none both)', () => {
  it('names the part with the fewest takers and the models that take it', async () => {
    const { status, body } = await getUnits(
      '/api/cheapest?input_tokens=5000&input_audio_tokens=1000&input_image_tokens=1000',
    );
    expect(status).toBe(200);
    expect(body.recommendations).toEqual([]);
    expect(body.hint.param).toBe('input_audio_tokens');
    expect(body.hint.message).toContain(
      'One model takes audio input (input_audio_tokens), cheapest list price first: Epsilon Audio (epsilon-audio); ask without input_image_tokens to rank them.',
    );
    expect(body.hint.nearest.id).toBe('epsilon-audio');
  });

  it('leaves the hint to the filters when some model takes every part', async () => {
    const { body } = await getUnits('/api/cheapest?input_tokens=5000&input_audio_tokens=1000&budget=0.000001');
    expect(body.recommendations).toEqual([]);
    expect(body.hint.param).toBe('budget');
  });
});

describe('modalities on the site and the model page', () => {
  const page = async (path: string) => (await app.request(`http://localhost${path}`)).text();

  it("the site's table says under each model's name what it takes and gives, with the source in its title", async () => {
    const html = await page('/');
    const row = html.slice(html.indexOf('<tr data-id="deepseek-deepseek-v4-pro"'));
    const cell = row.slice(0, row.indexOf('</td>'));
    expect(cell).toContain(
      '<span class="mods" title="Takes and gives (models.dev deepseek/deepseek-v4-pro and OpenRouter deepseek/deepseek-v4-pro agree)">text → text</span>',
    );
    const qwen = html.slice(html.indexOf('<tr data-id="alibaba-qwen3.6-27b"'));
    expect(qwen.slice(0, qwen.indexOf('</td>'))).toContain('>text, image, audio, video → text</span>');
  });

  it('the model page lists the modalities with their source and, where the sources disagree, which was kept', async () => {
    expect(await page('/models/deepseek-deepseek-v4-pro')).toContain(
      'takes text; gives text (models.dev deepseek/deepseek-v4-pro and OpenRouter deepseek/deepseek-v4-pro agree, checked',
    );
    const qwen = await page('/models/alibaba-qwen3.6-27b');
    expect(qwen).toContain('takes text, image, audio, video; gives text (models.dev alibaba/qwen3.6-27b, checked');
    expect(qwen).toContain('OpenRouter qwen/qwen3.6-27b lists input text, image, video; output text; models.dev kept');
  });
});
