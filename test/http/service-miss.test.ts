/**
 * A GET the cache has not kept, without If-None-Match, of an answer in one coding, goes out as the
 * app's own Response; it carries what the cache's answer to the same request carries (status,
 * headers, bytes). Conditional, HEAD and compressible misses still take the cache's answer.
 */
import { describe, expect, it, vi } from 'vitest';
import { nodeCompressors } from '../../src/runtime/node/compression.js';
import { fixtureApp } from '../fixtures/catalogue.js';

async function snapshot(res: Response) {
  return { status: res.status, headers: [...res.headers].sort(), body: Buffer.from(await res.arrayBuffer()).toString('hex') };
}

/** The service, and the Responses its app made, in order. */
function watched(options: Parameters<typeof fixtureApp>[0] = {}) {
  const service = fixtureApp({ compressors: nodeCompressors(), ...options });
  const made: Response[] = [];
  const appFetch = service.app.fetch.bind(service.app);
  vi.spyOn(service.app, 'fetch').mockImplementation(async (...args) => {
    const response = await appFetch(...args);
    made.push(response);
    return response;
  });
  return { service, made };
}

describe('the miss path of the service', () => {
  it('returns the app\'s Response for a plain GET of a small answer, the same as the cache\'s answer once kept', async () => {
    const { service, made } = watched();
    const url = 'http://localhost/api/calculate?model=alpha-large&input_tokens=12345';
    const first = await service.request(url);
    expect(first).toBe(made[0]);
    expect(first.headers.get('content-length')).toBe(String((await first.clone().arrayBuffer()).byteLength));
    await service.request(url); // the second request keeps it
    const hit = await service.request(url);
    expect(made).toHaveLength(2);
    expect(await snapshot(hit)).toEqual(await snapshot(first));
  });

  it('answers a conditional GET, a HEAD and a compressible answer through the cache', async () => {
    const { service, made } = watched();
    const url = 'http://localhost/api/cheapest?input_tokens=777';
    const tag = (await service.request(url)).headers.get('etag') ?? '';
    const conditional = await service.request(`${url}&limit=4`, { headers: { 'If-None-Match': 'W/"x"' } });
    expect(conditional).not.toBe(made[1]);
    const head = await service.request(`${url}&limit=3`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
    const large = await service.request('http://localhost/api/pricing?tier=budget');
    expect(large).not.toBe(made[3]);
    expect(large.headers.get('vary')).toBe('Accept-Encoding');
    // A fresh service, so that this request is its first (a miss).
    const notModified = await watched().service.request(url, { headers: { 'If-None-Match': tag } });
    expect([notModified.status, notModified.headers.get('etag')]).toEqual([304, tag]);
  });
});
