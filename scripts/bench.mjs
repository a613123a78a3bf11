// npm run bench: the service side by side with a raw node:http baseline, under the same load.
//
// Starts the built server (dist/server.mjs, so run after npm run build) and a raw node:http
// server answering each path with the service's own bytes, drives both with autocannon on
// loopback for a bounded time, and prints per scenario: requests/s, p50, p99 and the ratio to the
// baseline. Rounds alternate baseline and service to spread machine noise over both.
//
// Options (flags or env): --duration=S (BENCH_DURATION, default 5 s per run), --connections=N
// (BENCH_CONNECTIONS, 50), --rounds=N (BENCH_ROUNDS, 1), --workers=N (BENCH_WORKERS: also run the
// service with WORKERS=N; default the number of cores, 0 to skip), --only=defaults,repeated,unique,cluster,
// --node-flags="..." (BENCH_NODE_FLAGS: flags for the service's node process).
import { fork, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).map((a) => { const [name, ...value] = a.replace(/^--/, '').split('='); return [name, value.join('=')]; }));
const opt = (name, env, fallback) => Number(args[name] ?? process.env[env] ?? fallback);
const DURATION = opt('duration', 'BENCH_DURATION', 5);
const CONNECTIONS = opt('connections', 'BENCH_CONNECTIONS', 50);
const ROUNDS = opt('rounds', 'BENCH_ROUNDS', 1);
const WORKERS = opt('workers', 'BENCH_WORKERS', availableParallelism());
const ONLY = new Set((args.only ?? 'defaults,repeated,unique,cluster').split(','));
// Flags for the service's node process (e.g. --node-flags=--optimize-for-size), space-separated.
const NODE_FLAGS = (args['node-flags'] ?? process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

const server = join(root, 'dist', 'server.mjs');
if (!existsSync(server)) {
  console.error('dist/server.mjs is missing: run npm run build (npm run bench does).');
  process.exit(1);
}

/** Starts the service; resolves with its port, pid and the time to its first answer. */
async function startService(env = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, server], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /"port":(\d+)/.exec(text) ?? /listening on http:\/\/[^:]+:(\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`service exited (${code}) before listening`)));
  });
  // Cold start: process start to the first answer of /healthz. Asked with node:http rather than
  // fetch, whose own first use (loading undici, ~30 ms) would be counted against the service.
  while ((await healthz(port)) !== 200) await new Promise((r) => setTimeout(r, 2));
  return { child, port, coldStartMs: performance.now() - started };
}

function healthz(port) {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
  });
}

async function startBaseline(routes) {
  const child = fork(join(root, 'scripts', 'bench-baseline.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve) => {
    child.once('message', (m) => resolve(m.port));
    child.send({ routes });
  });
  return { child, port };
}

/** The service's answer to one path, as the baseline will replay it. */
async function capture(port, path) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  const headers = {};
  for (const name of ['content-type', 'cache-control', 'etag', 'access-control-allow-origin', 'x-content-type-options']) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  headers['content-length'] = String(body.length);
  return { status: res.status, headers, body: body.toString('base64') };
}

function rssKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]), peak: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** One autocannon run; `paths` is a list cycled per connection, or a function of a global counter. */
async function load(port, paths) {
  let counter = 0;
  const requests =
    typeof paths === 'function'
      ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths(counter++) }) }]
      : paths.map((path) => ({ method: 'GET', path }));
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: DURATION, requests });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function compare(name, basePort, servicePort, paths) {
  const base = [];
  const svc = [];
  for (let round = 0; round < ROUNDS; round++) {
    base.push(await load(basePort, paths));
    svc.push(await load(servicePort, paths));
  }
  const pick = (runs) => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    bad: runs.reduce((n, r) => n + r.non2xx + r.errors, 0),
  });
  const row = { name, base: pick(base), svc: pick(svc) };
  row.ratio = row.svc.rps / row.base.rps;
  printRow(row);
  return row;
}

