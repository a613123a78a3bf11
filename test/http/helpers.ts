/** Small request helpers for the HTTP tests, on top of fixtureApp()/getJson(). */
import { expect } from 'vitest';
import { nodeCompressors } from '../../src/runtime/node/compression.js';
import { fixtureApp, getJson } from '../fixtures/catalogue.js';

export { fixtureApp, getJson };

/** GET a path and read the body as text (for raw-number and non-JSON checks). */
export async function getText(path: string, app = fixtureApp(), init?: RequestInit) {
  const res = await app.request(`http://localhost${path}`, init);
  return { res, status: res.status, text: await res.text() };
}

/** GET a path that must fail; checks the error envelope and returns its `error` object. */
export async function expectError(path: string, status: number, code: string, param?: string, app = fixtureApp()) {
  const { res, body } = await getJson(path, app);
  expect(res.status, `${path} → ${JSON.stringify(body)}`).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(body.error.status).toBe(status);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  if (param !== undefined) expect(body.error.param).toBe(param);
  return body.error as { status: number; code: string; message: string; param?: string; suggestions?: string[] };
}

/** The parts of a request's input and output a workload without them repeats: none. */
export const NO_PARTS = {
  input_audio_tokens: 0,
  cached_audio_tokens: 0,
  input_image_tokens: 0,
  input_video_tokens: 0,
  reasoning_tokens: 0,
  output_audio_tokens: 0,
  output_image_tokens: 0,
  output_video_tokens: 0,
  web_searches: 0,
};

/**
 * The workload block an answer repeats: every part of it, the given ones over the defaults a
 * request without them is priced at (no cache reads or writes, no audio, image, video or
 * reasoning parts, no searches, standard mode and service tier, all at peak).
 */
export function workload(given: Record<string, unknown>) {
  return {
    cached_input_tokens: 0,
    cache_write_tokens: 0,
    ...NO_PARTS,
    mode: 'standard',
    service_tier: 'standard',
    off_peak_share: 0,
    ...given,
  };
}

/** The filters block of /api/cheapest: the given ones over the defaults. */
export function cheapestFilters(given: Record<string, unknown>) {
  return {
    budget: null,
    use_case: null,
    quality: null,
    tier: null,
    min_quality: null,
    min_context: null,
    include_free_tier: false,
    status: 'current',
    limit: 5,
    ...given,
  };
}

/** node:zlib's compressors, counting what each is given to compress. */
export function countingCompressors() {
  const real = nodeCompressors();
  const calls: string[] = [];
  const compressors = {
    br: (data: Uint8Array) => {
      calls.push(`br ${data.byteLength}`);
      return real.br!(data);
    },
    gzip: (data: Uint8Array) => {
      calls.push(`gzip ${data.byteLength}`);
      return real.gzip!(data);
    },
  };
  return { compressors, calls };
}
