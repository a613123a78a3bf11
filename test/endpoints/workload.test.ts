/** toWorkload: the query's parts reach the core's Workload under its names, and only those given. */
import { describe, expect, it } from 'vitest';
import { calculateQuery } from '../../src/endpoints/calculate/index.js';
import { parseQuery } from '../../src/endpoints/params.js';
import { toWorkload } from '../../src/endpoints/workload.js';

const workloadOf = (query: string) => toWorkload(parseQuery(new URLSearchParams(query), calculateQuery));

describe('toWorkload', () => {
  it('passes the service tier and every part to the core', () => {
    expect(
      workloadOf(
        'input_tokens=9000&cached_input_tokens=1000&input_audio_tokens=3000&cached_audio_tokens=400&input_image_tokens=2000&input_video_tokens=1000' +
          '&output_tokens=2000&reasoning_tokens=800&output_audio_tokens=300&output_image_tokens=200&output_video_tokens=100&web_searches=4&service_tier=priority',
      ),
    ).toEqual({
      inputTokens: 9000,
      outputTokens: 2000,
      requests: 1000,
      days: 30,
      mode: 'standard',
      cachedInputTokens: 1000,
      serviceTier: 'priority',
      extras: {
        inputAudioTokens: 3000,
        cacheAudioReadTokens: 400,
        inputImageTokens: 2000,
        inputVideoTokens: 1000,
        reasoningTokens: 800,
        outputAudioTokens: 300,
        outputImageTokens: 200,
        outputVideoTokens: 100,
        webSearches: 4,
      },
    });
  });

  it('leaves out the standard tier and parts given as 0, so such a request is priced as one without them', () => {
    const plain = workloadOf('input_tokens=100&output_tokens=50');
    expect(plain).toEqual({ inputTokens: 100, outputTokens: 50, requests: 1000, days: 30, mode: 'standard' });
    expect(
      workloadOf('input_tokens=100&output_tokens=50&service_tier=standard&reasoning_tokens=0&web_searches=0'),
    ).toEqual(plain);
    expect(workloadOf('input_tokens=100&output_tokens=50&reasoning_tokens=7').extras).toEqual({ reasoningTokens: 7 });
  });
});
