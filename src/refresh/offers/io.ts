/**
 * The doors' I/O: what `catalog:doors` reads: the catalogue's records (data/*.json) and every source's entries as
 * raw doors (the pinned @pydantic/genai-prices package, LiteLLM's price file and models.dev's provider
 * entries in ../shared/reference/hosts, newest first). Shared by the command and the snapshot tests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { GENAI_PACKAGE_DATE } from '../io.js';
import type { RawDoor } from './raw-door.js';
import { readGenaiPrices } from './read-genai-prices.js';
import { readLitellm } from './read-litellm.js';
import { readModelsDevOffers } from './read-models-dev.js';
import type { ReferenceRecord } from './reference.js';

/** genai-prices providers read for doors (makers among them are the catalogue's own doors and drop out). */
const GENAI_SELLERS = [
  'aws',
  'together',
  'fireworks',
  'groq',
  'cerebras',
  'azure',
  'novita',
  'baseten',
  'ovhcloud',
  'avian',
  'google',
  'deepseek',
  'moonshotai',
  'zai',
  'zhipuai',
  'minimax',
];

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** Every catalogue record with what matching and the reference-door check read of it. */
export function readRecords(data: string): ReferenceRecord[] {
  return readdirSync(data)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const file = readJson(join(data, name)) as {
        provider: { slug: string };
        models: Array<Omit<ReferenceRecord, 'providerSlug'>>;
      };
      return file.models.map((m) => ({
        providerSlug: file.provider.slug,
        id: m.id,
        input: m.input,
        output: m.output,
        checkedOn: m.checkedOn,
        ...(m.contextTokens ? { contextTokens: m.contextTokens } : {}),
        ...(m.maxOutputTokens ? { maxOutputTokens: m.maxOutputTokens } : {}),
        ...(m.referenceId ? { referenceId: m.referenceId } : {}),
        ...(m.aliases ? { aliases: m.aliases } : {}),
        ...(m.priceHistory ? { priceHistory: m.priceHistory } : {}),
        ...(m.referenceDoor ? { referenceDoor: m.referenceDoor } : {}),
      }));
    });
}

type ModelsDevOffers = { meta: { commit: string; committed: string }; providers?: unknown; offers: unknown[] };

/**
 * models.dev's published api.json (`{<provider>: {name, doc, api, models: {<id>: entry}}}`), as the
 * weekly workflow downloads it, in the snapshot's shape: one offer per provider entry. api.json has no
 * `base_model` links, so its entries match by id alone.
 */
export function offersFromModelsDevApi(json: unknown, date: string): ModelsDevOffers {
  const providers: Record<string, { name?: unknown; doc?: unknown; api?: unknown }> = {};
  const offers: unknown[] = [];
  for (const [host, provider] of Object.entries(
    (json ?? {}) as Record<string, { name?: unknown; doc?: unknown; api?: unknown; models?: Record<string, object> }>,
  )) {
    providers[host] = { name: provider.name, doc: provider.doc, api: provider.api };
    for (const [hostModelId, entry] of Object.entries(provider.models ?? {}))
      offers.push({ ...entry, host, hostModelId });
  }
  return { meta: { commit: 'api.json', committed: date }, providers, offers };
}

/**
 * The three sources' entries as raw doors, with their labels (genai-prices, LiteLLM, models.dev) and
 * models.dev's offers. `hosts` holds the snapshot (models-dev-offers.json, LiteLLM's file of
 * 2026-08-01) or a fresh download (models-dev-api.json and LiteLLM's file, both dated `today`).
 */
export async function readDoorSources(
  hosts: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<{ raws: RawDoor[]; labels: [string, string, string]; modelsDev: ModelsDevOffers }> {
  const snapshot = existsSync(join(hosts, 'models-dev-offers.json'));
  const modelsDev = snapshot
    ? (readJson(join(hosts, 'models-dev-offers.json')) as ModelsDevOffers)
    : offersFromModelsDevApi(readJson(join(hosts, 'models-dev-api.json')), today);
  const mdDate = modelsDev.meta.committed.slice(0, 10);
  const mdLabel = snapshot
    ? `models.dev ${modelsDev.meta.commit.slice(0, 7)} of ${mdDate}`
    : `models.dev api.json of ${mdDate}`;
  const llDate = snapshot ? '2026-08-01' : today;
  const llLabel = `LiteLLM model_prices_and_context_window.json of ${llDate}`;
  const entry = createRequire(import.meta.url).resolve('@pydantic/genai-prices');
  const { version } = readJson(resolve(dirname(entry), '..', 'package.json')) as { version: string };
  const { findProvider } = await import('@pydantic/genai-prices');
  const gpLabel = `genai-prices ${version} data of ${GENAI_PACKAGE_DATE}`;
  const raws = [
    ...readGenaiPrices(
      GENAI_SELLERS.map((id) => findProvider({ providerId: id })).filter(Boolean),
      gpLabel,
      GENAI_PACKAGE_DATE,
      1,
    ),
    ...readLitellm(readJson(join(hosts, 'litellm-model-prices.json')), llLabel, llDate, 2),
    ...readModelsDevOffers(modelsDev, mdLabel, mdDate, 3),
  ];
  return { raws, labels: [gpLabel, llLabel, mdLabel], modelsDev };
}
