// npm run bench:core: in-process, the CPU time of one answer of /api/cheapest and /api/recommend
// made by the app (query parsing, ranking, JSON, ETag; no HTTP, no answer cache) on synthetic
// catalogues of 100, 1,000 and 10,000 models, each request a new input_tokens. npm run bench runs
// it with --json and judges the 10,000-model column against its 1 ms target, and POST /api/reprice
// of 10,000 rows with three targets against its 200 ms. Each catalogue has as many doors
// (data/offers) as models, one seller's door to each: the sellers= rows rank over them.
// Bundles the app from src/ with esbuild into node_modules/.cache first (no build step needed).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'node_modules', '.cache', 'bench-core');
mkdirSync(outdir, { recursive: true });
const entry = join(outdir, 'entry.ts');
const src = (path) => JSON.stringify(join(root, 'src', path));
writeFileSync(
  entry,
  `export { buildCatalogue } from ${src('core/catalogue/catalogue.ts')};\nexport { createApp } from ${src('http/app.ts')};\nexport { attachDoorData } from ${src('core/offers/book.ts')};\n`,
);
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: join(outdir, 'app.mjs'),
  logLevel: 'error',
});
const { buildCatalogue, createApp, attachDoorData } = await import(pathToFileURL(join(outdir, 'app.mjs')).href);

const SIZES = [100, 1000, 10000];
const TIERS = ['Budget', 'Mid', 'Premium'];
const USE_CASES = [
  'coding',
  'chat',
  'classification',
  'extraction',
  'reasoning',
  'analysis',
  'general',
  'speed',
  'long-context',
];

/** A valid catalogue of n models over 10 providers, with varied prices, tiers and scores (deterministic). */
function synthetic(n) {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const files = [];
  for (let p = 0; p < 10; p++) {
    const slug = `prov${p}`;
    const models = [];
    for (let i = p; i < n; i += 10) {
      const milli = Math.round(rand() * 20000);
      models.push({
        id: `${slug}-model-${i}`,
        name: `Model ${i}`,
        tier: TIERS[i % 3],
        input: milli / 1000,
        output: (milli * 4) / 1000,
        context: '128K',
        contextTokens: 128000,
        verified: 'November 2026',
        quality: 1 + (i % 5),
        useCases: Object.fromEntries(USE_CASES.map((u) => [u, Math.floor(rand() * 6)])),
        ...(i % 7 === 0
          ? {
              cachedInput: milli / 10000,
              longContext: { threshold: 64000, input: (milli * 2) / 1000, output: (milli * 8) / 1000 },
            }
          : {}),
        status: 'current',
        sourceUrl: 'https://example.com/pricing',
        priceSource: 'synthetic',
        checkedOn: '2026-11-21',
        qualitySource: 'synthetic',
      });
    }
    files.push({
      file: `${slug}.json`,
      data: { provider: { slug, name: `Provider ${p}`, pricingUrl: 'https://example.com' }, models },
    });
  }
  // Benchmark evidence for nine models in ten (two AA indices), so recommend ranks by scores as on the real catalogue.
  const result = (value) => ({ value, date: '2026-07-10', sourceModel: 'synthetic' });
  const evidence = {
    about: 'synthetic',
    sources: {
      artificial_analysis: {
        name: 'Artificial Analysis',
        url: 'https://artificialanalysis.ai/',
        republish: true,
        terms: 'attribution',
        snapshot: '2026-07-10',
      },
    },
    benchmarks: {
      aa_intelligence_index: {
        name: 'AA Intelligence Index',
        metric: 'Artificial Analysis Intelligence Index (0-100)',
        scale: '0-100',
        source: 'artificial_analysis',
      },
      aa_coding_index: {
        name: 'AA Coding Index',
        metric: 'Artificial Analysis Coding Index (0-100)',
        scale: '0-100',
        source: 'artificial_analysis',
      },
    },
    models: Object.fromEntries(
      files
        .flatMap(({ data }) => data.models)
        .filter((_, i) => i % 10 !== 9)
        .map((m) => [
          m.id,
          {
            aa_intelligence_index: result(Math.round(rand() * 7000) / 100),
            aa_coding_index: result(Math.round(rand() * 7000) / 100),
          },
        ]),
    ),
  };
  const catalogue = buildCatalogue(files, { file: 'benchmarks.json', data: evidence });
  // n doors: model i at host h(i mod 10), at 50% to 150% of its maker's prices.
  const sellers = Array.from({ length: 10 }, (_, h) => ({
    slug: `host${h}`,
    name: `Host ${h}`,
    kind: 'host',
    aliases: [],
    regionPolicy: 'global',
  }));
  const doorFiles = files.map(({ data }) => ({
    maker: data.provider.slug,
    sources: ['synthetic'],
    doors: data.models.map((m, k) => {
      const f = 0.5 + ((k * 37) % 100) / 100;
      return {
        model: m.id,
        seller: `host${k % 10}`,
        sellerModelId: m.id,
        prices: { input: Math.round(m.input * f * 1000) / 1000, output: Math.round(m.output * f * 1000) / 1000 },
        source: 'synthetic',
        date: '2026-11-21',
      };
    }),
  }));
  attachDoorData(catalogue, () => ({ sellers: { reviewed: '2026-11-21', sellers }, files: doorFiles }));
  return catalogue;
}

