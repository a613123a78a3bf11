// npm run bench:fair: what a miss costs and how long another client waits during a pipelined
// burst (issue 37) or an upload (issue 58), on the built server (dist/server.mjs) in a child
// process, measured, not estimated. Each cost row is the server's CPU time (/proc/<pid>/stat) over
// a burst of 200 requests pipelined on one connection, per request (an upload: over a few, each on
// its own connection). The wait rows are the worst time a probe (/healthz on its own connection,
// one request at a time) took while one (or 8) connections each pipelined 250 of the costliest
// misses, or while uploads ran one after another. The last row times closestIds in-process at
// 10,000 ids.
// Prints a Markdown table (docs/reliability.md's) or, with --json, the figures.
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { cpuMicros, startPinned } from './bench-proc.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
// CPU time in ms (bench-proc's reading of /proc/<pid>/stat).
const cpuMs = (pid) => cpuMicros(pid) / 1000;

/** The built server pinned to the server CPU, as npm run bench starts it (bench-proc.mjs). */
const start = (env) =>
  startPinned([process.execPath, join(root, 'dist', 'server.mjs')], { HOST: '127.0.0.1', PORT: '0', ...env });

/** Writes `requests` (raw HTTP) on one connection; resolves with the answers' count once it closes. */
function pipeline(port, requests) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(requests.join('')));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (c) => (text += c));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve((text.match(/HTTP\/1\.1 \d{3} /g) ?? []).length));
  });
}

const get = (target, host = 'localhost', extra = '') => `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${extra}\r\n`;
const close = get('/healthz', 'localhost', 'Connection: close\r\n');
const day = (i) => new Date(Date.UTC(2025, 5, 1 + (i % 500))).toISOString().slice(0, 10);
const mcpPost = (message) => {
  const body = JSON.stringify(message);
  return `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
};

const mcpList = (i) => mcpPost({ jsonrpc: '2.0', id: i, method: 'tools/list' });
const mcpUnknown = (i) =>
  mcpPost(
    Array.from({ length: 10 }, (_, k) => ({
      jsonrpc: '2.0',
      id: k,
      method: 'tools/call',
      params: { name: 'get_model_price', arguments: { model: `no-such-model-${i}-${k}` } },
    })),
  );

/** CPU ms per request of 200 pipelined requests made by `make(i)` (after 20 to warm up). */
async function cost(server, make) {
  await pipeline(server.port, [...Array.from({ length: 20 }, (_, i) => make(100_000 + i)), close]);
  const before = cpuMs(server.pid);
  const answered = await pipeline(server.port, [...Array.from({ length: 200 }, (_, i) => make(i)), close]);
  if (answered < 201) throw new Error(`only ${answered} of 201 answered`);
  return (cpuMs(server.pid) - before) / 201;
}

/** CPU ms per request of 100 requests made by `make(i)`, each on its own connection (a POST closes its connection: its body is not read on). */
async function costEach(server, make) {
  for (let i = 0; i < 10; i++) await pipeline(server.port, [make(100_000 + i)]);
  const before = cpuMs(server.pid);
  for (let i = 0; i < 100; i++) await pipeline(server.port, [make(i)]);
  return (cpuMs(server.pid) - before) / 100;
}

/** The worst /healthz time (ms) seen by a probe asking one at a time until `work` settles. */
async function worstProbe(server, work) {
  let done = false;
  void work.then(() => (done = true));
  let worst = 0;
  await new Promise((r) => setTimeout(r, 20));
  while (!done) {
    const t = performance.now();
    await pipeline(server.port, [close]);
    worst = Math.max(worst, performance.now() - t);
  }
  return worst;
}

/** The worst /healthz time (ms) seen by a probe asking one at a time while `connections` each pipeline 250 of `make(i)`. */
function wait(server, connections, make) {
  const bursts = Array.from({ length: connections }, (_, c) =>
    pipeline(server.port, [...Array.from({ length: 250 }, (_, i) => make(c * 1000 + i)), close]),
  );
  return worstProbe(server, Promise.all(bursts));
}

/** A CSV upload to POST /api/reprice (`query` after the path), on a connection of its own. */
const upload = (query, csv) =>
  `POST /api/reprice${query} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/csv\r\nContent-Length: ${Buffer.byteLength(csv)}\r\nConnection: close\r\n\r\n${csv}`;

/** Sends `count` uploads one after another; throws unless each is a 200. */
async function uploads(server, count, request) {
  for (let i = 0; i < count; i++) {
    const text = await new Promise((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.setEncoding('latin1');
      socket.on('data', (c) => {
        if (answer.length < 64) answer += c;
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(answer));
    });
    if (!text.startsWith('HTTP/1.1 200 ')) throw new Error(`an upload was answered ${text.slice(0, 200)}`);
  }
}

/** [CPU ms per upload, worst /healthz wait ms while uploads run one after another]. */
async function uploadCost(server, count, request) {
  await uploads(server, 1, request);
  const before = cpuMs(server.pid);
  await uploads(server, count, request);
  const cpu = (cpuMs(server.pid) - before) / count;
  return [cpu, await worstProbe(server, uploads(server, count, request))];
}

const rows = [];
const plain = await start({});
const based = await start({ BASE_URL: 'https://prices.example' });
rows.push([
  'Unknown model id, `/api/pricing?model=<unique>`',
  'ms CPU',
  await cost(plain, (i) => get(`/api/pricing?model=no-such-model-${i}`)),
]);
rows.push([
  '`/api/calculate?models=<unknown>`',
  'ms CPU',
  await cost(plain, (i) => get(`/api/calculate?models=nope-${i}&input_tokens=1000&output_tokens=100`)),
]);
rows.push([
  '`/api/pricing?as_of=<unique date>&status=all`, `BASE_URL` set',
  'ms CPU',
  await cost(based, (i) => get(`/api/pricing?as_of=${day(i)}&status=all`)),
]);
rows.push([
  '`/api/pricing` with a unique `Host`',
  'ms CPU',
  await cost(plain, (i) => get('/api/pricing', `h${i}.example`, 'Accept-Encoding: br\r\n')),
]);
rows.push([
  '`/` with a unique `Host`, br',
  'ms CPU',
  await cost(plain, (i) => get('/', `h${i}.example`, 'Accept-Encoding: br\r\n')),
]);
rows.push([
  '`/api/changes?format=atom`, br, from one `Host` (a hit, for scale)',
  'ms CPU',
  await cost(plain, () => get('/api/changes?format=atom', 'localhost', 'Accept-Encoding: br\r\n')),
]);
rows.push([
  '`/api/changes?format=atom` with a unique `Host`, br (the feed carries the asking origin)',
  'ms CPU',
  await cost(plain, (i) => get('/api/changes?format=atom', `h${i}.example`, 'Accept-Encoding: br\r\n')),
]);
// The catalogue's own ids, for the badge and the uploads.
const modelIds = ((await (await fetch(`http://127.0.0.1:${plain.port}/api/pricing`)).json()).models ?? []).map(
  (m) => m.id,
);
if (modelIds.length < 20) throw new Error('the catalogue has fewer than 20 models');
rows.push([
  '`/api/badge?model=<id>&format=json` with a unique `Host` (the snippets carry the asking origin)',
  'ms CPU',
  await cost(plain, (i) => get(`/api/badge?model=${modelIds[0]}&format=json`, `h${i}.example`)),
]);
rows.push(['MCP `tools/list` (a POST on its own connection)', 'ms CPU', await costEach(plain, mcpList)]);
rows.push([
  'MCP batch of ten `get_model_price` calls for unknown ids (a POST on its own connection)',
  'ms CPU',
  await costEach(plain, mcpUnknown),
]);
rows.push([
  '`/healthz` while 1 connection pipelines 250 `as_of` misses (worst)',
  'ms wait',
  await wait(based, 1, (i) => get(`/api/pricing?as_of=${day(i)}&status=all&n=${i}`)),
]);
rows.push([
  '`/healthz` while 8 connections pipeline 250 `as_of` misses each (worst)',
  'ms wait',
  await wait(based, 8, (i) => get(`/api/pricing?as_of=${day(i)}&status=all&n=${i}`)),
]);

