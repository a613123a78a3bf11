// npm run bench: the service side by side with a raw node:http baseline, under the same load.
//
// Starts the built server (dist/server.mjs, so run after npm run build) and a raw node:http
// server answering each path with the service's own bytes, drives both with autocannon on
// loopback for a bounded time, and prints per scenario: requests/s, p50, p99, the ratio to the
// baseline and each side's CPU time per request (Linux /proc). Rounds alternate baseline and
// service to spread machine noise over both; the ratio is the median of the rounds' ratios. The
// all-unique scenario also prints the service's RSS after each of its runs.
//
// Options (flags or env): --duration=S (BENCH_DURATION, default 5 s per run), --connections=N
// (BENCH_CONNECTIONS, 50), --rounds=N (BENCH_ROUNDS, 1), --cold-starts=N (BENCH_COLD_STARTS: starts
// timed to the first answer, median printed; 5), --workers=N (BENCH_WORKERS: also run the
// service with WORKERS=N; default the number of cores, 0 to skip), --only=defaults,repeated,unique,cluster,
// --node-flags="..." (BENCH_NODE_FLAGS: flags for the service's node process; default those npm start uses), --generator=autocannon|wrk
// (BENCH_GENERATOR: the load generator of the single-process runs, default autocannon),
// --cluster-generator=autocannon|wrk (BENCH_CLUSTER_GENERATOR: that of the WORKERS runs; default wrk
// when it is installed, see BENCHMARKS.md).
import { execFile, execFileSync, fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { UNIQUE_USE_CASES, uniqueMix } from './bench-queries.mjs';
import { START_FLAGS } from './start-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).map((a) => { const [name, ...value] = a.replace(/^--/, '').split('='); return [name, value.join('=')]; }));
const opt = (name, env, fallback) => Number(args[name] ?? process.env[env] ?? fallback);
const DURATION = opt('duration', 'BENCH_DURATION', 5);
const CONNECTIONS = opt('connections', 'BENCH_CONNECTIONS', 50);
const ROUNDS = opt('rounds', 'BENCH_ROUNDS', 1);
const WORKERS = opt('workers', 'BENCH_WORKERS', availableParallelism());
const COLD_STARTS = Math.max(1, opt('cold-starts', 'BENCH_COLD_STARTS', 5));
const ONLY = new Set((args.only ?? 'defaults,repeated,unique,cluster').split(','));
// Flags for the service's node process, space-separated; by default those `npm start` gives it.
const NODE_FLAGS = (args['node-flags'] ?? process.env.BENCH_NODE_FLAGS ?? START_FLAGS.join(' ')).split(' ').filter(Boolean);
// wrk (Debian package wrk: a C generator, several times cheaper per request than autocannon) can
// load a server harder than autocannon, which on two cores saturates one of them itself.
const HAS_WRK = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version prints its usage and exits 1: it is there.
    return err.code !== 'ENOENT';
  }
})();
const GENERATOR = args.generator ?? process.env.BENCH_GENERATOR ?? 'autocannon';
const CLUSTER_GENERATOR = args['cluster-generator'] ?? process.env.BENCH_CLUSTER_GENERATOR ?? (HAS_WRK ? 'wrk' : 'autocannon');
for (const g of [GENERATOR, CLUSTER_GENERATOR]) {
  if (g !== 'autocannon' && g !== 'wrk') throw new Error(`unknown generator ${g}: autocannon or wrk`);
  if (g === 'wrk' && !HAS_WRK) throw new Error('wrk is not installed (Debian: apt-get install wrk)');
}

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

/**
 * The service's answer to one path, as the baseline will replay it: the bytes as sent (read with
 * node:http, since fetch would decode a compressed body) and the headers a client sees.
 */
function capture(port, path, encoding = 'identity') {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers = {};
        for (const name of ['content-type', 'content-encoding', 'vary', 'cache-control', 'etag', 'access-control-allow-origin', 'x-content-type-options']) {
          const value = res.headers[name];
          if (value !== undefined) headers[name] = value;
        }
        headers['content-length'] = String(body.length);
        resolve({ status: res.statusCode, headers, body: body.toString('base64') });
      });
    });
    req.on('error', reject);
  });
}

