// npm run bench:profile -- [--endpoint=calculate|cheapest|recommend | --cached=PATH] [--seconds=S]
// [--files | --functions] [--heap] [--top=N]: where the server's CPU goes on unique answers (each request a
// new input_tokens, as npm run bench's unique rows), or on one cached answer asked again and again
// (--cached=/healthz). The server (a source-mapped build of dist/server.mjs, in dist/profile/, with
// npm start's flags, --cpu-prof and --trace-gc) runs pinned to CPU 0, wrk to CPU 1. Prints the CPU
// profile's self time by where the code comes from (our folders, each package, Node's internals,
// garbage collection), by file (--files) or by function and its source line (--functions), and
// the garbage collections per 1,000 answers. --heap: a heap sampling profile of the loaded run
// instead (every object allocated, those collected included; no CPU profile), the same tables in
// bytes allocated per answer: where an answer's garbage is made. BENCHMARKS.md has results.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { serverBuild } from './server-build.mjs';
import { START_ENV, START_FLAGS } from './start-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// --name=value or --name (true); a value may hold '=' (--cached=/api/calculate?model=...).
const args = parseArgs({ strict: false }).values;
const ENDPOINT = args.endpoint ?? 'calculate';
const SECONDS = Number(args.seconds ?? 5);
const outdir = join(root, 'dist', 'profile');
const scratch = mkdtempSync(join(tmpdir(), 'bench-profile-'));

rmSync(outdir, { recursive: true, force: true });
await build({ ...serverBuild, outdir, sourcemap: 'linked', logLevel: 'warning' });
// The build's check of the data files goes beside the bundle, as in dist/, so that this server starts as npm start's does.
const checked = join(root, 'dist', 'catalogue-checked.json');
if (existsSync(checked)) copyFileSync(checked, join(outdir, 'catalogue-checked.json'));
execFileSync('taskset', ['-a', '-c', '-p', '1', String(process.pid)], { stdio: 'ignore' });

// --heap: the server samples its allocations between two SIGUSR2s (the first starts, the second
// writes the profile), so that start-up and the warm-up are left out.
const HEAP = Boolean(args.heap);
const heapProfile = join(scratch, 'answers.heapprofile');
const sampler = join(scratch, 'heap-sampler.mjs');
writeFileSync(
  sampler,
  `import { Session } from 'node:inspector/promises';
import { renameSync, writeFileSync } from 'node:fs';
const session = new Session();
session.connect();
let sampling = false;
process.on('SIGUSR2', async () => {
  sampling = !sampling;
  if (sampling) {
    await session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  } else {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    // Renamed once written whole: the profiler waits for the name.
    writeFileSync(${JSON.stringify(heapProfile + '.part')}, JSON.stringify(profile));
    renameSync(${JSON.stringify(heapProfile + '.part')}, ${JSON.stringify(heapProfile)});
  }
});
`,
);
const child = spawn(
  'taskset',
  [
    '-c',
    '0',
    process.execPath,
    ...START_FLAGS,
    ...(HEAP ? ['--import', pathToFileURL(sampler).href] : ['--cpu-prof', `--cpu-prof-dir=${scratch}`]),
    '--trace-gc',
    join(outdir, 'server.mjs'),
  ],
  {
    env: { ...process.env, ...START_ENV, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let out = '';
const port = await new Promise((resolve) =>
  child.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /"port":(\d+)/.exec(out);
    if (match) resolve(Number(match[1]));
  }),
);
const targets = {
  calculate: '/api/calculate?model=openai-gpt-4o&input_tokens=',
  cheapest: '/api/cheapest?input_tokens=',
  recommend: '/api/recommend?input_tokens=',
};
let next = 1000;
/** wrk with every request a new input_tokens; the answers it counted. */
async function load(seconds) {
  const script = join(scratch, 'unique.lua');
  const target = args.cached ? `${JSON.stringify(args.cached)}` : `${JSON.stringify(targets[ENDPOINT])} .. i`;
  writeFileSync(
    script,
    `local i = ${next}\nrequest = function()\n  i = i + 1\n  return wrk.format(nil, ${target})\nend\n`,
  );
  const output = await new Promise((resolve, reject) =>
    execFile(
      'taskset',
      ['-c', '1', 'wrk', '-t1', '-c50', `-d${seconds}s`, '-s', script, `http://127.0.0.1:${port}/`],
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    ),
  );
  const answers = Number(/(\d+) requests in /.exec(output)?.[1]);
  next += answers + 1000;
  return answers;
}
// The heap profile wants the code optimised as it will be: a longer warm-up.
await load(HEAP ? 4 : 1);
if (HEAP) child.kill('SIGUSR2');
const gcBefore = out.length;
const answers = await load(SECONDS);
const gcLines = out.slice(gcBefore).split('\n');
const scavenges = gcLines.filter((l) => l.includes('Scavenge')).length;
const markCompacts = gcLines.filter((l) => /Mark-Compact|Mark-sweep/i.test(l)).length;
if (HEAP) {
  child.kill('SIGUSR2');
  while (!existsSync(heapProfile)) await new Promise((resolve) => setTimeout(resolve, 50));
}
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));

