/**
 * The workload parameters for what providers bill beyond text tokens (service_tier, reasoning,
 * audio, image and video tokens, web searches) on every cost endpoint: each is taken under the same
 * name, checked against the whole it is a part of (a 400 naming the parameter) and repeated in the
 * answer's workload.
 */
import { describe, expect, it } from 'vitest';
import { expectError, getJson, workload } from './helpers.js';

const ENDPOINTS = [
  '/api/calculate?model=alpha-large&',
  '/api/calculate?models=alpha-large,alpha-mini&',
  '/api/compare?models=alpha-large,alpha-mini&',
  '/api/cheapest?',
  '/api/recommend?',
];

// 10,000 input tokens: 1,000 cached (400 of them audio), 3,000 audio, 2,000 image, 1,000 video; 2,000 output tokens:
// 800 reasoning, 300 audio, 200 image, 100 video; 4 searches.
const GIVEN =
  'input_tokens=10000&cached_input_tokens=1000&input_audio_tokens=3000&cached_audio_tokens=400&input_image_tokens=2000&input_video_tokens=1000' +
  '&output_tokens=2000&reasoning_tokens=800&output_audio_tokens=300&output_image_tokens=200&output_video_tokens=100&web_searches=4&service_tier=flex';

const ECHOED = {
  input_tokens: 10000,
  cached_input_tokens: 1000,
  input_audio_tokens: 3000,
  cached_audio_tokens: 400,
  input_image_tokens: 2000,
  input_video_tokens: 1000,
  output_tokens: 2000,
  reasoning_tokens: 800,
  output_audio_tokens: 300,
  output_image_tokens: 200,
  output_video_tokens: 100,
  web_searches: 4,
  service_tier: 'flex',
};

describe('every cost endpoint takes the parts under the same names and repeats them', () => {
  it.each(ENDPOINTS)('%s', async (prefix) => {
    const { status, body } = await getJson(`${prefix}${GIVEN}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const requests = prefix.startsWith('/api/compare') ? { requests_per_day: 1000 } : {};
    expect(body.workload).toEqual(workload({ ...ECHOED, ...requests, requests: 1000, days: 30 }));
    // In the order the parameters are documented: each part after its whole.
    expect(Object.keys(body.workload).slice(0, 14)).toEqual([
      'input_tokens',
      'cached_input_tokens',
      'cache_write_tokens',
      'input_audio_tokens',
      'cached_audio_tokens',
      'input_image_tokens',
      'input_video_tokens',
      'output_tokens',
      'reasoning_tokens',
      'output_audio_tokens',
      'output_image_tokens',
      'output_video_tokens',
      'web_searches',
      prefix.startsWith('/api/compare') ? 'requests_per_day' : 'requests',
    ]);
  });

  it('service_tier is one of standard, flex, priority and fast, any case; OpenAI\'s "default" is standard', async () => {
    for (const [given, tier] of [
      ['PRIORITY', 'priority'],
      ['Fast', 'fast'],
      ['default', 'standard'],
      ['', 'standard'],
    ] as const) {
      expect((await getJson(`/api/calculate?model=alpha-large&service_tier=${given}`)).body.workload.service_tier).toBe(
        tier,
      );
    }
    const error = await expectError('/api/cheapest?service_tier=turbo', 400, 'invalid_parameter', 'service_tier');
    expect(error.message).toBe('service_tier must be one of standard, flex, priority, fast, default; got "turbo".');
  });
});

describe('a part larger than its whole is a 400 naming the parameter', () => {
  const cases: Array<[query: string, param: string, message: string]> = [
    [
      'input_tokens=100&input_audio_tokens=101',
      'input_audio_tokens',
      'input_audio_tokens (101) must not exceed input_tokens (100)',
    ],
    [
      'input_tokens=100&input_audio_tokens=60&input_image_tokens=30&input_video_tokens=11',
      'input_video_tokens',
      'input_audio_tokens + input_image_tokens + input_video_tokens (101) must not exceed input_tokens (100)',
    ],
    [
      'input_tokens=100&cached_input_tokens=50&input_image_tokens=51',
      'input_image_tokens',
      'cached_input_tokens + input_image_tokens (101) must not exceed input_tokens (100)',
    ],
    // Audio read from the cache is counted once: 50 cached (20 of them audio) + 30 uncached audio + 20 image = 100 fits; one more image token does not.
    [
      'input_tokens=100&cached_input_tokens=50&input_audio_tokens=50&cached_audio_tokens=20&input_image_tokens=21',
      'input_image_tokens',
      'cached_input_tokens + (input_audio_tokens - cached_audio_tokens) + input_image_tokens (101) must not exceed input_tokens (100)',
    ],
    [
      'input_tokens=100&input_audio_tokens=10&cached_input_tokens=20&cached_audio_tokens=11',
      'cached_audio_tokens',
      'cached_audio_tokens (11) must not exceed input_audio_tokens (10)',
    ],
    [
      'input_tokens=100&input_audio_tokens=10&cached_audio_tokens=5',
      'cached_audio_tokens',
      'cached_audio_tokens (5) must not exceed cached_input_tokens (0)',
    ],
    [
      'output_tokens=100&reasoning_tokens=101',
      'reasoning_tokens',
      'reasoning_tokens (101) must not exceed output_tokens (100)',
    ],
    [
      'output_tokens=100&reasoning_tokens=50&output_audio_tokens=51',
      'output_audio_tokens',
      'reasoning_tokens + output_audio_tokens (101) must not exceed output_tokens (100)',
    ],
    [
      'output_tokens=100&output_image_tokens=60&output_video_tokens=41',
      'output_video_tokens',
      'output_image_tokens + output_video_tokens (101) must not exceed output_tokens (100)',
    ],
    [
      'output_tokens=0&output_image_tokens=1',
      'output_image_tokens',
      'output_image_tokens (1) must not exceed output_tokens (0)',
    ],
  ];

  it.each(cases)('%s', async (query, param, message) => {
    for (const prefix of ENDPOINTS) {
      const error = await expectError(`${prefix}${query}`, 400, 'invalid_parameter', param);
      expect(error.message).toContain(message);
    }
  });

  it('parts that exactly fill their whole are priced', async () => {
    const full =
      'input_tokens=100&cached_input_tokens=50&input_audio_tokens=50&cached_audio_tokens=20&input_image_tokens=20' +
      '&output_tokens=100&reasoning_tokens=40&output_audio_tokens=30&output_image_tokens=20&output_video_tokens=10';
    for (const prefix of ENDPOINTS) expect((await getJson(`${prefix}${full}`)).status, prefix).toBe(200);
  });

  it.each([
    ['reasoning_tokens=-1', 'reasoning_tokens'],
    ['input_audio_tokens=1.5', 'input_audio_tokens'],
    ['output_video_tokens=100000001', 'output_video_tokens'],
    ['web_searches=10001', 'web_searches'],
    ['web_searches=many', 'web_searches'],
  ])('%s is a 400 naming the parameter', async (query, param) => {
    const error = await expectError(`/api/calculate?model=alpha-large&${query}`, 400, 'invalid_parameter', param);
    expect(error.message).toMatch(/must be a whole number from 0 to [\d]+ in plain digits/);
  });

  it('a misspelt part is an unknown parameter with the right name offered', async () => {
    const error = await expectError(
      '/api/calculate?model=alpha-large&reasoning_token=10',
      400,
      'unknown_parameter',
      'reasoning_token',
    );
    expect(error.suggestions).toEqual(['reasoning_tokens']);
  });
});
