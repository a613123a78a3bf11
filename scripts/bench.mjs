// npm run bench: the service's CPU time per answer, side by side with two servers that replay its
// own bytes (scripts/bench-replay.mjs: raw node:http, and a minimal Hono app), and the targets of
// issue 27 met or missed. Method and results: BENCHMARKS.md.
//
// Every server runs pinned to CPU 0 and wrk (Debian package wrk) to CPU 1 (taskset); this script
// pins itself to CPU 1 too. A server's CPU time per answer is its utime + stime from
// /proc/<pid>/stat, before and after a wrk run, over the answers wrk counted. Each row runs
// rounds of the three servers in turn (the order rotating), and its ratio is the median of the
// rounds' ratios. Also: cold start (spawn to the first answer, median of 5 starts, beside the two
// replays' with the one answer asked of them), the service's peak RSS under this load, and
// /api/cheapest and /api/recommend in-process at 10,000 synthetic models (scripts/bench-core.mjs).
//
// Options: --duration=S seconds per wrk run (default 2), --rounds=N (3), --connections=N (50),
// --only=cached,unique,core (all), --rows=NAME,... (rows whose name contains one of these);
// environment BENCH_NODE_FLAGS and BENCH_MALLOC_ARENA_MAX (see below).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { START_ENV as NPM_START_ENV, START_FLAGS as NPM_START_FLAGS } from './start-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// --name=value (a value may hold '='), or --name.
const args = parseArgs({ strict: false }).values;
const DURATION = Number(args.duration ?? 2);
const ROUNDS = Number(args.rounds ?? 3);
const CONNECTIONS = Number(args.connections ?? 50);
const ONLY = new Set((args.only ?? 'cached,unique,core').split(','));
// Rows whose name contains one of these (all when unset).
const ROWS = args.rows?.split(',');
// BENCH_NODE_FLAGS ("--a=1 --b") and BENCH_MALLOC_ARENA_MAX replace npm start's, to compare flags.
const START_FLAGS = process.env.BENCH_NODE_FLAGS === undefined ? NPM_START_FLAGS : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
const START_ENV = process.env.BENCH_MALLOC_ARENA_MAX === undefined ? NPM_START_ENV : { ...NPM_START_ENV, MALLOC_ARENA_MAX: process.env.BENCH_MALLOC_ARENA_MAX };
const SERVER_CPU = '0';
const LOAD_CPU = '1';

for (const [tool, hint] of [['wrk', 'apt-get install wrk'], ['taskset', 'apt-get install util-linux']]) {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
  } catch (err) {
    // wrk --version prints its usage and exits 1: it is there. Only a missing binary stops us.
    if (err.code === 'ENOENT') {
      console.error(`npm run bench needs ${tool}: ${hint}`);
      process.exit(1);
    }
  }
}
const server = join(root, 'dist', 'server.mjs');
if (!existsSync(server)) {
  console.error('dist/server.mjs is missing: run npm run build (npm run bench does).');
  process.exit(1);
}
execFileSync('taskset', ['-a', '-c', '-p', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
const scratch = mkdtempSync(join(tmpdir(), 'bench-'));

// --- processes ------------------------------------------------------------------------------

// Every server started, killed when this script exits however it ends.
const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));
process.on('SIGINT', () => process.exit(130));

