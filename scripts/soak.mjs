// A script, not product code: an operator's load check of the built server (npm run soak), run by hand beside the bench, never by the app or the tests.
// Soak: run the built server (dist/server.mjs) on loopback under a bounded mixed load with autocannon,
// every endpoint, valid and invalid requests, then report what it served and how its memory moved.
// Fails (exit 1) on any connection error or timeout, any answer outside 2xx/4xx, any unexpected
// class of answer, or memory that keeps growing. SOAK_SECONDS shortens the run (default 60).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { START_ENV, START_FLAGS } from './start-flags.mjs';

const root = join(import.meta.dirname, '..');
const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 32);
if (!(Number.isInteger(seconds) && seconds >= 5))
  throw new Error(`SOAK_SECONDS must be a whole number of 5 or more; got ${process.env.SOAK_SECONDS}`);
const bundle = join(root, 'dist', 'server.mjs');
if (!existsSync(bundle)) throw new Error('dist/server.mjs is missing: run npm run build first (npm run soak does)');

// Real ids from the catalogue the server will load.
const dataDir = join(root, 'data');
const providers = readdirSync(dataDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(dataDir, f), 'utf8')));
const [first, second] = providers.flatMap((p) => p.models.map((m) => m.id));
const slug = providers[0].provider.slug;

/** [method, path, expected class: 2 = 2xx, 4 = 4xx, extra headers] */
const MIX = [
  ['GET', '/healthz', 2],
  ['GET', '/api/pricing', 2],
  ['GET', `/api/pricing?provider=${slug}&tier=budget`, 2],
  ['GET', `/api/pricing?model=${first}`, 2],
  ['GET', '/data/pricing.json', 2],
  ['GET', '/data/pricing.json', 2, { 'Accept-Encoding': 'br, gzip' }],
  ['GET', '/api/pricing', 2, { 'Accept-Encoding': 'gzip' }],
  ['GET', `/api/calculate?model=${first}&input_tokens=2000&output_tokens=500&requests=1000`, 2],
  ['GET', `/api/calculate?models=${first},${second}&mode=batch`, 2],
  ['GET', '/api/cheapest?use_case=coding&limit=10', 2],
  ['GET', `/api/compare?models=${first},${second}&requests_per_day=5000`, 2],
  ['GET', '/api/recommend?use_case=coding&budget=mid&min_context=128K', 2],
  ['GET', `/api/badge?model=${first}`, 2],
  ['GET', `/api/badge?model=${first}&format=json`, 2],
  ['GET', '/', 2],
  ['OPTIONS', '/api/pricing', 2],
  ['GET', '/api/calculate?model=no-such-model', 4],
  ['GET', `/api/calculate?model=${first}&input_tokens=1e309`, 4],
  ['GET', '/api/cheapest?limit=0x10', 4],
  ['GET', `/api/compare?models=${first}`, 4],
  ['GET', '/api/pricing?tier=budget&tier=mid', 4],
  ['GET', `/api/pricing?model=${'x'.repeat(4000)}`, 4],
  ['GET', `/api/pricing?model=${'y'.repeat(9000)}`, 4],
  ['GET', '/api/recommend?quality=NaN&max_cost=-0', 4],
  ['GET', '/api/badge?model=%00%ff%zz%E0%A4%A', 4],
  ['GET', '/api/pricing?%3Cscript%3E=1', 4],
  ['GET', '/no/such/path', 4],
  ['POST', '/api/pricing', 4],
];

// The built server, run as in production, plus one hook loaded before it: a line on stdin makes it
// collect garbage and print its memory, so that a leak (live heap growing) can be told from V8
// merely holding on to pages.
const MEMORY_HOOK = `
process.stdin.setEncoding('utf8');
process.stdin.on('data', () => {
  const rss = process.memoryUsage.rss();
  globalThis.gc();
  const { heapUsed } = process.memoryUsage();
  process.stdout.write(JSON.stringify({ mem: { rss, heapUsed } }) + '\\n');
});
`;

function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb / 1024;
  } catch {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
  }
}

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