function printHeader(title) {
  console.log(`\n### ${title}\n`);
  console.log('| scenario | baseline req/s | service req/s | ratio | service p50 ms | service p99 ms | baseline p99 ms | non-2xx/errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
}

function printRow({ name, base, svc, ratio }) {
  const n = (x) => Math.round(x).toLocaleString('en-US');
  console.log(`| ${name} | ${n(base.rps)} | ${n(svc.rps)} | ${ratio.toFixed(2)}× | ${svc.p50} | ${svc.p99} | ${base.p99} | ${svc.bad} |`);
}

// ---------------------------------------------------------------------------------------------

console.log(`Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
if (NODE_FLAGS.length) console.log(`Service node flags: ${NODE_FLAGS.join(' ')}`);
console.log(`Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} round(s), loopback; load generator on the same cores.`);

const service = await startService();
console.log(`Cold start (spawn to first /healthz answer): ${service.coldStartMs.toFixed(0)} ms`);

const catalogue = await (await fetch(`http://127.0.0.1:${service.port}/data/pricing.json`)).json();
const ids = catalogue.models.map((m) => m.id);
const [a, b, c] = ids;
const providers = [...new Set(catalogue.models.map((m) => m.providerSlug))];

const DEFAULTS = [
  ['/api/pricing', '/api/pricing'],
  ['/data/pricing.json', '/data/pricing.json'],
  ['/api/calculate', `/api/calculate?model=${a}`],
  ['/api/cheapest', '/api/cheapest'],
  ['/api/compare', `/api/compare?models=${a},${b}`],
  ['/api/recommend', '/api/recommend'],
  ['/api/badge', `/api/badge?model=${a}`],
  ['/api/changes', '/api/changes'],
  ['/healthz', '/healthz'],
];

// What a day of real traffic repeats: popular queries over a few models and use cases.
const REPEATED = [
  ...['coding', 'chat', 'reasoning', 'extraction'].map((u) => `/api/cheapest?use_case=${u}`),
  '/api/cheapest?quality=high&limit=10',
  ...['coding', 'chat', 'long-context'].map((u) => `/api/recommend?use_case=${u}`),
  '/api/recommend?use_case=coding&budget=low',
  ...ids.slice(0, 6).map((id) => `/api/calculate?model=${id}`),
  `/api/calculate?models=${a},${b},${c}&input_tokens=5000`,
  `/api/compare?models=${a},${b}`,
  `/api/compare?models=${b},${c}&requests_per_day=5000`,
  ...providers.slice(0, 4).map((p) => `/api/pricing?provider=${p}`),
  '/api/pricing?tier=budget',
  ...ids.slice(0, 4).map((id) => `/api/badge?model=${id}`),
  '/healthz',
];

// Every request a parameter combination never seen before, so no cache can help.
const USE_CASES = ['coding', 'chat', 'classification', 'extraction', 'reasoning', 'analysis'];
const other = (i, first) => (first + 1 + (i % (ids.length - 1))) % ids.length;
const UNIQUE = (i) => {
  const id = i % ids.length;
  switch (i % 4) {
    case 0: return `/api/cheapest?input_tokens=${1000 + i}&output_tokens=${500 + (i % 997)}`;
    case 1: return `/api/calculate?model=${ids[id]}&input_tokens=${2000 + i}&requests=${100 + (i % 50)}`;
    case 2: return `/api/compare?models=${ids[id]},${ids[other(i, id)]}&input_tokens=${1000 + i}`;
    default: return `/api/recommend?input_tokens=${1000 + i}&use_case=${USE_CASES[i % USE_CASES.length]}`;
  }
};

const routes = {};
for (const [path, url] of DEFAULTS) routes[path] = await capture(service.port, url);
for (const url of [...REPEATED, UNIQUE(0), UNIQUE(1), UNIQUE(2), UNIQUE(3)]) {
  const path = url.split('?')[0];
  routes[path] ??= await capture(service.port, url);
}
const baseline = await startBaseline(routes);
const defaults = DEFAULTS.filter(([path]) => routes[path]?.status === 200);

const results = [];
if (ONLY.has('defaults')) {
  printHeader('Each endpoint at its defaults (single process)');
  for (const [path, url] of defaults) results.push(await compare(path, baseline.port, service.port, [url]));
}
if (ONLY.has('repeated')) {
  printHeader(`Mixes (single process)`);
  results.push(await compare(`repeated mix (${REPEATED.length} queries)`, baseline.port, service.port, REPEATED));
}
if (ONLY.has('unique')) {
  if (!ONLY.has('repeated')) printHeader('Mixes (single process)');
  results.push(await compare('all-unique mix', baseline.port, service.port, UNIQUE));
}
const memory = rssKb(service.child.pid);
console.log(`\nService memory after the runs: RSS ${(memory.rss / 1024).toFixed(0)} MB, peak RSS ${(memory.peak / 1024).toFixed(0)} MB`);
service.child.kill('SIGTERM');

if (ONLY.has('cluster') && WORKERS > 1) {
  const clustered = await startService({ WORKERS: String(WORKERS) });
  printHeader(`WORKERS=${WORKERS} (node:cluster) against the single-process raw baseline`);
  await compare(`/api/cheapest (defaults)`, baseline.port, clustered.port, ['/api/cheapest']);
  await compare(`repeated mix`, baseline.port, clustered.port, REPEATED);
  await compare(`all-unique mix`, baseline.port, clustered.port, UNIQUE);
  clustered.child.kill('SIGTERM');
}
baseline.child.kill('SIGTERM');

const p99 = Math.max(...results.map((r) => r.svc.p99));
console.log(`\nWorst service p99 across the single-process scenarios: ${p99} ms (${CONNECTIONS} connections).`);
