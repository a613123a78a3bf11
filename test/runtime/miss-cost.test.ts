/**
 * Issue 24: no spelling of a request buys CPU. Another spelling of a file's path, a query it
 * ignores, a made-up Host, a HEAD or a conditional GET is answered from what the server already
 * holds, compressed at build or start: a burst of 200 such requests costs the server (its process
 * CPU time, from /proc) less than ten times what 200 plain hits of /healthz cost. Before, each
 * made the 1.45 MB API reference script be compressed again (30-40 ms of CPU each, about a hundred
 * times the bound): the margin is wide so that a busy machine cannot fail the test, a regression can.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { builtServerRoot, processCpuMs, type BuiltRoot } from './built-server.js';
import { open, parseResponse, readUntilClosed } from './raw-http.js';
import { spawnServer, type Child } from './spawn-server.js';

const BURST = 200;

/** The answers to `requests` sent pipelined in one write (the last closes the connection), and the server CPU they took. */
async function burst(
  child: Child,
  requests: string[],
): Promise<{ answers: ReturnType<typeof parseResponse>[]; cpuMs: number }> {
  const last = requests.length - 1;
  const wire = requests
    .map((r, i) => (i === last ? r.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n') : r))
    .join('');
  const pid = child.process.pid as number;
  const before = processCpuMs(pid);
  const socket = await open(child.port);
  const text = readUntilClosed(socket);
  socket.write(wire, 'latin1');
  const all = await text;
  const cpuMs = processCpuMs(pid) - before;
  // Bodiless answers only (HEAD, 304): each answer is its head.
  const answers = all.split(/(?=HTTP\/1\.1 \d{3} )/).map(parseResponse);
  return { answers, cpuMs };
}

const request = (method: string, target: string, headers: Record<string, string> = {}) =>
  `${method} ${target} HTTP/1.1\r\n${Object.entries({ Host: 'localhost', ...headers })
    .map(([n, v]) => `${n}: ${v}\r\n`)
    .join('')}\r\n`;

describe.skipIf(!existsSync('/proc/self/stat'))('a burst of 200 spellings of the API reference script', () => {
  let built: BuiltRoot;
  let child: Child;
  let healthzMs: number;
  let brEtag: string;
  let brLength: number;

  beforeAll(async () => {
    built = await builtServerRoot();
    child = await spawnServer(built.bundle, { DATA_DIR: built.dataDir });
    // A well-behaved client first: the file, compressed, decoded by fetch to the built file.
    const res = await fetch(`http://127.0.0.1:${child.port}/assets/docs.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe(built.files['docs.js']);
    brEtag = res.headers.get('etag') as string;
    brLength = Number(res.headers.get('content-length'));
    // Each other file and page asked for once, as a first visitor would: a built file is read on its
    // first request, which is not what the bursts measure.
    for (const path of ['/widget.js', '/assets/site.css', '/docs', '/assets/docs.css']) {
      const warm = await fetch(`http://127.0.0.1:${child.port}${path}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(warm.status).toBe(200);
      await warm.arrayBuffer();
    }
    // 200 plain hits of /healthz, three times after one to warm up: what the bursts below are measured against.
    let total = 0;
    for (let i = -1; i < 3; i++) {
      const { answers, cpuMs } = await burst(
        child,
        Array.from({ length: BURST }, () => request('HEAD', '/healthz')),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(BURST).fill(200));
      if (i >= 0) total += cpuMs;
    }
    // At least one tick of /proc's clock, so that a burst too quick to measure is not a bound of 0.
    healthzMs = Math.max(total / 3, 10);
  }, 120_000);

  afterAll(async () => {
    child?.process.kill('SIGTERM');
    await child?.exited;
    built?.remove();
  });

  const attacks: [string, (i: number) => string, (answer: ReturnType<typeof parseResponse>) => void][] = [
    [
      'HEAD of unique spellings (/assets/d%6Fcs.js?n=<i>), accepting br',
      (i) => request('HEAD', `/assets/d%6Fcs.js?n=${i}`, { 'Accept-Encoding': 'br' }),
      (a) => {
        expect(a.status).toBe(200);
        expect(a.headers['content-encoding']).toBe('br');
        expect(Number(a.headers['content-length'])).toBe(brLength);
      },
    ],
    [
      'HEAD with a unique Host each, accepting br',
      (i) => request('HEAD', '/assets/docs.js', { Host: `h${i}.example`, 'Accept-Encoding': 'br' }),
      (a) => {
        expect(a.status).toBe(200);
        expect(a.headers.etag).toBe(brEtag);
      },
    ],
    [
      'conditional GETs of unique spellings, with the br ETag',
      (i) =>
        request('GET', `/assets/%64ocs.js?v=${i}&n=${i}`, { 'Accept-Encoding': 'gzip, br', 'If-None-Match': brEtag }),
      (a) => {
        expect(a.status).toBe(304);
        expect(a.headers['content-type']).toBeUndefined();
      },
    ],
    [
      'HEAD of unique spellings of the other files and pages, accepting br and gzip',
      (i) =>
        request(
          'HEAD',
          [`/w%69dget.js?${i}`, `/assets/site.%63ss?n=${i}`, `/do%63s?n=${i}`, `/assets/docs.css?n=${i}`][
            i % 4
          ] as string,
          {
            Host: `h${i}.example`,
            'Accept-Encoding': 'gzip, br',
          },
        ),
      (a) => {
        expect(a.status).toBe(200);
        expect(a.headers['content-encoding']).toBe('br');
      },
    ],
  ];

  // Time enough for a burst that compresses on every request (seconds) to fail on its CPU, not its time.
  it.each(attacks)(
    '%s: costs the server less CPU than 200 hits of /healthz ×10',
    { timeout: 60_000 },
    async (_name, make, check) => {
      const { answers, cpuMs } = await burst(
        child,
        Array.from({ length: BURST }, (_, i) => make(i)),
      );
      expect(answers).toHaveLength(BURST);
      for (const answer of answers) check(answer);
      expect(cpuMs).toBeLessThan(healthzMs * 10);
    },
  );

  // Trimming a run of slashes with a regex costs time in the square of its length (~5 ms a request
  // for 3,000 slashes): such paths must cost what other paths of their length cost.
  it('a run of 3,000 slashes costs no more than 3x a path of the same length', { timeout: 60_000 }, async () => {
    const paths = (fill: string) =>
      Array.from({ length: BURST }, (_, i) => request('GET', `/${fill.repeat(3000)}x${i}/`));
    const plain = await burst(child, paths('a'));
    const slashes = await burst(child, paths('/'));
    for (const answer of [...plain.answers, ...slashes.answers]) expect(answer.status).toBe(404);
    expect(slashes.cpuMs).toBeLessThan(Math.max(plain.cpuMs, 10) * 3);
  });

  it('serves a well-behaved client the same bytes after the bursts: the file in br and as is, the catalogue', async () => {
    const base = `http://127.0.0.1:${child.port}`;
    const raw = await fetch(`${base}/assets/docs.js`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(built.files['docs.js']);
    const css = await fetch(`${base}/assets/docs.css?v=2`, { headers: { 'Accept-Encoding': 'br' } });
    expect(await css.text()).toBe(built.files['docs.css']);
    const pricing = (await (await fetch(`${base}/api/pricing`)).json()) as {
      models: unknown[];
      meta: { source: string };
    };
    expect(pricing.models).toHaveLength(loadCatalogueFromDir(built.dataDir).models.length);
    expect(pricing.meta.source).toBe('/');
  });
});