// Clock ticks per second of /proc's CPU times (getconf CLK_TCK; 100 on nearly every Linux).
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time a process has used (user + system, all its threads) in µs; NaN where /proc is missing. */
function cpuMicros(pid) {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime is the
    // 12th of them, stime the 13th (proc(5)).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

function rssKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]), peak: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/**
 * One run with the given generator against `server` ({ port, cpuPid }); `paths` is a list cycled
 * per connection, or a function of a global counter. With a cpuPid, the run also reports that
 * process's CPU time per request (a cluster's primary would not count its workers: none given).
 */
async function load(server, paths, generator, headers) {
  const before = cpuMicros(server.cpuPid);
  const run = await (generator === 'wrk' ? loadWrk(server.port, paths, headers) : loadAutocannon(server.port, paths, headers));
  return { ...run, cpu: (cpuMicros(server.cpuPid) - before) / (run.rps * DURATION) };
}

// The next number of a generated sequence (the all-unique mix): it runs on across runs and
// rounds, so that no run asks the service what an earlier one did.
let nextInSequence = 0;

async function loadAutocannon(port, paths, headers = {}) {
  const requests =
    typeof paths === 'function'
      ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths(nextInSequence++) }) }]
      : paths.map((path) => ({ method: 'GET', path }));
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: DURATION, requests, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