// Each request a new input_tokens (i), so nothing the app might keep between requests helps.
const QUERIES = {
  'cheapest (defaults)': (i) => `/api/cheapest?input_tokens=${1000 + i}`,
  'cheapest (use_case, quality, budget)': (i) =>
    `/api/cheapest?input_tokens=${1000 + i}&use_case=coding&quality=high&budget=500&limit=10`,
  'cheapest at doors (sellers=all)': (i) => `/api/cheapest?input_tokens=${1000 + i}&sellers=all`,
  'cheapest at doors (sellers=host1,host2)': (i) =>
    `/api/cheapest?input_tokens=${1000 + i}&sellers=host1,host2&limit=10`,
  'recommend (defaults)': (i) => `/api/recommend?input_tokens=${1000 + i}`,
  'recommend at doors (sellers=all)': (i) => `/api/recommend?input_tokens=${1000 + i}&sellers=all`,
  'recommend (use_case, budget, min_context)': (i) =>
    `/api/recommend?input_tokens=${1000 + i}&use_case=coding&budget=mid&min_context=100000`,
};

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Asks `query(i)`, `query(i + 1)`, … (each a new input_tokens) until `micros` of CPU are spent; the next i. */
async function askFor(app, query, micros, from) {
  const start = cpuMicros();
  let i = from;
  while (cpuMicros() - start < micros) {
    const res = await app.request(query(i++));
    if (res.status !== 200) throw new Error(`${query(i - 1)}: ${res.status} ${await res.text()}`);
  }
  return i;
}

/**
 * CPU time per answer in ms, warm: 0.4 s of warm-up, then five windows of 0.2 s of CPU each; the
 * mean of the middle three, so one burst of a neighbour on this shared VM moves one window, not
 * the figure, while the collections the answers cause stay in it.
 */
async function perAnswer(app, query) {
  let i = await askFor(app, query, 400_000, 0);
  const windows = [];
  for (let w = 0; w < 5; w++) {
    const [start, from] = [cpuMicros(), i];
    i = await askFor(app, query, 200_000, i);
    windows.push((cpuMicros() - start) / 1000 / (i - from));
  }
  const middle = windows.sort((a, b) => a - b).slice(1, 4);
  return middle.reduce((sum, ms) => sum + ms, 0) / middle.length;
}

const results = {};
for (const n of SIZES) {
  const app = createApp({ catalogue: synthetic(n) });
  // The first answer on a catalogue loads its doors (~1.4 s of CPU at 10,000), and the collections
  // and compilation after it are the load's, not an answer's (the first row measured read ~0.5 ms
  // more than the same row measured again): 1.5 s of answers settle it before any row is measured.
  await askFor(app, Object.values(QUERIES)[0], 1_500_000, 60_000);
  for (const [name, query] of Object.entries(QUERIES)) (results[name] ??= {})[n] = await perAnswer(app, query);
}

// POST /api/reprice: 10,000 CSV rows (20 models, 30 days) with three targets, on the 1,000-model catalogue; target < 200 ms.
const repriceApp = createApp({ catalogue: synthetic(1000) });
const csv = ['date,model,input_tokens,output_tokens,cached_input_tokens,requests,cost'];
for (let i = 0; i < 10_000; i++)
  csv.push(
    `2026-11-${String(1 + (i % 30)).padStart(2, '0')},prov${i % 10}-model-${i % 20},${100_000 + i},${5000 + i},${i * 3},${10 + (i % 7)},0.5`,
  );
const body = csv.join('\n');
const repriceQuery = () => '/api/reprice?targets=prov1-model-1,prov2-model-2,prov3-model-3';
const repriceMs = await (async () => {
  const ask = async () => {
    const res = await repriceApp.request(repriceQuery(), { method: 'POST', body });
    if (res.status !== 200) throw new Error(`reprice: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 3; i++) await ask();
  const start = cpuMicros();
  const runs = 10;
  for (let i = 0; i < runs; i++) await ask();
  return (cpuMicros() - start) / 1000 / runs;
})();

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ ...results, reprice: repriceMs }));
} else {
  console.log(
    `Node ${process.version}; CPU time per answer made in-process by the app (ms), warm: the mean of the middle three of five 0.2 s windows\n`,
  );
  console.log(`| answer | ${SIZES.map((n) => `${n.toLocaleString('en-US')} models`).join(' | ')} |`);
  console.log(`| --- |${' ---: |'.repeat(SIZES.length)}`);
  for (const [name, bySize] of Object.entries(results))
    console.log(`| ${name} | ${SIZES.map((n) => bySize[n].toFixed(3)).join(' | ')} |`);
  console.log(
    `\nPOST /api/reprice, 10,000 rows, 3 targets: ${repriceMs.toFixed(1)} ms CPU per answer (target < 200 ms)`,
  );
}