// Uploads (issue 58): 1,000 rows of distinct random 22-letter names (23 KB, the repro),
// and a full-size one: 10,000 rows of known models (about 420 KB) priced on 10 targets.
let seed = 58;
const letter = () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 26));
const unknownCsv = `date,model\n${Array.from({ length: 1000 }, () => `2026-11-01,${Array.from({ length: 22 }, letter).join('')}`).join('\n')}\n`;
const knownCsv = `date,model,input_tokens,output_tokens\n${Array.from({ length: 10_000 }, (_, i) => `2026-${String(1 + (i % 11)).padStart(2, '0')}-01,${modelIds[i % 20]},${1000 + i},${500 + i}`).join('\n')}\n`;
const [unknownCpu, unknownWait] = await uploadCost(plain, 5, upload('', unknownCsv));
rows.push(['Upload of 1,000 unknown names (23 KB CSV), `POST /api/reprice`', 'ms CPU', unknownCpu]);
rows.push(['`/healthz` while such uploads run one after another (worst)', 'ms wait', unknownWait]);
const [fullCpu, fullWait] = await uploadCost(plain, 3, upload(`?targets=${modelIds.slice(0, 10).join(',')}`, knownCsv));
rows.push(['Upload of 10,000 rows on 10 targets (a full-size one)', 'ms CPU', fullCpu]);
rows.push(['`/healthz` while such uploads run one after another (worst)', 'ms wait', fullWait]);

// closestIds at 10,000 ids, in-process (bundled from src/ as bench-core does), on the ids the
// "did you mean" tests use.
const outdir = join(root, 'node_modules', '.cache', 'bench-fair');
await build({
  entryPoints: {
    'closest-ids': join(root, 'src', 'core', 'advice', 'closest-ids.ts'),
    'many-ids': join(root, 'test', 'fixtures', 'many-ids.ts'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  outdir,
  outExtension: { '.js': '.mjs' },
  logLevel: 'error',
});
const { idIndex, closestIds } = await import(pathToFileURL(join(outdir, 'closest-ids.mjs')).href);
const { manyIds } = await import(pathToFileURL(join(outdir, 'many-ids.mjs')).href);
const ids = manyIds();
const index = idIndex(ids);
const queries = Array.from({ length: 2000 }, (_, i) =>
  i % 2 ? `${ids[(i * 37) % ids.length].slice(0, -1)}x` : `no-such-model-${i}`,
);
for (const q of queries.slice(0, 200)) closestIds(index, q);
const t = performance.now();
for (const q of queries) closestIds(index, q);
rows.push([
  'Suggestions for an unknown id at 10,000 models (`closestIds`, in-process)',
  'ms',
  (performance.now() - t) / queries.length,
]);

if (values.json) console.log(JSON.stringify(rows.map(([request, unit, value]) => ({ request, unit, value }))));
else {
  console.log('| Request | Measured |\n|---|---|');
  for (const [request, unit, value] of rows)
    console.log(`| ${request} | ${value.toFixed(value < 1 ? 2 : 1)} ${unit} |`);
}
process.exit(0);