// wrk takes its requests from a Lua script: a list of paths cycled, or the all-unique sequence
// written in Lua (the formula of scripts/bench-queries.mjs, from the same ids).
let scratch;
function luaScript(paths, headers) {
  scratch ??= mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const quote = (text) => JSON.stringify(text);
  const luaHeaders = `{${Object.entries(headers).map(([name, value]) => `[${quote(name)}] = ${quote(value)}`).join(', ')}}`;
  const body =
    typeof paths === 'function'
      ? `local ids = {${ids.map(quote).join(',')}}
local uses = {${UNIQUE_USE_CASES.map(quote).join(',')}}
-- wrk calls request() once to check the script before the run: the run's first call gets the
-- sequence's next number.
local i = ${nextInSequence - 2}
request = function()
  i = i + 1
  local id = i % #ids
  local k = i % 4
  local path
  if k == 0 then path = string.format("/api/cheapest?input_tokens=%d&output_tokens=%d", 1000 + i, 500 + (i % 997))
  elseif k == 1 then path = string.format("/api/calculate?model=%s&input_tokens=%d&requests=%d", ids[id + 1], 2000 + i, 100 + (i % 50))
  elseif k == 2 then path = string.format("/api/compare?models=%s,%s&input_tokens=%d", ids[id + 1], ids[(id + 1 + (i % (#ids - 1))) % #ids + 1], 1000 + i)
  else path = string.format("/api/recommend?input_tokens=%d&use_case=%s", 1000 + i, uses[(i % #uses) + 1]) end
  return wrk.format("GET", path, ${luaHeaders})
end
`
      : `local paths = {${paths.map(quote).join(',')}}
-- wrk calls request() once to check the script before the run: the run's first call gets paths[1].
local i = #paths - 1
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], ${luaHeaders})
end
`;
  const file = join(scratch, `s${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(file, body);
  return file;
}

async function loadWrk(port, paths, headers = {}) {
  const script = luaScript(paths, headers);
  const output = await new Promise((resolve, reject) =>
    execFile('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency', '-s', script, `http://127.0.0.1:${port}`], (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    ),
  );
  const ms = (pct) => {
    const m = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s)$`, 'm').exec(output);
    if (!m) return NaN;
    return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]];
  };
  const count = (pattern) => Number(pattern.exec(output)?.[1] ?? 0);
  // The next run of a sequence starts after the requests this one sent.
  if (typeof paths === 'function') nextInSequence += count(/(\d+) requests in /);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]),
    p50: Math.round(ms(50) * 100) / 100,
    p99: Math.round(ms(99) * 100) / 100,
    non2xx: count(/Non-2xx or 3xx responses: (\d+)/),
    errors: socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)] + sorted[Math.ceil(mid)]) / 2;
}

/** Rounds of the baseline then the service; `afterService` runs after each service run. */
async function compare(name, base, service, paths, { generator = GENERATOR, headers = {}, afterService = () => {} } = {}) {
  const baseRuns = [];
  const svc = [];
  for (let round = 0; round < ROUNDS; round++) {
    baseRuns.push(await load(base, paths, generator, headers));
    svc.push(await load(service, paths, generator, headers));
    afterService();
  }
  const pick = (runs) => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    cpu: median(runs.map((r) => r.cpu)),
    bad: runs.reduce((n, r) => n + r.non2xx + r.errors, 0),
  });
  const basePicked = pick(baseRuns);
  const row = { name, base: basePicked, svc: pick(svc) };
  // The median of each round's ratio: a round's two runs are seconds apart, so a slow or fast
  // spell of the machine (common on a shared VM) weighs on both sides of a ratio alike.
  row.ratio = median(svc.map((r, i) => r.rps / baseRuns[i].rps));
  printRow(row);
  return row;
}

function printHeader(title) {
  console.log(`\n### ${title}\n`);
  console.log('| scenario | baseline req/s | service req/s | ratio | service p50 ms | service p99 ms | baseline p99 ms | baseline CPU µs/req | service CPU µs/req | non-2xx/errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
}

function printRow({ name, base, svc, ratio }) {
  const n = (x) => Math.round(x).toLocaleString('en-US');
  const cpu = (x) => (Number.isFinite(x) ? x.toFixed(0) : '—');
  console.log(`| ${name} | ${n(base.rps)} | ${n(svc.rps)} | ${ratio.toFixed(2)}× | ${svc.p50} | ${svc.p99} | ${base.p99} | ${cpu(base.cpu)} | ${cpu(svc.cpu)} | ${svc.bad} |`);
}

// ---------------------------------------------------------------------------------------------

console.log(`Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
console.log(`Service started as: node ${[...NODE_FLAGS, 'dist/server.mjs'].join(' ')}`);
console.log(`Load: ${GENERATOR} (WORKERS runs: ${CLUSTER_GENERATOR}), ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} round(s), loopback; load generator on the same cores.`);

// Cold starts: one start is noisy (±50 ms here), so the median of several; the last one serves.
const coldStarts = [];
let service;
for (let i = 0; i < COLD_STARTS; i++) {
  service?.child.kill('SIGKILL');
  service = await startService();
  coldStarts.push(service.coldStartMs);
}
const coldSorted = [...coldStarts].sort((a, b) => a - b);
console.log(
  `Cold start (spawn to first /healthz answer), median of ${COLD_STARTS}: ${median(coldStarts).toFixed(0)} ms (${coldSorted[0].toFixed(0)}–${coldSorted.at(-1).toFixed(0)})`,
);

const catalogue = await (await fetch(`http://127.0.0.1:${service.port}/data/pricing.json`)).json();
const ids = catalogue.models.map((m) => m.id);
const [a, b, c] = ids;
const providers = [...new Set(catalogue.models.map((m) => m.providerSlug))];

// [route, URL, Accept-Encoding]: the two large answers also as a browser or fetch() asks for them.
const DEFAULTS = [
  ['/api/pricing', '/api/pricing'],
  ['/data/pricing.json', '/data/pricing.json'],
  ['/api/pricing', '/api/pricing', 'br'],
  ['/data/pricing.json', '/data/pricing.json', 'br'],
  ['/api/calculate', `/api/calculate?model=${a}`],
  ['/api/cheapest', '/api/cheapest'],
  ['/api/compare', `/api/compare?models=${a},${b}`],
  ['/api/recommend', '/api/recommend'],
  ['/api/badge', `/api/badge?model=${a}`],
  ['/api/changes', '/api/changes'],
  ['/healthz', '/healthz'],
];

// Bad input, asked again and again (a client with a typo in a loop): the JSON error. The baseline
// replays the same 400 for the same target.
const BAD_INPUT = '/api/cheapest?limit=999';

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
const UNIQUE = uniqueMix(ids);

const routes = {};
// The baseline answers a path (or path|br when the request accepts br) with these bytes.
const routeKey = (path, encoding) => (encoding ? `${path}|${encoding}` : path);
for (const [path, url, encoding] of DEFAULTS) routes[routeKey(path, encoding)] = await capture(service.port, url, encoding);
routes[BAD_INPUT] = await capture(service.port, BAD_INPUT);
for (const url of [...REPEATED, UNIQUE(0), UNIQUE(1), UNIQUE(2), UNIQUE(3)]) {
  const path = url.split('?')[0];
  routes[path] ??= await capture(service.port, url);
}
const baseline = await startBaseline(routes);
const baseTarget = { port: baseline.port, cpuPid: baseline.child.pid };
const serviceTarget = { port: service.port, cpuPid: service.child.pid };
const mb = (kb) => (kb / 1024).toFixed(0);
const defaults = DEFAULTS.filter(([path, , encoding]) => routes[routeKey(path, encoding)]?.status === 200);

const results = [];
if (ONLY.has('defaults')) {
  printHeader('Each endpoint at its defaults (single process)');
  for (const [path, url, encoding] of defaults) {
    const headers = encoding ? { 'accept-encoding': encoding } : {};
    results.push(await compare(encoding ? `${path} (${encoding})` : path, baseTarget, serviceTarget, [url], { headers }));
  }
  results.push(await compare(`bad input (${routes[BAD_INPUT].status})`, baseTarget, serviceTarget, [BAD_INPUT]));
}
if (ONLY.has('repeated')) {
  printHeader(`Mixes (single process)`);
  results.push(await compare(`repeated mix (${REPEATED.length} queries)`, baseTarget, serviceTarget, REPEATED));
}
if (ONLY.has('unique')) {
  if (!ONLY.has('repeated')) printHeader('Mixes (single process)');
  const rssAfterRuns = [];
  results.push(await compare('all-unique mix', baseTarget, serviceTarget, UNIQUE, { afterService: () => rssAfterRuns.push(rssKb(service.child.pid)) }));
  const afterUnique = rssKb(service.child.pid);
  console.log(`\nService RSS after each all-unique run: ${rssAfterRuns.map((m) => mb(m.rss)).join(', ')} MB`);
  console.log(`Service memory after the all-unique runs: RSS ${mb(afterUnique.rss)} MB, peak RSS ${mb(afterUnique.peak)} MB`);
}
const memory = rssKb(service.child.pid);
console.log(`\nService memory after the runs: RSS ${mb(memory.rss)} MB, peak RSS ${mb(memory.peak)} MB`);
service.child.kill('SIGTERM');

if (ONLY.has('cluster') && WORKERS > 1) {
  const clustered = await startService({ WORKERS: String(WORKERS) });
  printHeader(`WORKERS=${WORKERS} (node:cluster) against the single-process raw baseline, load by ${CLUSTER_GENERATOR}`);
  // No CPU column for the cluster: its workers' time is not the primary's.
  const clusterTarget = { port: clustered.port };
  const byCluster = { generator: CLUSTER_GENERATOR };
  await compare(`/api/cheapest (defaults)`, baseTarget, clusterTarget, ['/api/cheapest'], byCluster);
  await compare(`repeated mix`, baseTarget, clusterTarget, REPEATED, byCluster);
  await compare(`all-unique mix`, baseTarget, clusterTarget, UNIQUE, byCluster);
  clustered.child.kill('SIGTERM');
}
baseline.child.kill('SIGTERM');
if (scratch) rmSync(scratch, { recursive: true, force: true });

if (results.length > 0) {
  const p99 = Math.max(...results.map((r) => r.svc.p99));
  console.log(`\nWorst service p99 across the single-process scenarios: ${p99} ms (${CONNECTIONS} connections).`);
}
