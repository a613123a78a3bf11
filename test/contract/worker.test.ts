/**
 * The API contract on Cloudflare's runtime: the Worker (wrangler.toml) served locally by wrangler
 * in workerd on a random loopback port, offline. The same suite as on Node, then every answer
 * compared with Node's: the two runtimes must agree byte for byte (origins aside).
 */
import { join } from 'node:path';
import { unstable_startWorker } from 'wrangler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, CONTRACT_CASES, contractTests, type ContractFetch } from './contract-suite.js';
import { nodeFetch, webAssets } from './node-app.js';

const root = join(import.meta.dirname, '..', '..');

let worker: Awaited<ReturnType<typeof unstable_startWorker>> | undefined;
let workerOrigin = '';
let workerFetch: ContractFetch = () => Promise.reject(new Error('the worker did not start'));

beforeAll(async () => {
  process.env.WRANGLER_SEND_METRICS = 'false';
  worker = await unstable_startWorker({
    config: join(root, 'wrangler.toml'),
    // startWorker does not derive this from compatibility_flags as `wrangler dev` does.
    build: { nodejsCompatMode: 'v2' },
    dev: {
      watch: false,
      inspector: false,
      persist: false,
      logLevel: 'warn',
      server: { hostname: '127.0.0.1', port: 0 },
    },
  });
  await worker.ready;
  const url = await worker.url;
  workerOrigin = url.origin;
  workerFetch = (path, init) => fetch(new URL(path, url), init);
}, 120_000);

afterAll(async () => {
  await worker?.dispose();
}, 30_000);

describe('API contract on workerd (wrangler)', () => {
  contractTests(() => workerFetch);
});

describe('Node and workerd give the same answers', () => {
  it('to every contract request', { timeout: 60_000 }, async () => {
    // The same esbuild bundles the Worker's build step made (deterministic for the same sources).
    const node = nodeFetch(await webAssets());
    const nodeOrigin = 'http://localhost';
    for (const c of CONTRACT_CASES) {
      const [fromNode, fromWorker] = await Promise.all([
        answer(node, c.path, c.init),
        answer(workerFetch, c.path, c.init),
      ]);
      expect({ path: c.path, ...fromWorker, ...originless(fromWorker, workerOrigin) }).toEqual({
        path: c.path,
        ...fromNode,
        ...originless(fromNode, nodeOrigin),
      });
    }
  });
});

/** The body and Location header with the serving origin as ORIGIN. */
function originless({ body, headers }: { body: string; headers: Record<string, string | null> }, origin: string) {
  return {
    body: withoutOrigin(body, origin),
    headers: { ...headers, location: headers.location && withoutOrigin(headers.location, origin) },
  };
}

/** The body with the serving origin (links in answers use it), plain or URL-encoded, as ORIGIN. */
function withoutOrigin(body: string, origin: string): string {
  return body.replaceAll(origin, 'ORIGIN').replaceAll(encodeURIComponent(origin), 'ORIGIN');
}