// Started with npm start's node flags and environment (they bound its memory), plus --expose-gc for the heap samples.
const server = spawn(
  process.execPath,
  [...START_FLAGS, '--expose-gc', '--import', `data:text/javascript,${encodeURIComponent(MEMORY_HOOK)}`, bundle],
  {
    env: {
      ...process.env,
      ...START_ENV,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      RATE_LIMIT: '',
      WATCH_DATA: '',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
let stdout = '';
const memWaiters = [];
server.stdout.on('data', (chunk) => {
  stdout += chunk;
  let nl;
  while ((nl = stdout.indexOf('\n')) !== -1) {
    const line = stdout.slice(0, nl);
    stdout = stdout.slice(nl + 1);
    if (line.startsWith('{"mem"')) memWaiters.shift()?.(JSON.parse(line).mem);
    else portFound(line);
  }
});
let portFound;
const port = await new Promise((resolve, reject) => {
  portFound = (line) => {
    const match = /"port":(\d+)/.exec(line);
    if (match) resolve(Number(match[1]));
  };
  server.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
});
/** The server's live heap after a full collection, in MB. */
function heapAfterGcMb() {
  return new Promise((resolve) => {
    memWaiters.push((mem) => resolve(mem.heapUsed / 1024 / 1024));
    server.stdin.write('mem\n');
  });
}

const unexpected = new Map();
const requests = MIX.map(([method, path, expected, headers = {}]) => ({
  method,
  path,
  headers: method === 'OPTIONS' ? { Origin: 'https://example.com', 'Access-Control-Request-Method': 'GET' } : headers,
  onResponse: (status) => {
    if (Math.floor(status / 100) !== expected) {
      const key = `${method} ${path.slice(0, 60)} -> ${status}`;
      unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
    }
  },
}));

const rssStart = rssMb(server.pid);
const heapStart = await heapAfterGcMb();
const samples = [[0, rssStart]];
const heap = [[0, heapStart]];
const started = Date.now();
const elapsed = () => (Date.now() - started) / 1000;
const sampler = setInterval(() => samples.push([elapsed(), rssMb(server.pid)]), 2000);
const heapSampler = setInterval(() => {
  const t = elapsed();
  void heapAfterGcMb().then((mb) => heap.push([t, mb]));
}, 5000);
const result = await autocannon({
  url: `http://127.0.0.1:${port}`,
  connections,
  duration: seconds,
  requests,
  timeout: 10,
});
clearInterval(sampler);
clearInterval(heapSampler);
const rssEnd = rssMb(server.pid);
samples.push([elapsed(), rssEnd]);
const heapEnd = await heapAfterGcMb();
heap.push([elapsed(), heapEnd]);
const rssAfterGc = rssMb(server.pid);
server.kill('SIGTERM');
const exit = await new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

// The trend is judged after warm-up (the first quarter), when caches and the heap have settled, on
// the live heap after a full collection: RSS alone rises while V8 grows its heap lazily under load.
const settled = heap.filter(([t]) => t >= seconds / 4);
const heapSettled = settled[0]?.[1] ?? heapStart;
const trendMbPerMin = slope(settled) * 60;
const rssSettled = samples.find(([t]) => t >= seconds / 4)?.[1] ?? rssStart;
const peak = Math.max(...samples.map(([, y]) => y));
const other = result['1xx'] + result['3xx'] + result['5xx'];
const unexpectedCount = [...unexpected.values()].reduce((a, b) => a + b, 0);
// Live-heap growth past warm-up under 5 MB in all, or a trend under 2 MB a minute, counts as flat.
const growing = heapEnd - heapSettled > 5 && trendMbPerMin > 2;
const failed =
  result.errors > 0 || result.timeouts > 0 || other > 0 || unexpectedCount > 0 || growing || exit.code !== 0;

const mb = (n) => `${n.toFixed(1)} MB`;
const lines = [
  `soak: ${result.duration} s, ${connections} connections, ${MIX.length} request kinds (${MIX.filter((m) => m[2] === 4).length} invalid) on ${process.version}`,
  `requests served:      ${result.requests.total} (${Math.round(result.requests.average)}/s average)`,
  `2xx / 4xx:            ${result['2xx']} / ${result['4xx']}`,
  `errors / timeouts:    ${result.errors} / ${result.timeouts}`,
  `non-2xx/4xx answers:  ${other} (1xx ${result['1xx']}, 3xx ${result['3xx']}, 5xx ${result['5xx']})`,
  `unexpected class:     ${unexpectedCount}${unexpected.size ? ` (${[...unexpected].map(([k, v]) => `${k}: ${v}`).join('; ')})` : ''}`,
  `latency:              p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  `server RSS:           start ${mb(rssStart)}, after warm-up ${mb(rssSettled)}, end ${mb(rssEnd)} (${mb(rssAfterGc)} after a GC), peak ${mb(peak)}`,
  `RSS samples (s: MB):  ${samples
    .filter((_, i) => i % 3 === 0)
    .map(([t, y]) => `${Math.round(t)}: ${y.toFixed(0)}`)
    .join(', ')}`,
  `live heap after GC:   start ${mb(heapStart)}, after warm-up ${mb(heapSettled)}, end ${mb(heapEnd)}`,
  `heap samples (s: MB): ${heap.map(([t, y]) => `${Math.round(t)}: ${y.toFixed(1)}`).join(', ')}`,
  `heap trend after warm-up: ${trendMbPerMin >= 0 ? '+' : ''}${trendMbPerMin.toFixed(2)} MB/min`,
  `SIGTERM:              exit ${exit.code}${exit.signal ? ` (${exit.signal})` : ''}`,
  `result:               ${failed ? 'FAIL' : 'PASS'}`,
];
console.log(lines.join('\n'));
process.exit(failed ? 1 : 0);
