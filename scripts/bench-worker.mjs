// npm run bench:worker: the Worker's size and cold start in workerd (BENCHMARKS.md).
// - Size: the script `wrangler deploy --dry-run --outdir` makes (the build step included), raw and
//   gzip (level 6, as `gzip -c`); the target is at most 300 KB gzip.
// - Cold start: workerd (through miniflare, wrangler's local runtime) started afresh with the built
//   script and its static assets, to its first answer of /healthz; then the first /api/badge (the
//   isolate reads its font tables) and a second one. The same for a script that answers "ok" at
//   once, so that the difference is this script's own cost (compiling it and building the
//   catalogue). Median of --rounds=N (5) starts each, alternating.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Miniflare } from 'miniflare';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// --name=value (a value may hold '='), or --name.
const args = parseArgs({ strict: false }).values;
const ROUNDS = Number(args.rounds ?? 5);
const out = mkdtempSync(join(tmpdir(), 'bench-worker-'));
process.on('exit', () => rmSync(out, { recursive: true, force: true }));

execFileSync(join(root, 'node_modules', '.bin', 'wrangler'), ['deploy', '--dry-run', '--outdir', out], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
});
const script = readFileSync(join(out, 'worker.js'));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `Worker script: ${kb(script.byteLength)}, ${kb(gzipSync(script).byteLength)} gzip (target: at most 300 KB gzip)`,
);

const hello = join(out, 'hello.js');
writeFileSync(hello, 'export default { fetch: () => new Response("ok") };\n');
const config = (scriptPath) => ({
  modules: true,
  scriptPath,
  modulesRoot: dirname(scriptPath),
  compatibilityDate: '2026-04-01',
  compatibilityFlags: ['nodejs_compat'],
  assets: {
    directory: join(root, 'dist', 'worker-assets'),
    binding: 'ASSETS',
    routerConfig: { has_user_worker: true },
  },
});

/** One start: ms to ready, to the first answer of each path (in turn), from the start. */
async function start(scriptPath, paths) {
  const t0 = performance.now();
  const mf = new Miniflare(config(scriptPath));
  await mf.ready;
  const times = { ready: performance.now() - t0 };
  for (const [name, path] of paths) {
    const t = performance.now();
    const response = await mf.dispatchFetch(`http://localhost${path}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    times[name] = performance.now() - t;
  }
  times.total = performance.now() - t0;
  await mf.dispose();
  return times;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const runs = { service: [], hello: [] };
const SERVICE_PATHS = [
  ['first', '/healthz'],
  ['badge', '/api/badge?model=openai-gpt-4o'],
  ['badge2', '/api/badge?model=openai-gpt-4o-mini'],
];
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 === 0 ? ['service', 'hello'] : ['hello', 'service']) {
    runs[name].push(
      await start(
        name === 'service' ? join(out, 'worker.js') : hello,
        name === 'service' ? SERVICE_PATHS : [['first', '/']],
      ),
    );
  }
}
const ms = (name, key) => median(runs[name].map((r) => r[key]));
const fmt = (v) => `${v.toFixed(0)} ms`;
console.log(`Cold start in workerd (miniflare), median of ${ROUNDS}:`);
console.log(`| script | start to ready | first answer | start to first answer | first badge | second badge |`);
console.log(`| --- | ---: | ---: | ---: | ---: | ---: |`);
for (const name of ['service', 'hello']) {
  const first = median(runs[name].map((r) => r.ready + r.first));
  const badge = name === 'service' ? [fmt(ms(name, 'badge')), `${ms(name, 'badge2').toFixed(1)} ms`] : ['', ''];
  console.log(
    `| ${name} | ${fmt(ms(name, 'ready'))} | ${ms(name, 'first').toFixed(1)} ms | ${fmt(first)} | ${badge.join(' | ')} |`,
  );
}
const own = median(runs.service.map((r, i) => r.ready + r.first - (runs.hello[i].ready + runs.hello[i].first)));
console.log(`The service script's own share of start to first answer (median of the rounds' differences): ${fmt(own)}`);