/** Starts `command` pinned to the server CPU; resolves once a line of its stdout gives the port. */
async function startPinned(command, env = {}) {
  const started = performance.now();
  const child = spawn('taskset', ['-c', SERVER_CPU, ...command], { env: { ...process.env, ...START_ENV, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /"port":(\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited (${code}) before listening`)));
  });
  // taskset execs the command: the pid is the server's own.
  return { child, port, pid: child.pid, started };
}

/**
 * A server started by `start` and its cold start: coldStartMs is spawn to the first answer of
 * /healthz, coldStartCpuMs the CPU time the process had used by then.
 */
async function startCold(start) {
  const s = await start();
  while ((await ask(s.port, '/healthz')).status !== 200) await new Promise((r) => setTimeout(r, 1));
  return { ...s, coldStartMs: performance.now() - s.started, coldStartCpuMs: cpuMicros(s.pid) / 1000 };
}

/** The built service as npm start runs it. */
const startService = () =>
  startPinned([process.execPath, ...START_FLAGS, server], { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error' }).then((s) => ({ ...s, name: 'service' }));

/** Kills a server; resolves once it has exited (so that the next start does not share its CPU with the teardown). */
const stop = (s) => {
  const exited = s.child.exitCode === null && s.child.signalCode === null ? new Promise((r) => s.child.once('exit', r)) : Promise.resolve();
  s.child.kill('SIGKILL');
  children.delete(s.child);
  return exited;
};

/** One answer as sent, read with node:http (fetch would decode a compressed body). */
function ask(port, target, acceptEncoding = '') {
  return new Promise((resolve) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const req = get({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', () => resolve({ status: 0 }));
  });
}

// Clock ticks per second of /proc's CPU times (getconf CLK_TCK; 100 on nearly every Linux).
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;

/** A process's CPU time so far (user + system, all its threads), in µs (proc(5): fields 14 and 15). */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS;
}

const statusKb = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

// --- load -----------------------------------------------------------------------------------

// The unique rows' next input_tokens: it runs on across runs, so no server sees a query twice.
let nextTokens = 1000;

/**
 * One wrk run against server `s`: a fixed target (with an Accept-Encoding, or none), or `unique`
 * (a function of input_tokens, sent as a wrk Lua script). Resolves with the server's CPU µs per answer.
 */
async function run(s, { target, acceptEncoding, unique }, seconds = DURATION) {
  const wrkArgs = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`];
  if (acceptEncoding) wrkArgs.push('-H', `Accept-Encoding: ${acceptEncoding}`);
  if (unique) {
    const [before, after] = unique('\u0000').split('\u0000');
    const script = join(scratch, 'unique.lua');
    writeFileSync(script, `local i = ${nextTokens}\nrequest = function()\n  i = i + 1\n  return wrk.format(nil, ${JSON.stringify(before)} .. i .. ${JSON.stringify(after)})\nend\n`);
    wrkArgs.push('-s', script);
  }
  wrkArgs.push(`http://127.0.0.1:${s.port}${unique ? '/' : target}`);
  const cpuBefore = cpuMicros(s.pid);
  const output = await new Promise((resolve, reject) =>
    execFile('taskset', ['-c', LOAD_CPU, 'wrk', ...wrkArgs], (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
  const cpu = cpuMicros(s.pid) - cpuBefore;
  const answers = Number(/(\d+) requests in /.exec(output)?.[1]);
  const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  if (bad > 0 || socketErrors) throw new Error(`${s.name} ${target ?? 'unique'}: ${bad} non-2xx answers; ${socketErrors?.[0] ?? ''}`);
  if (unique) nextTokens += answers + 1000;
  return { cpuPerAnswer: cpu / answers, perSecond: answers / seconds };
}

/** `names` starting at the r-th, wrapping round: each round of a measurement starts with the next. */
const rotated = (names, r) => names.map((_, k) => names[(k + r) % names.length]);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
};

/** Rounds of the three servers (the order rotating each round): median µs per answer and median ratios. */
async function measure(servers, load) {
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round = {};
    for (const s of rotated(servers, r)) round[s.name] = await run(s, load);
    rounds.push(round);
  }
  const of = (name, field = 'cpuPerAnswer') => median(rounds.map((round) => round[name][field]));
  const ratio = (name) => median(rounds.map((round) => round.service.cpuPerAnswer / round[name].cpuPerAnswer));
  const perSecond = Object.fromEntries(servers.map((s) => [s.name, of(s.name, 'perSecond')]));
  return { raw: of('raw'), hono: of('hono'), service: of('service'), toRaw: ratio('raw'), toHono: ratio('hono'), perSecond };
}

// --- the run --------------------------------------------------------------------------------

console.log(`Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z`);
console.log(`Servers on CPU ${SERVER_CPU}, wrk on CPU ${LOAD_CPU} (1 thread, ${CONNECTIONS} connections), ${DURATION} s per run, ${ROUNDS} rounds`);
console.log(`Service: ${Object.entries(START_ENV).map(([k, v]) => `${k}=${v} `).join('')}node ${[...START_FLAGS, 'dist/server.mjs'].join(' ')}`);

const service = await startCold(startService);

const catalogue = JSON.parse((await ask(service.port, '/data/pricing.json')).body);
const [a, b] = catalogue.models.map((m) => m.id);
// [row, target, Accept-Encoding]: every endpoint's cached answer (the same target repeated).
const CACHED = [
  ['/api/pricing', '/api/pricing'],
  ['/api/pricing (br)', '/api/pricing', 'br'],
  ['/data/pricing.json', '/data/pricing.json'],
  ['/data/pricing.json (br)', '/data/pricing.json', 'br'],
  ['/api/calculate', `/api/calculate?model=${a}`],
  ['/api/cheapest', '/api/cheapest'],
  ['/api/compare', `/api/compare?models=${a},${b}`],
  ['/api/recommend', '/api/recommend'],
  ['/api/badge', `/api/badge?model=${a}`],
  ['/api/changes', '/api/changes'],
  ['/healthz', '/healthz'],
  ['/widget.js', '/widget.js'],
  ['/openapi.json', '/openapi.json'],
  ['/ (home page)', '/'],
  ['/assets/site.js', '/assets/site.js'],
  ['/assets/site.css', '/assets/site.css'],
  ['/models/:id', `/models/${a}`],
  ['/docs', '/docs'],
].map(([name, target, acceptEncoding = '']) => ({ name, target, acceptEncoding })).filter(({ name }) => !ROWS || ROWS.some((r) => name.includes(r)));
// Every request a new input_tokens: answers no cache has seen.
const UNIQUE = [
  ['/api/calculate', (n) => `/api/calculate?model=${a}&input_tokens=${n}`],
  ['/api/cheapest', (n) => `/api/cheapest?input_tokens=${n}`],
  ['/api/recommend', (n) => `/api/recommend?input_tokens=${n}`],
].map(([name, unique]) => ({ name, unique, target: unique(999), acceptEncoding: '' })).filter(({ name }) => !ROWS || ROWS.some((r) => name.includes(r)));

// The replay servers answer with the service's bytes: its headers but those of the connection.
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
/** The service's answer to a target, as a replay route (bytes: the body, kept to check the replays). */
async function routeOf({ target, acceptEncoding, unique }) {
  const answer = await ask(service.port, target, acceptEncoding);
  if (answer.status !== 200) throw new Error(`${target}: the service answered ${answer.status}`);
  const headers = [];
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    if (!PER_CONNECTION.has(answer.rawHeaders[i].toLowerCase())) headers.push([answer.rawHeaders[i], answer.rawHeaders[i + 1]]);
  }
  return { target, acceptEncoding, anyQuery: Boolean(unique), status: answer.status, headers, body: answer.body.toString('base64'), bytes: answer.body };
}
const writeRoutes = (file, list) => (writeFileSync(file, JSON.stringify(list.map(({ bytes, ...r }) => r))), file);
const routes = [];
for (const load of [...CACHED, ...UNIQUE]) routes.push(await routeOf(load));
const routesFile = writeRoutes(join(scratch, 'routes.json'), routes);
// For their cold starts, the replays are given /healthz's answer alone (whatever --rows), not
// megabytes of others to read.
const healthFile = writeRoutes(join(scratch, 'healthz.json'), [await routeOf({ target: '/healthz', acceptEncoding: '' })]);
// The same node, with the same flags, for all three: what differs is the code answering.
const replay = (mode, file = routesFile) =>
  startPinned([process.execPath, ...START_FLAGS, join(root, 'scripts', 'bench-replay.mjs'), mode, file]).then((s) => ({ ...s, name: mode }));

// Cold starts, side by side (the order rotating): the service, and the two replays, the floors of
// a server on node:http and of one on Hono's Node adapter (which loads Node's fetch classes).
const COLD_STARTERS = { service: startService, raw: () => replay('raw', healthFile), hono: () => replay('hono', healthFile) };
const coldStarts = { service: [], raw: [], hono: [] };
const coldStartsCpu = { service: [], raw: [], hono: [] };
for (let i = 0; i < 5; i++) {
  for (const name of rotated(Object.keys(COLD_STARTERS), i)) {
    const s = await startCold(COLD_STARTERS[name]);
    coldStarts[name].push(s.coldStartMs);
    coldStartsCpu[name].push(s.coldStartCpuMs);
    await stop(s);
  }
}
const raw = await replay('raw');
const hono = await replay('hono');
const servers = [raw, hono, service];
// Each baseline must send what the service sent, byte for byte.
for (const s of [raw, hono]) {
  for (const r of routes) {
    const answer = await ask(s.port, r.target, r.acceptEncoding);
    if (answer.status !== r.status || !answer.body.equals(r.bytes)) throw new Error(`${s.name} does not replay ${r.target} as the service sent it`);
  }
}

// Warm-up: every server through every row once (the service keeps an answer from its second
// request); the unique rows first, so the garbage they leave is not collected during a cached row.
for (const s of servers) for (const load of [...UNIQUE, ...CACHED]) await run(s, load, 1);

const rows = [];
let peakRssKb = 0;
const measureRow = async (kind, load) => {
  const m = await measure(servers, load);
  const rssKb = statusKb(service.pid, 'VmRSS');
  peakRssKb = Math.max(peakRssKb, rssKb);
  const [ratio, limit] = kind === 'cached' ? [m.toRaw, 1.25] : [m.toHono, 3];
  rows.push({ kind, name: load.name, ...m, ratio, limit });
  const rates = Object.entries(m.perSecond).map(([name, n]) => `${name} ${Math.round(n)}`).join(', ');
  console.error(`  ${kind} ${load.name}: raw ${m.raw.toFixed(1)}, hono ${m.hono.toFixed(1)}, service ${m.service.toFixed(1)} µs per answer; answers/s ${rates}; service RSS ${(rssKb / 1024).toFixed(0)} MB`);
};
if (ONLY.has('cached')) for (const load of CACHED) await measureRow('cached', load);
if (ONLY.has('unique')) for (const load of UNIQUE) await measureRow('unique', load);
const peakKb = Object.fromEntries(servers.map((s) => [s.name, statusKb(s.pid, 'VmHWM')]));
for (const s of servers) stop(s);
rmSync(scratch, { recursive: true, force: true });

let core;
if (ONLY.has('core')) {
  const output = execFileSync('taskset', ['-c', SERVER_CPU, process.execPath, join(root, 'scripts', 'bench-core.mjs'), '--json'], { encoding: 'utf8' });
  core = JSON.parse(output.trim().split('\n').at(-1));
}

// --- the table ------------------------------------------------------------------------------

const verdict = (met) => (met ? 'met' : '**missed**');
const us = (x) => x.toFixed(1);
console.log('\n| answers | endpoint | raw node:http µs | minimal Hono µs | service µs | service ÷ raw | service ÷ Hono | target | |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |');
for (const r of rows) {
  const target = r.kind === 'cached' ? '≤ 1.25× raw' : '≤ 3× Hono';
  console.log(`| ${r.kind} | ${r.name} | ${us(r.raw)} | ${us(r.hono)} | ${us(r.service)} | ${r.toRaw.toFixed(2)}× | ${r.toHono.toFixed(2)}× | ${target} | ${verdict(r.ratio <= r.limit)} |`);
}
console.log('\n| target | measured | |');
console.log('| --- | --- | --- |');
const coldMs = median(coldStarts.service);
const range = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
const cold = (name) => `${median(coldStarts[name]).toFixed(0)} ms (${range(coldStarts[name])}); CPU ${median(coldStartsCpu[name]).toFixed(0)} ms`;
console.log(
  `| cold start < 300 ms (spawn to first answer, median of 5) | ${cold('service')}; beside raw node:http ${cold('raw')}, minimal Hono ${cold('hono')} | ${verdict(coldMs < 300)} |`,
);
if (rows.length > 0) {
  const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
  console.log(
    `| RSS < 100 MB under load (service's peak, VmHWM) | ${mb(peakKb.service)} (${mb(peakRssKb)} after a row, at most; peak of raw ${mb(peakKb.raw)}, Hono ${mb(peakKb.hono)}) | ${verdict(peakKb.service < 100 * 1024)} |`,
  );
}
const { reprice: repriceMs, ...rankings } = core ?? {};
if (repriceMs !== undefined) console.log(`| POST /api/reprice < 200 ms: 10,000 rows, 3 targets | ${repriceMs.toFixed(1)} ms CPU (in-process) | ${verdict(repriceMs < 200)} |`);
for (const [name, bySize] of Object.entries(rankings)) {
  const ms = bySize[10000];
  console.log(`| ${name.replace(/ .*/, '')} < 1 ms at 10,000 models: ${name} | ${ms.toFixed(3)} ms CPU (in-process) | ${verdict(ms < 1)} |`);
}
