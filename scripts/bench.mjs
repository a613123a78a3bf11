// npm run bench: the service's CPU time per answer, side by side with two servers that replay its
// own bytes (scripts/bench-replay.mjs: raw node:http, and a minimal Hono app answering with
// c.body(bytes, status, headers)), both under the service's node flags, and the targets met or
// missed (bench-table.mjs). Method and results: BENCHMARKS.md.
//
// Every server runs pinned to CPU 0 and wrk (Debian package wrk) to CPU 1 (taskset); this script
// pins itself to CPU 1 too. A server's CPU time per answer is its utime + stime from
// /proc/<pid>/stat, before and after a wrk run, over the answers wrk counted (bench-load.mjs).
// Each row runs rounds of the three servers in turn (the order rotating), and its ratio is the
// median of the rounds' ratios. The unique rows run at --connections and again at 20 (the ratio
// to Hono moves with the connections: BENCHMARKS.md says which holds where). Also: cold start
// (spawn to the first answer, median of 5 starts, beside the two replays' with the one answer
// asked of them), the service's peak RSS under this load, and /api/cheapest and /api/recommend
// in-process at 10,000 synthetic models (scripts/bench-core.mjs).
//
// Options: --duration=S seconds per wrk run (default 2), --rounds=N (3), --connections=N (50),
// --only=cached,unique,core (all), --rows=NAME,... (rows whose name contains one of these);
// environment BENCH_NODE_FLAGS and BENCH_MALLOC_ARENA_MAX (see below).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measure, rotated, run } from './bench-load.mjs';
import { ask, LOAD_CPU, SERVER_CPU, startCold, startPinned, statusKb, stop } from './bench-proc.mjs';
import { printTables } from './bench-table.mjs';
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
const START_FLAGS =
  process.env.BENCH_NODE_FLAGS === undefined
    ? NPM_START_FLAGS
    : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
const START_ENV =
  process.env.BENCH_MALLOC_ARENA_MAX === undefined
    ? NPM_START_ENV
    : { ...NPM_START_ENV, MALLOC_ARENA_MAX: process.env.BENCH_MALLOC_ARENA_MAX };
/** The second connection count the unique rows run at. */
const UNIQUE_ALSO_AT = 20;

for (const [tool, hint] of [
  ['wrk', 'apt-get install wrk'],
  ['taskset', 'apt-get install util-linux'],
]) {
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
const loadOptions = (connections = CONNECTIONS, seconds = DURATION) => ({ seconds, connections, scratch });

/** The built service as npm start runs it. */
const startService = () =>
  startPinned([process.execPath, ...START_FLAGS, server], {
    ...START_ENV,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'error',
  }).then((s) => ({ ...s, name: 'service' }));

// --- the run --------------------------------------------------------------------------------

console.log(
  `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z`,
);
console.log(
  `Servers on CPU ${SERVER_CPU}, wrk on CPU ${LOAD_CPU} (1 thread, ${CONNECTIONS} connections; unique rows also ${UNIQUE_ALSO_AT}), ${DURATION} s per run, ${ROUNDS} rounds`,
);
console.log(
  `Service: ${Object.entries(START_ENV)
    .map(([k, v]) => `${k}=${v} `)
    .join('')}node ${[...START_FLAGS, 'dist/server.mjs'].join(' ')}`,
);

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
]
  .map(([name, target, acceptEncoding = '']) => ({ name, target, acceptEncoding }))
  .filter(({ name }) => !ROWS || ROWS.some((r) => name.includes(r)));
// Every request a new input_tokens: answers no cache has seen.
const UNIQUE = [
  ['/api/calculate', (n) => `/api/calculate?model=${a}&input_tokens=${n}`],
  ['/api/cheapest', (n) => `/api/cheapest?input_tokens=${n}`],
  ['/api/recommend', (n) => `/api/recommend?input_tokens=${n}`],
]
  .map(([name, unique]) => ({ name, unique, target: unique(999), acceptEncoding: '' }))
  .filter(({ name }) => !ROWS || ROWS.some((r) => name.includes(r)));

