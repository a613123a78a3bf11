/**
 * The server as operators run it, in a child process: SIGHUP reloads the catalogue (a bad one is
 * refused, the old one keeps serving), SIGTERM drains, LOG_LEVEL=info writes an access log.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, parseResponse, readUntilClosed } from './raw-http.js';
import { bundleServer, spawnServer, type Child } from './spawn-server.js';

const dataDir = join(import.meta.dirname, '..', '..', 'data');
let bundle: string;
let tmp: string;
const children: Child[] = [];
const links: string[] = [];

beforeAll(async () => {
  bundle = await bundleServer();
  tmp = mkdtempSync(join(tmpdir(), 'ai-model-pricing-signals-'));
}, 30_000);
afterAll(() => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
  rmSync(bundle, { force: true });
  for (const link of links) rmSync(link, { force: true });
});

async function start(
  env: Record<string, string> = {},
  file = bundle,
  nodeFlags: readonly string[] = [],
): Promise<Child> {
  const child = await spawnServer(file, env, nodeFlags);
  children.push(child);
  return child;
}

/** A private copy of data/ the test may edit. */
function copyOfData(name: string): string {
  const dir = join(tmp, name);
  cpSync(dataDir, dir, { recursive: true });
  return dir;
}

interface ProviderFile {
  provider: { name: string };
  models: { id: string; input: number }[];
}
const readProvider = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ProviderFile;
const modelsIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .reduce((n, f) => n + readProvider(dir, f).models.length, 0);

