/** The CLI's workload line names every part of the workload an answer repeats, and only those given. */
import { describe, expect, it } from 'vitest';
import { workloadLine } from '../../src/cli/render.js';

const base = {
  input_tokens: 2000,
  cached_input_tokens: 0,
  output_tokens: 500,
  requests: 1000,
  days: 30,
  mode: 'standard',
  service_tier: 'standard',
};

describe('workloadLine', () => {
  it('says nothing of parts not given', () => {
    expect(workloadLine({ ...base, reasoning_tokens: 0, web_searches: 0 }).replace(/\n/g, ' ')).toBe(
      'Workload: 2,000 input + 500 output tokens per request, 1,000 requests a day, 30 days a month (standard).',
    );
  });

  it('names the input and output parts, the searches and a service tier other than standard', () => {
    const line = workloadLine({
      ...base,
      input_audio_tokens: 1200,
      cached_audio_tokens: 200,
      input_image_tokens: 300,
      input_video_tokens: 0,
      reasoning_tokens: 400,
      output_audio_tokens: 50,
      web_searches: 1,
      service_tier: 'flex',
      mode: 'batch',
    });
    expect(line.replace(/\n/g, ' ')).toBe(
      'Workload: 2,000 input (1,200 audio (200 cached), 300 image) + 500 output (400 reasoning, 50 audio) tokens per request, 1 web search, ' +
        '1,000 requests a day, 30 days a month (batch, flex tier).',
    );
  });
});
