// npm run bench:core: the core's compute per request on synthetic catalogues of 100, 1,000 and
// 10,000 models (findCheapest and recommendModels, as /api/cheapest and /api/recommend call them).
// Bundles src/core with esbuild into node_modules/.cache first, so it runs without a build step.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'node_modules', '.cache', 'bench-core');
mkdirSync(outdir, { recursive: true });
const entry = join(outdir, 'entry.ts');
const { writeFileSync } = await import('node:fs');
writeFileSync(
  entry,
  ['catalogue', 'cheapest', 'recommend'].map((m) => `export * from ${JSON.stringify(join(root, 'src', 'core', `${m}.ts`))};`).join('\n'),
);
await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: join(outdir, 'core.mjs'), logLevel: 'error' });
const { buildCatalogue, findCheapest, recommendModels } = await import(pathToFileURL(join(outdir, 'core.mjs')).href);

const TIERS = ['Budget', 'Mid', 'Premium'];
const USE_CASES = ['coding', 'chat', 'classification', 'extraction', 'reasoning', 'analysis', 'general', 'speed', 'long-context'];

/** A valid catalogue of n models over 10 providers, with varied prices, tiers and scores (deterministic). */
function synthetic(n) {
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const files = [];
  for (let p = 0; p < 10; p++) {
    const slug = `prov${p}`;
    const models = [];
    for (let i = p; i < n; i += 10) {
      const milli = Math.round(rand() * 20000);
      const input = milli / 1000;
      models.push({
        id: `${slug}-model-${i}`, name: `Model ${i}`, tier: TIERS[i % 3], input, output: (milli * 4) / 1000,
        context: '128K', contextTokens: 128000, verified: 'November 2026', quality: 1 + (i % 5),
        useCases: Object.fromEntries(USE_CASES.map((u) => [u, Math.floor(rand() * 6)])),
        ...(i % 7 === 0 ? { cachedInput: milli / 10000, longContext: { threshold: 64000, input: (milli * 2) / 1000, output: (milli * 8) / 1000 } } : {}),
        status: 'current', sourceUrl: 'https://example.com/pricing', priceSource: 'synthetic', checkedOn: '2026-11-21', qualitySource: 'synthetic',
      });
    }
    files.push({ file: `${slug}.json`, data: { provider: { slug, name: `Provider ${p}`, pricingUrl: 'https://example.com' }, models } });
  }
  return buildCatalogue(files);
}

function perCall(fn) {
  for (let i = 0; i < 50; i++) fn(i);
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < 500) fn(runs++);
  return (performance.now() - start) / runs;
}

const workload = (i) => ({ inputTokens: 2000 + (i % 1000), outputTokens: 500, requests: 1000, days: 30, mode: 'standard' });
const cases = {
  'cheapest (defaults)': (c) => (i) => findCheapest(c, workload(i), { limit: 5 }),
  'cheapest (use_case, quality=high, budget)': (c) => (i) => findCheapest(c, workload(i), { limit: 10, useCase: 'coding', quality: 'high', budgetNanos: 500_000_000_000n }),
  'recommend (defaults)': (c) => (i) => recommendModels(c, { inputTokens: 1000 + (i % 1000), outputTokens: 500, limit: 5 }),
  'recommend (use_case, tier, min_context)': (c) => (i) => recommendModels(c, { inputTokens: 1000 + (i % 1000), outputTokens: 500, limit: 5, useCase: 'coding', tier: 'Mid', minContext: 100000 }),
};

console.log(`Node ${process.version}; mean compute per call (ms), 0.5 s of calls each\n`);
console.log(`| call | ${[100, 1000, 10000].map((n) => `${n.toLocaleString('en-US')} models`).join(' | ')} |`);
console.log('| --- | ---: | ---: | ---: |');
const catalogues = [100, 1000, 10000].map(synthetic);
for (const [name, make] of Object.entries(cases)) {
  console.log(`| ${name} | ${catalogues.map((c) => perCall(make(c)).toFixed(4)).join(' | ')} |`);
}
