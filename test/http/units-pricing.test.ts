/**
 * Issue 26 end to end, through HTTP on a hand-made catalogue (test/fixtures/units-catalogue.ts):
 * service tiers at the model's tier prices, named in appliedPrices; audio tokens at the audio
 * rate; the reasoning part shown apart; web searches per 1,000; a modality the model does not
 * take, and a tier with batch, refused with a 400 naming the parameter (and the model).
 * Expected costs are worked out by hand from the fixture's prices.
 */
import { describe, expect, it } from 'vitest';
import { calculateResponseSchema, compareResponseSchema } from '../../src/endpoints/responses/index.js';
import { getUnits } from '../fixtures/units-catalogue.js';

const calc = async (query: string) => {
  const { status, body } = await getUnits(`/api/calculate?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  calculateResponseSchema.parse(body);
  return body;
};

const refused = async (path: string, param: string) => {
  const { status, body } = await getUnits(path);
  expect(status, JSON.stringify(body)).toBe(400);
  expect(body.error).toMatchObject({ code: 'invalid_parameter', param });
  return body.error.message as string;
};

describe('service tiers', () => {
  // 2,000 input (500 cached) + 500 output tokens.
  const q = 'model=epsilon-tiers&input_tokens=2000&cached_input_tokens=500&output_tokens=500&requests=1000';

  it('flex and priority bill at the tier prices and name the tier', async () => {
    // standard: 1,500 × 1.25 + 500 × 0.125 + 500 × 10 = 1,875 + 62.5 + 5,000 = 6,937.5 per 1M
    expect((await calc(q)).costs.perRequest).toBe(0.0069375);
    // flex: 1,500 × 0.625 + 500 × 0.0625 + 500 × 5 = 937.5 + 31.25 + 2,500 = 3,468.75 per 1M
    const flex = await calc(`${q}&service_tier=flex`);
    expect(flex.costs).toEqual({ perRequest: 0.00346875, daily: 3.46875, monthly: 104.0625, yearly: 1248.75 });
    expect(flex.appliedPrices).toEqual({
      band: 'standard',
      input: 0.625,
      output: 5,
      cachedInput: 0.0625,
      serviceTier: 'flex',
    });
    expect(flex.workload.service_tier).toBe('flex');
    expect(flex.warnings).toBeUndefined();
    // priority: 1,500 × 2.5 + 500 × 0.25 + 500 × 20 = 3,750 + 125 + 10,000 = 13,875 per 1M
    const priority = await calc(`${q}&service_tier=priority`);
    expect(priority.costs.perRequest).toBe(0.013875);
    expect(priority.appliedPrices).toMatchObject({
      input: 2.5,
      output: 20,
      cachedInput: 0.25,
      serviceTier: 'priority',
    });
  });

  it('a tier the model is not sold on is the standard price with a warning, never a silent discount', async () => {
    const fast = await calc(`${q}&service_tier=fast`);
    expect(fast.costs.perRequest).toBe(0.0069375);
    expect(fast.appliedPrices).toMatchObject({ input: 1.25, output: 10, serviceTier: 'standard' });
    expect(fast.warnings).toEqual([
      { code: 'service_tier_not_offered', message: expect.stringContaining('no fast service tier') },
    ]);
  });

  it('a tier with batch is a 400 naming service_tier, on every cost endpoint', async () => {
    for (const path of [
      '/api/calculate?model=epsilon-tiers&',
      '/api/compare?models=epsilon-tiers,epsilon-think&',
      '/api/cheapest?',
      '/api/recommend?',
    ]) {
      const message = await refused(`${path}mode=batch&service_tier=flex`, 'service_tier');
      expect(message).toContain('not sold with batch');
    }
    // Batch alone, and a tier alone, are priced.
    expect(
      (await calc('model=epsilon-tiers&mode=batch&service_tier=standard')).appliedPrices.batch.discountPercent,
    ).toBe(50);
  });
});

describe('audio, image and video tokens', () => {
  it('input_audio_tokens bill at the audio rate, cached audio at its own, and appliedPrices lists them', async () => {
    // 10,000 input of which 4,000 audio (1,000 of those read from the cache, so also cached input), 1,000 output of which 200 audio:
    // text 6,000 × 2.5 + audio 3,000 × 40 + cached audio 1,000 × 2.5 + text out 800 × 10 + audio out 200 × 80
    // = 15,000 + 120,000 + 2,500 + 8,000 + 16,000 = 161,500 per 1M → $0.1615
    const body = await calc(
      'model=epsilon-audio&input_tokens=10000&cached_input_tokens=1000&input_audio_tokens=4000&cached_audio_tokens=1000&output_tokens=1000&output_audio_tokens=200',
    );
    expect(body.costs.perRequest).toBe(0.1615);
    expect(body.appliedPrices.units).toEqual([
      { unit: 'inputAudio', quantity: 3000, price: 40, per: 1_000_000, billedAs: 'inputAudio' },
      { unit: 'cachedInputAudio', quantity: 1000, price: 2.5, per: 1_000_000, billedAs: 'cachedInputAudio' },
      { unit: 'outputAudio', quantity: 200, price: 80, per: 1_000_000, billedAs: 'outputAudio' },
    ]);
  });

  it('a model that takes the modality but publishes no price for it bills the text price and says so', async () => {
    // epsilon-tiers takes images, at no separate price: 1,000 image tokens at the $1.25 input price.
    const body = await calc('model=epsilon-tiers&input_tokens=1000&input_image_tokens=1000&output_tokens=0');
    expect(body.costs.perRequest).toBe(0.00125);
    expect(body.appliedPrices.units).toEqual([
      { unit: 'inputImage', quantity: 1000, price: 1.25, per: 1_000_000, billedAs: 'input' },
    ]);
    expect(body.warnings).toEqual([
      { code: 'modality_text_price', message: expect.stringContaining('no separate image input price') },
    ]);
  });

  it('a model on record as taking no such input is a 400 naming the parameter and the model', async () => {
    const message = await refused(
      '/api/calculate?model=epsilon-tiers&input_tokens=1000&input_audio_tokens=10',
      'input_audio_tokens',
    );
    expect(message).toMatch(
      /^input_audio_tokens must be 0 for epsilon-tiers: Epsilon Tiers \(epsilon-tiers\) takes no audio input/,
    );
    expect(
      await refused(
        '/api/calculate?model=epsilon-tiers&output_tokens=100&output_video_tokens=10',
        'output_video_tokens',
      ),
    ).toContain('gives no video output');
    // In a list, the one model that cannot take it is named.
    const listed = await refused(
      '/api/compare?models=epsilon-audio,epsilon-tiers&input_audio_tokens=10',
      'input_audio_tokens',
    );
    expect(listed).toContain('epsilon-tiers');
    expect(listed).not.toContain('epsilon-audio');
    await refused('/api/calculate?models=epsilon-audio,epsilon-tiers&input_audio_tokens=10', 'input_audio_tokens');
    // The same audio on the audio model is priced.
    const { status, body } = await getUnits('/api/compare?models=epsilon-audio,epsilon-think&input_audio_tokens=10');
    expect(status).toBe(200);
    compareResponseSchema.parse(body);
  });
});

describe('rankings with audio', () => {
  it('offer only models known to take the audio; count those on record as not taking it and those not known to', async () => {
    for (const path of ['/api/cheapest?input_audio_tokens=100', '/api/recommend?input_audio_tokens=100']) {
      const { status, body } = await getUnits(path);
      expect(status, JSON.stringify(body)).toBe(200);
      // No source says whether Epsilon Think takes audio (and it publishes no audio price): left out, not ranked at its text price.
      expect(body.recommendations.map((r: { id: string }) => r.id)).toEqual(['epsilon-audio']);
      expect(body.excluded).toEqual({
        count: 2,
        byReason: [
          {
            reason: 'modality',
            count: 1,
            message: "the model is on record as not taking (or giving) the workload's audio, image or video",
          },
          { reason: 'modality_unknown', count: 1, message: expect.stringMatching(/^not known to take/) },
        ],
      });
    }
    // calculate still prices it, at its text price, and says so.
    const think = await calc('model=epsilon-think&input_tokens=100&input_audio_tokens=100&output_tokens=0');
    expect(think.warnings).toEqual([
      {
        code: 'modality_unknown',
        message: expect.stringContaining('No source on record says whether Epsilon Think takes audio input'),
      },
    ]);
    // Without audio every model is offered.
    expect((await getUnits('/api/cheapest')).body.recommendations).toHaveLength(3);
  });
});

describe('reasoning tokens and web searches', () => {
  it('reasoning_tokens are part of output_tokens, billed at the reasoning price and shown apart', async () => {
    // 1,000 output of which 600 reasoning: 400 × 0.6 + 600 × 3.5 = 240 + 2,100 = 2,340 per 1M (never 1,000 + 600 tokens)
    const body = await calc('model=epsilon-think&input_tokens=0&output_tokens=1000&reasoning_tokens=600');
    expect(body.costs.perRequest).toBe(0.00234);
    expect(body.appliedPrices.reasoning).toEqual({ tokens: 600, price: 3.5, billedAs: 'outputReasoning' });
    // A model with no reasoning price bills them as output: 1,000 × 10 per 1M, whatever the reasoning part.
    const plain = await calc('model=epsilon-tiers&input_tokens=0&output_tokens=1000&reasoning_tokens=600');
    expect(plain.costs.perRequest).toBe(0.01);
    expect(plain.appliedPrices.reasoning).toEqual({ tokens: 600, price: 10, billedAs: 'output' });
  });

  it('web_searches bill per 1,000 where a price is published, and are left out with a warning where none is', async () => {
    // 4 searches × $10 / 1,000 = $0.04 a request on top of nothing else.
    const body = await calc('model=epsilon-think&input_tokens=0&output_tokens=0&web_searches=4');
    expect(body.costs.perRequest).toBe(0.04);
    expect(body.appliedPrices.units).toEqual([
      { unit: 'webSearches', quantity: 4, price: 10, per: 1000, billedAs: 'webSearches' },
    ]);
    const unpriced = await calc('model=epsilon-tiers&input_tokens=0&output_tokens=0&web_searches=4');
    expect(unpriced.costs.perRequest).toBe(0);
    expect(unpriced.warnings).toEqual([
      { code: 'unit_unpriced', message: expect.stringContaining('No web-search price') },
    ]);
  });
});