const profile = HEAP
  ? JSON.parse(readFileSync(heapProfile, 'utf8'))
  : JSON.parse(
      readFileSync(
        join(
          scratch,
          readdirSync(scratch).find((f) => f.endsWith('.cpuprofile')),
        ),
        'utf8',
      ),
    );
const maps = new Map();
/** The source a profile node's code comes from: a folder of src/, a package, Node, or V8's own. */
function origin({ url, functionName, lineNumber, columnNumber }) {
  if (url === '') return functionName.startsWith('(') ? functionName : `native ${functionName}`;
  const built = url.startsWith(pathToFileURL(outdir).href);
  if (built && !maps.has(url))
    maps.set(url, new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8'))));
  const entry = built ? maps.get(url).findEntry(lineNumber, columnNumber) : undefined;
  const path = (entry?.originalSource ?? '').replace(/^.*?(node_modules\/|src\/)/, '$1');
  // A function of the bundle by its source file and line (its place in the bundle says nothing).
  if (args.functions)
    return path
      ? `${functionName || '(anonymous)'} ${path}:${entry.originalLine + 1}`
      : `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber}`;
  if (url.startsWith('node:internal/deps/undici')) return 'undici (Request, Response, Headers)';
  if (url.startsWith('node:') && args.files) return url;
  if (url.startsWith('node:'))
    return (
      /^node:(?:internal\/)?(_http|http|net|stream|streams|timers|async_hooks|zlib|url|buffer)/
        .exec(url)?.[1]
        ?.replace(/^_?http$/, 'node http')
        .replace(/^streams?$/, 'node streams') ?? 'node (other)'
    );
  if (!built) return relative(root, fileURLToPath(url));
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return pkg
    ? pkg[1]
    : (args.files
        ? path
        : path
            .split('/')
            .slice(0, path.startsWith('src/') ? 2 : 1)
            .join('/')) || 'unmapped';
}
const selfUs = new Map();
if (HEAP) {
  // Bytes allocated by each frame (its self size), summed by origin as the CPU time is.
  const walk = (node) => {
    const key = origin(node.callFrame);
    selfUs.set(key, (selfUs.get(key) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(profile.head);
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${args.cached ?? `/api/${ENDPOINT}`}, ${args.cached ? 'cached' : 'unique'} answers: ${answers} in ${SECONDS} s; allocated ${(total / answers / 1024).toFixed(1)} KB per answer (heap sampling, collected objects included)`,
  );
  console.log(
    `garbage collections per 1,000 answers: ${((scavenges * 1000) / answers).toFixed(1)} scavenges, ${((markCompacts * 1000) / answers).toFixed(2)} mark-compacts`,
  );
  console.log('| where | bytes per answer | share |\n| --- | ---: | ---: |');
  for (const [key, bytes] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top ?? 16)))
    console.log(`| ${key} | ${Math.round(bytes / answers)} | ${((bytes / total) * 100).toFixed(1)} % |`);
  rmSync(scratch, { recursive: true, force: true });
  rmSync(outdir, { recursive: true, force: true });
  process.exit(0);
}
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
profile.samples.forEach((id, i) => {
  const key = origin(byId.get(id).callFrame);
  selfUs.set(key, (selfUs.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
// Only the loaded run: the profile also holds start-up and the warm-up, in proportion to their share of the answers.
const idle = selfUs.get('(idle)') ?? 0;
selfUs.delete('(idle)');
const busy = [...selfUs.values()].reduce((a, b) => a + b, 0);
console.log(
  `${args.cached ?? `/api/${ENDPOINT}`}, ${args.cached ? 'cached' : 'unique'} answers: ${answers} in ${SECONDS} s; busy ${(busy / 1000).toFixed(0)} ms of the profile (idle ${(idle / 1000).toFixed(0)} ms)`,
);
console.log(
  `garbage collections per 1,000 answers: ${((scavenges * 1000) / answers).toFixed(1)} scavenges, ${((markCompacts * 1000) / answers).toFixed(2)} mark-compacts`,
);
console.log('| where | share of busy CPU |\n| --- | ---: |');
for (const [key, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top ?? 16)))
  console.log(`| ${key} | ${((us / busy) * 100).toFixed(1)} % |`);
rmSync(scratch, { recursive: true, force: true });
rmSync(outdir, { recursive: true, force: true });
