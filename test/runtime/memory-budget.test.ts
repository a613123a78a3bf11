/**
 * One memory budget for the process (MAX_UNSENT_BYTES): connections that pipeline requests for
 * large answers and never read them cannot make the server hold more than the budget, whatever
 * their number; the connections holding the most are cut, and a client that reads is served.
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtDocsJs } from './built-assets.js';
import { inProcessServers } from './in-process.js';
import { open } from './raw-http.js';
import { bundleServer, spawnServer, type Child } from './spawn-server.js';

const dataDir = join(import.meta.dirname, '..', '..', 'data');
const providers = readdirSync(dataDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));

/** The n-th ordering of every provider's slug: a query no other n spells, whose answer is the whole catalogue (~110 KB). */
function providerList(n: number): string {
  const list = [...providers];
  for (let i = list.length - 1; i > 0; i--) {
    const j = n % (i + 1);
    n = Math.floor(n / (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list.join(',');
}

const get = (target: string, host = 'localhost') => `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`;

/** Connections that send their requests at once and never read an answer. */
async function nonReaders(port: number, requests: ((c: number) => string)[]): Promise<Socket[]> {
  const sockets = await Promise.all(requests.map(() => open(port)));
  sockets.forEach((s, c) => {
    s.pause();
    s.on('error', () => undefined);
    s.write(requests[c]!(c));
  });
  return sockets;
}

async function normalClientServed(port: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/api/pricing?model=openai-gpt-4o`, {
    headers: { Connection: 'close' },
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { model: { id: string } }).model.id).toBe('openai-gpt-4o');
}

const hasProc = existsSync('/proc/self/status') && existsSync('/proc/net/tcp');

describe.skipIf(!hasProc)('memory under many connections that never read (a child process)', () => {
  let bundle: string;
  let start: { flags: string[]; env: Record<string, string> };
  const children: Child[] = [];
  beforeAll(async () => {
    await builtDocsJs();
    bundle = await bundleServer();
    // @ts-expect-error: a plain .mjs script without types
    const { START_FLAGS, START_ENV } = (await import('../../scripts/start-flags.mjs')) as {
      START_FLAGS: string[];
      START_ENV: Record<string, string>;
    };
    start = { flags: START_FLAGS, env: START_ENV };
  }, 60_000);
  afterAll(() => {
    for (const c of children) c.process.kill('SIGKILL');
    rmSync(bundle, { force: true });
  });

  const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  /** Established connections whose local end is the server's port: the server's side of each open connection. */
  const serverConnections = (port: number) => {
    const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
    return readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .filter((line) => {
        const fields = line.trim().split(/\s+/);
        return fields[1]?.endsWith(local) === true && fields[3] === '01';
      }).length;
  };

  /**
   * Starts the server, warms up the answers the attack asks for, runs the attack and follows the
   * server's RSS until it has closed every attacking connection (a stall is cut after
   * SOCKET_TIMEOUT_MS); returns the peak growth above idle, in MB.
   */
  async function growthUnder(
    env: Record<string, string>,
    requests: ((c: number) => string)[],
    warmUp: string[],
  ): Promise<number> {
    // As npm start runs it (its node flags and MALLOC_ARENA_MAX); a stall is cut after a second.
    const child = await spawnServer(bundle, { ...start.env, SOCKET_TIMEOUT_MS: '1000', ...env }, start.flags);
    children.push(child);
    const { port } = child;
    const pid = child.process.pid!;
    for (let i = 0; i < 10; i++) {
      for (const path of warmUp)
        await (await fetch(`http://127.0.0.1:${port}${path}${i}`, { headers: { Connection: 'close' } })).arrayBuffer();
    }
    const before = rssMb(pid);
    const sockets = await nonReaders(port, requests);
    let peak = before;
    let rounds = 0;
    while (serverConnections(port) > 0) {
      peak = Math.max(peak, rssMb(pid));
      if (rounds++ % 10 === 0) await normalClientServed(port);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    peak = Math.max(peak, rssMb(pid));
    await normalClientServed(port);
    for (const s of sockets) s.destroy();
    child.process.kill('SIGKILL');
    return peak - before;
  }

  it('20 connections pipelining unique spellings of /assets/docs.js (1.45 MB) hold under 100 MB above idle', async () => {
    expect((await builtDocsJs()).length).toBeGreaterThan(1_000_000);
    // Half spell the path (%6F is an o), half vary the Host: each answer a fresh copy where the key differs.
    // (Twenty, as in issue 24: each answer made is copied twice on the way out, and what the kernel
    // takes of forty connections, 4 MB each, is churned through the heap faster than it is collected.)
    const requests = Array.from(
      { length: 20 },
      (_, c) => (k: number) =>
        Array.from({ length: 100 }, (_, i) =>
          c % 2 === 0 ? get(`/assets/d%6Fcs.js?n=${k}-${i}`) : get('/assets/docs.js', `h${k}-${i}.example`),
        ).join(''),
    );
    // Without the budget, about 20 MB a connection: over 400 MB.
    expect(await growthUnder({}, requests, ['/assets/docs.js?w='])).toBeLessThan(100);
  }, 60_000);

  it('40 connections allowed 100 answers in progress each, pipelining distinct 110 KB answers, hold under 100 MB above idle', async () => {
    // Each query is a different ordering of the providers: a distinct key and a distinct answer, however keys are normalised.
    const requests = Array.from(
      { length: 40 },
      () => (k: number) =>
        Array.from({ length: 100 }, (_, i) => get(`/api/pricing?provider=${providerList(k * 100 + i)}`)).join(''),
    );
    // Without the budget, about 7 MB a connection beyond what the kernel takes: about 280 MB.
    expect(await growthUnder({ MAX_IN_PROGRESS: '100' }, requests, ['/api/pricing?provider=openai&w='])).toBeLessThan(
      100,
    );
  }, 60_000);
});

describe('the budget in process', () => {
  const serve = inProcessServers();

  it('makes one answer at a time per connection once pressed, cuts those holding the most past it, and a reader gets every answer whole', async () => {
    const docsJs = await builtDocsJs();
    const limit = 4 * 1024 * 1024;
    const { port, base, running } = await serve({ MAX_UNSENT_BYTES: String(limit), SOCKET_TIMEOUT_MS: '60000' });
    // Twelve connections asking for the 1.45 MB file 20 times each: beyond what the kernel takes of
    // each (a few MB), one answer each in progress is more than 4 MB together.
    const sockets = await nonReaders(
      port,
      Array.from(
        { length: 12 },
        () => (k: number) => Array.from({ length: 20 }, (_, i) => get(`/assets/docs.js?n=${k}-${i}`)).join(''),
      ),
    );
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${base}/assets/docs.js?r=${i}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(docsJs)).toBe(true);
      expect(running.memory.total).toBeLessThanOrEqual(limit);
    }
    expect(running.memory.evicted).toBeGreaterThan(0);
    expect(running.pipelining.cut).toBe(0);
    expect(running.connections.stalled).toBe(0);
    for (const s of sockets) s.destroy();
  }, 30_000);
});