async function health(port: number): Promise<{ models: number }> {
  return (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { models: number };
}

describe('starting', () => {
  it.each([[[]], [['--preserve-symlinks-main']]])(
    'serves when started through a symbolic link to the server file (a release behind a link), node flags %j',
    async (flags: string[]) => {
      // A link to the bundle's directory, beside it, so that its packages resolve from the link too.
      const release = join(dirname(bundle), `release-link-${process.pid}-${flags.length}`);
      rmSync(release, { force: true });
      symlinkSync(dirname(bundle), release);
      links.push(release);
      const child = await start({}, join(release, basename(bundle)), flags);
      expect((await health(child.port)).models).toBeGreaterThan(0);
      child.process.kill('SIGKILL');
    },
  );
});

describe('SIGHUP reloads the catalogue', () => {
  it('swaps in a valid catalogue, refuses an invalid one with a logged reason and keeps serving the old', async () => {
    const dir = copyOfData('reload');
    const total = modelsIn(dir);
    const child = await start({ DATA_DIR: dir });
    expect((await health(child.port)).models).toBe(total);

    // Valid: drop one model from a provider's file.
    const file = 'openai.json';
    const openai = readProvider(dir, file);
    const dropped = openai.models[0]!.id;
    writeFileSync(join(dir, file), JSON.stringify({ ...openai, models: openai.models.slice(1) }, null, 2));
    expect((await fetch(`http://127.0.0.1:${child.port}/api/pricing?model=${dropped}`)).status).toBe(200);
    child.process.kill('SIGHUP');
    await child.line((l) => l.includes('catalogue reloaded') && l.includes(`"models":${total - 1}`));
    expect((await health(child.port)).models).toBe(total - 1);
    expect((await fetch(`http://127.0.0.1:${child.port}/api/pricing?model=${dropped}`)).status).toBe(404);

    // Invalid JSON: refused, reason logged on stderr, the previous catalogue still served.
    writeFileSync(join(dir, 'anthropic.json'), '{ "provider": ');
    child.process.kill('SIGHUP');
    const rejected = await child.line((l) => l.includes('catalogue reload rejected'));
    expect(child.stderr).toContain(rejected);
    expect((JSON.parse(rejected) as { reason: string }).reason).toMatch(/anthropic\.json: not valid JSON/);
    expect((await health(child.port)).models).toBe(total - 1);

    // Valid JSON, invalid data (a negative price): refused too.
    cpSync(join(dataDir, 'anthropic.json'), join(dir, 'anthropic.json'));
    const bad = readProvider(dir, file);
    bad.models[0]!.input = -1;
    writeFileSync(join(dir, file), JSON.stringify(bad));
    child.process.kill('SIGHUP');
    await child.line((l) => l.includes('catalogue reload rejected') && l.includes('openai.json'));
    expect((await health(child.port)).models).toBe(total - 1);
    expect((await fetch(`http://127.0.0.1:${child.port}/api/pricing?model=${dropped}`)).status).toBe(404);

    child.process.kill('SIGTERM');
    expect((await child.exited).code).toBe(0);
  }, 30_000);

  it('refuses a reload that would lose a provider (its file missing), logs why and keeps serving it', async () => {
    const dir = copyOfData('lost-provider');
    const total = modelsIn(dir);
    const child = await start({ DATA_DIR: dir });
    const mistral = readProvider(dir, 'mistral.json');
    rmSync(join(dir, 'mistral.json'));
    child.process.kill('SIGHUP');
    const rejected = await child.line((l) => l.includes('catalogue reload rejected'));
    expect(child.stderr).toContain(rejected);
    expect((JSON.parse(rejected) as { reason: string }).reason).toMatch(/would lose provider mistral/);
    expect((await health(child.port)).models).toBe(total);
    const res = await fetch(`http://127.0.0.1:${child.port}/api/pricing?model=${mistral.models[0]!.id}`);
    expect(res.status).toBe(200);
    child.process.kill('SIGTERM');
    expect((await child.exited).code).toBe(0);
  }, 30_000);

  it('never lets a request see a mix of two catalogues while reloads run', async () => {
    const dir = copyOfData('atomic');
    const alibaba = readProvider(dir, 'alibaba.json');
    const withAll = modelsIn(dir);
    // The reloads flip alibaba.json between all its models and its first one.
    const withOne = withAll - alibaba.models.length + 1;
    const child = await start({ DATA_DIR: dir });
    const url = `http://127.0.0.1:${child.port}/data/pricing.json`;
    let reloads = 0;
    const flip = async () => {
      for (let i = 0; i < 10; i++) {
        writeFileSync(
          join(dir, 'alibaba.json'),
          JSON.stringify(i % 2 === 0 ? { ...alibaba, models: alibaba.models.slice(0, 1) } : alibaba),
        );
        child.process.kill('SIGHUP');
        reloads += 1;
        await child.line(
          (l) =>
            l.includes('catalogue reloaded') &&
            child.stdout.filter((s) => s.includes('catalogue reloaded')).length >= reloads,
        );
      }
    };
    const read = async () => {
      const seen: number[] = [];
      for (let i = 0; i < 60; i++) {
        const body = (await (await fetch(url)).json()) as { models: { provider: string }[]; meta: { count: number } };
        const fromAlibaba = body.models.filter((m) => m.provider === alibaba.provider.name).length;
        expect(body.meta.count).toBe(body.models.length);
        // Either catalogue whole: all of alibaba's models with all the others, or its first with all the others.
        expect(body.models.length).toBe(fromAlibaba === 1 ? withOne : withAll);
        expect([1, alibaba.models.length]).toContain(fromAlibaba);
        seen.push(body.models.length);
      }
      return seen;
    };
    const [, ...seen] = await Promise.all([flip(), read(), read(), read()]);
    expect(seen.flat().length).toBe(180);
    expect(child.stderr.filter((l) => l.includes('rejected'))).toEqual([]);
    child.process.kill('SIGTERM');
    await child.exited;
  }, 30_000);
});

describe('WATCH_DATA', () => {
  it('reloads when a data file changes, without a signal', async () => {
    const dir = copyOfData('watch');
    const total = modelsIn(dir);
    const child = await start({ DATA_DIR: dir, WATCH_DATA: '1' });
    const mistral = readProvider(dir, 'mistral.json');
    writeFileSync(join(dir, 'mistral.json'), JSON.stringify({ ...mistral, models: mistral.models.slice(2) }));
    await child.line((l) => l.includes('catalogue reloaded') && l.includes(`"models":${total - 2}`));
    expect((await health(child.port)).models).toBe(total - 2);
    child.process.kill('SIGTERM');
    await child.exited;
  });
});

describe('WATCH_DATA and the doors', () => {
  it('reloads when a door file (data/offers/) changes', async () => {
    const dir = copyOfData('watch-doors');
    const child = await start({ DATA_DIR: dir, WATCH_DATA: '1' });
    const offers = async () =>
      (await (await fetch(`http://127.0.0.1:${child.port}/api/offers?model=deepseek-deepseek-v4-pro`)).json()) as {
        counts: { doors: number };
      };
    const before = (await offers()).counts.doors;
    const file = join(dir, 'offers', 'deepseek.json');
    const doors = JSON.parse(readFileSync(file, 'utf8')) as { doors: Array<{ model: string }> };
    writeFileSync(
      file,
      JSON.stringify({ ...doors, doors: doors.doors.filter((d) => d.model !== 'deepseek-deepseek-v4-pro') }),
    );
    await child.line((l) => l.includes('catalogue reloaded'));
    expect((await offers()).counts.doors).toBe(1);
    expect(before).toBeGreaterThan(10);
    child.process.kill('SIGTERM');
    await child.exited;
  });
});

describe('SIGTERM drains', () => {
  it('finishes the request in flight, refuses new connections and exits 0', async () => {
    const child = await start({ DATA_DIR: copyOfData('drain') });
    // A request half sent: its headers are not finished when the signal arrives.
    const inFlight = await open(child.port);
    const answer = readUntilClosed(inFlight);
    inFlight.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    // An idle keep-alive connection, which draining closes.
    const idle = await open(child.port);
    const idleClosed = readUntilClosed(idle);
    idle.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise<void>((resolve) => idle.once('data', () => resolve()));

    child.process.kill('SIGTERM');
    await child.line((l) => l.includes('SIGTERM: draining'));
    await expect(open(child.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    inFlight.write('Accept: application/json\r\n\r\n');
    const res = parseResponse(await answer);
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ok' });
    await idleClosed;
    expect(await child.exited).toEqual({ code: 0, signal: null });
    expect(child.stdout.some((l) => l.includes('drained; exiting'))).toBe(true);
  });

  it('exits within DRAIN_TIMEOUT_MS even if a client never finishes its request', async () => {
    const child = await start({
      DATA_DIR: copyOfData('drain-forced'),
      DRAIN_TIMEOUT_MS: '500',
      HEADERS_TIMEOUT_MS: '60000',
      REQUEST_TIMEOUT_MS: '60000',
    });
    const stuck = await open(child.port);
    const cut = readUntilClosed(stuck);
    stuck.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    child.process.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });
    await cut;
    expect(child.stdout.some((l) => l.includes('drain timed out'))).toBe(true);
  });
});

describe('access log', () => {
  it('writes one JSON line per request with method, path, status and duration when LOG_LEVEL=info', async () => {
    const child = await start({ DATA_DIR: copyOfData('log'), LOG_LEVEL: 'info' });
    await fetch(`http://127.0.0.1:${child.port}/healthz`);
    await fetch(`http://127.0.0.1:${child.port}/api/pricing?model=nope%0A%22x`);
    await fetch(`http://127.0.0.1:${child.port}/api/pricing`, { method: 'DELETE' });
    await child.line((l) => l.includes('"method":"DELETE"'));
    const entries = child.stdout
      .filter((l) => l.includes('"method"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/healthz', status: 200 },
      { method: 'GET', path: '/api/pricing', status: 404 },
      { method: 'DELETE', path: '/api/pricing', status: 405 },
    ]);
    for (const e of entries) {
      expect(typeof e.ms).toBe('number');
      expect(Number.isNaN(Date.parse(String(e.time)))).toBe(false);
    }
    child.process.kill('SIGTERM');
    await child.exited;
  });

  it('is off by default', async () => {
    const child = await start({ DATA_DIR: copyOfData('nolog') });
    await fetch(`http://127.0.0.1:${child.port}/healthz`);
    child.process.kill('SIGTERM');
    await child.exited;
    expect(child.stdout.filter((l) => l.includes('"method"'))).toEqual([]);
  });
});
