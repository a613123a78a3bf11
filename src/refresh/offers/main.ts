/**
 * `npm run catalog:doors [-- --hosts DIR] [--data DIR]`: reads who sells each catalogue model
 * (models.dev's provider entries and LiteLLM's price file, as in ../shared/reference/hosts, and the
 * pinned @pydantic/genai-prices package, newest first) and writes data/offers/<maker>.json for the
 * reviewed sellers of data/offers/sellers.json. Source sellers it cannot place are listed for review.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { doorsFileSchema, sellersFileSchema } from '../../core/offers/door-schema.js';
import { GENAI_PACKAGE_DATE } from '../io.js';
import { buildDoors, type CatalogueRecord } from './build.js';
import { diffDoors } from './diff.js';
import { readGenaiPrices } from './read-genai-prices.js';
import { readLitellm } from './read-litellm.js';
import { readModelsDevOffers } from './read-models-dev.js';

/** genai-prices providers read for doors (makers among them are the catalogue's own doors and drop out). */
const GENAI_SELLERS = ['aws', 'together', 'fireworks', 'groq', 'cerebras', 'azure', 'novita', 'baseten', 'ovhcloud', 'avian', 'google', 'deepseek'];

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { hosts: { type: 'string', default: '../shared/reference/hosts' }, data: { type: 'string', default: 'data' } } });
  const hosts = values.hosts as string;
  const data = values.data as string;
  const records: CatalogueRecord[] = readdirSync(data).filter((n) => n.endsWith('.json')).sort().flatMap((name) => {
    const file = readJson(join(data, name)) as { provider: { slug: string }; models: Array<{ id: string; referenceId?: string; aliases?: string[] }> };
    return file.models.map((m) => ({ providerSlug: file.provider.slug, id: m.id, ...(m.referenceId ? { referenceId: m.referenceId } : {}), ...(m.aliases ? { aliases: m.aliases } : {}) }));
  });
  const sellers = sellersFileSchema.parse(readJson(join(data, 'offers', 'sellers.json'))).sellers;

  const modelsDev = readJson(join(hosts, 'models-dev-offers.json')) as { meta: { commit: string; committed: string } };
  const mdDate = modelsDev.meta.committed.slice(0, 10);
  const mdLabel = `models.dev ${modelsDev.meta.commit.slice(0, 7)} of ${mdDate}`;
  const llLabel = 'LiteLLM model_prices_and_context_window.json of 2026-08-01';
  const entry = createRequire(import.meta.url).resolve('@pydantic/genai-prices');
  const { version } = readJson(resolve(dirname(entry), '..', 'package.json')) as { version: string };
  const { findProvider } = await import('@pydantic/genai-prices');
  const gpLabel = `genai-prices ${version} data of ${GENAI_PACKAGE_DATE}`;
  const raws = [
    ...readGenaiPrices(GENAI_SELLERS.map((id) => findProvider({ providerId: id })).filter(Boolean), gpLabel, GENAI_PACKAGE_DATE, 1),
    ...readLitellm(readJson(join(hosts, 'litellm-model-prices.json')), llLabel, '2026-08-01', 2),
    ...readModelsDevOffers(modelsDev, mdLabel, mdDate, 3),
  ];
  const built = buildDoors(records, sellers, raws, [gpLabel, llLabel, mdLabel]);
  for (const file of built.files) {
    const path = join(data, 'offers', `${file.maker}.json`);
    const before = existsSync(path) ? doorsFileSchema.safeParse(readJson(path)).data : undefined;
    const changes = diffDoors(before, file);
    writeFileSync(path, `${JSON.stringify(doorsFileSchema.parse(file), null, 2)}\n`);
    console.log(`${path}: ${file.doors.length} doors, ${changes.length} changes${changes.length ? `\n  ${changes.join('\n  ')}` : ''}`);
  }
  if (built.unreviewed.length) {
    console.log(`Sellers to review (their doors are left out): ${built.unreviewed.map((u) => `${u.alias} (${u.doors})`).join(', ')}`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