// The replay servers answer with the service's bytes: its headers but those of the connection.
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
/** The service's answer to a target, as a replay route (bytes: the body, kept to check the replays). */
async function routeOf({ target, acceptEncoding, unique }) {
  const answer = await ask(service.port, target, acceptEncoding);
  if (answer.status !== 200) throw new Error(`${target}: the service answered ${answer.status}`);
  const headers = [];
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    if (!PER_CONNECTION.has(answer.rawHeaders[i].toLowerCase()))
      headers.push([answer.rawHeaders[i], answer.rawHeaders[i + 1]]);
  }
  return {
    target,
    acceptEncoding,
    anyQuery: Boolean(unique),
    status: answer.status,
    headers,
    body: answer.body.toString('base64'),
    bytes: answer.body,
  };
}
const writeRoutes = (file, list) => (writeFileSync(file, JSON.stringify(list.map(({ bytes, ...r }) => r))), file);
const routes = [];
for (const load of [...CACHED, ...UNIQUE]) routes.push(await routeOf(load));
const routesFile = writeRoutes(join(scratch, 'routes.json'), routes);
// For their cold starts, the replays are given /healthz's answer alone (whatever --rows), not
// megabytes of others to read.
const healthFile = writeRoutes(join(scratch, 'healthz.json'), [
  await routeOf({ target: '/healthz', acceptEncoding: '' }),
]);
// The same node, with the same flags, for all three: what differs is the code answering.
const replay = (mode, file = routesFile) =>
  startPinned(
    [process.execPath, ...START_FLAGS, join(root, 'scripts', 'bench-replay.mjs'), mode, file],
    START_ENV,
  ).then((s) => ({ ...s, name: mode }));

// Cold starts, side by side (the order rotating): the service, and the two replays, the floors of
// a server on node:http and of one on Hono's Node adapter (which loads Node's fetch classes).
const COLD_STARTERS = {
  service: startService,
  raw: () => replay('raw', healthFile),
  hono: () => replay('hono', healthFile),
};
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
    if (answer.status !== r.status || !answer.body.equals(r.bytes))
      throw new Error(`${s.name} does not replay ${r.target} as the service sent it`);
  }
}

// Warm-up: every server through every row once (the service keeps an answer from its second
// request); the unique rows first, so the garbage they leave is not collected during a cached row.
for (const s of servers) for (const load of [...UNIQUE, ...CACHED]) await run(s, load, loadOptions(CONNECTIONS, 1));

const rows = [];
let peakRssKb = 0;
const measureRow = async (kind, load, connections = CONNECTIONS) => {
  const m = await measure(servers, load, ROUNDS, loadOptions(connections));
  const rssKb = statusKb(service.pid, 'VmRSS');
  peakRssKb = Math.max(peakRssKb, rssKb);
  rows.push({ kind, name: load.name, connections, ...m });
  const rates = Object.entries(m.perSecond)
    .map(([name, n]) => `${name} ${Math.round(n)}`)
    .join(', ');
  console.error(
    `  ${kind} ${load.name} (${connections} connections): raw ${m.raw.toFixed(1)}, hono ${m.hono.toFixed(1)}, service ${m.service.toFixed(1)} µs per answer; answers/s ${rates}; service RSS ${(rssKb / 1024).toFixed(0)} MB`,
  );
};
if (ONLY.has('cached')) for (const load of CACHED) await measureRow('cached', load);
if (ONLY.has('unique')) {
  for (const connections of new Set([CONNECTIONS, UNIQUE_ALSO_AT]))
    for (const load of UNIQUE) await measureRow('unique', load, connections);
}
const peakKb = Object.fromEntries(servers.map((s) => [s.name, statusKb(s.pid, 'VmHWM')]));
for (const s of servers) stop(s);
rmSync(scratch, { recursive: true, force: true });

let core;
if (ONLY.has('core')) {
  const output = execFileSync(
    'taskset',
    ['-c', SERVER_CPU, process.execPath, join(root, 'scripts', 'bench-core.mjs'), '--json'],
    { encoding: 'utf8' },
  );
  core = JSON.parse(output.trim().split('\n').at(-1));
}

printTables({ targetConnections: CONNECTIONS, rows, coldStarts, coldStartsCpu, peakKb, peakRssKb, core });
