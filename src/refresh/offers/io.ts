/**
 * The doors' I/O: what `catalog:doors` reads: the catalogue's records (data/*.json) and every source's entries as
 * raw doors (the pinned @pydantic/genai-prices package, LiteLLM's price file and models.dev's provider
 * entries in ../shared/reference/hosts, newest first). Shared by main.ts and the snapshot tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { GENAI_PACKAGE_DATE } from '../io.js';
import type { RawDoor } from './raw-door.js';
import { readGenaiPrices } from './read-genai-prices.js';
import { readLitellm } from './read-litellm.js';
import { readModelsDevOffers } from './read-models-dev.js';
import type { ReferenceRecord } from './reference.js';

/** genai-prices providers read for doors (makers among them are the catalogue's own doors and drop out). */
const GENAI_SELLERS = ['aws', 'together', 'fireworks', 'groq', 'cerebras', 'azure', 'novita', 'baseten', 'ovhcloud', 'avian', 'google', 'deepseek', 'moonshotai', 'zai', 'zhipuai', 'minimax'];

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** Every catalogue record with what matching and the reference-door check read of it. */
export function readRecords(data: string): ReferenceRecord[] {
  return readdirSync(data).filter((n) => n.endsWith('.json')).sort().flatMap((name) => {
    const file = readJson(join(data, name)) as { provider: { slug: string }; models: Array<Omit<ReferenceRecord, 'providerSlug'>> };
    return file.models.map((m) => ({
      providerSlug: file.provider.slug, id: m.id, input: m.input, output: m.output, checkedOn: m.checkedOn,
      ...(m.contextTokens ? { contextTokens: m.contextTokens } : {}), ...(m.maxOutputTokens ? { maxOutputTokens: m.maxOutputTokens } : {}),
      ...(m.referenceId ? { referenceId: m.referenceId } : {}), ...(m.aliases ? { aliases: m.aliases } : {}),
      ...(m.priceHistory ? { priceHistory: m.priceHistory } : {}),
      ...(m.referenceDoor ? { referenceDoor: m.referenceDoor } : {}),
    }));
  });
}

/** The three sources' entries as raw doors, with their labels (genai-prices, LiteLLM, models.dev) and models.dev's file. */
export async function readDoorSources(hosts: string): Promise<{ raws: RawDoor[]; labels: [string, string, string]; modelsDev: { meta: { commit: string; committed: string } } }> {
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
  return { raws, labels: [gpLabel, llLabel, mdLabel], modelsDev };
}
