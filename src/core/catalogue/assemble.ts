/** The catalogue's indexes and tables, made from its records (buildCatalogue parses and checks them). */
import { SCORE_KEYS, TIERS, type Model, type ScoreKey } from '../schema/catalogue-schema.js';
import type { ScoreDetails } from '../quality/evidence.js';
import type { BenchmarkResult } from '../quality/benchmarks.js';
import { buildSheets, priceDigits, type ModelSheets } from '../pricing/price-sheet.js';
import { continuedFrom } from '../pricing/history.js';
import type { Catalogue, ProviderInfo } from './catalogue-type.js';
import { buildFilterTable } from './filter-table.js';
import { buildPriceTable } from './price-table.js';
import { findVariants } from './variants.js';

export interface CatalogueParts {
  models: readonly Model[];
  providers: readonly ProviderInfo[];
  /** Lower-case ids and aliases to the records in `models`. */
  byId: ReadonlyMap<string, Model>;
  scoreDetails: ScoreDetails;
  benchmarksOf: ReadonlyMap<string, readonly BenchmarkResult[]>;
}

/** The catalogue of these records: variants, price sheets and the tables every ranking walks. */
export function assembleCatalogue({ models, providers, byId, scoreDetails, benchmarksOf }: CatalogueParts): Catalogue {
  const lastUpdated = models.reduce((newest, m) => (m.checkedOn > newest ? m.checkedOn : newest), '');
  const headOf = findVariants(models);
  const variantsOf = new Map<string, string[]>();
  for (const [variant, head] of headOf) variantsOf.set(head.id, [...(variantsOf.get(head.id) ?? []), variant]);
  const digits = models.reduce((most, m) => Math.max(most, priceDigits(m)), 0);
  const sheets = new Map(models.map((m) => [m, buildSheets(m, digits)]));
  const rankable = models.filter((m) => !headOf.has(m.id));
  const rankableSheets = rankable.map((m) => sheets.get(m) as ModelSheets);
  return {
    models,
    providers,
    lastUpdated,
    byId,
    byProvider: groupBy(models, (m) => m.providerSlug),
    byTier: new Map(TIERS.map((tier) => [tier, models.filter((m) => m.tier === tier)])),
    headOf,
    variantsOf,
    scoreDetails,
    benchmarksOf,
    rankable,
    sheets,
    rankableSheets,
    priceTable: buildPriceTable(rankableSheets, digits),
    filterTable: buildFilterTable(rankable, rankableSheets),
    rankableScores: Object.fromEntries(
      SCORE_KEYS.map((key) => [
        key,
        Float64Array.from(rankable, (m) => {
          const score = m.scores?.[key];
          return typeof score === 'number' ? score : NaN;
        }),
      ]),
    ) as Record<ScoreKey, Float64Array>,
    rankableEvidence: Object.fromEntries(
      SCORE_KEYS.map((key) => [key, Uint8Array.from(rankable, (m) => scoreDetails.level(m.id, key) ?? 2)]),
    ) as Record<ScoreKey, Uint8Array>,
    datedFrom: new Map(
      models.flatMap((m) => {
        const from = continuedFrom(m);
        return from === undefined ? [] : [[m, from] as const];
      }),
    ),
    priceDigits: digits,
  };
}

function groupBy<K>(models: readonly Model[], key: (m: Model) => K): Map<K, Model[]> {
  const groups = new Map<K, Model[]>();
  for (const m of models) {
    const k = key(m);
    const group = groups.get(k);
    if (group) group.push(m);
    else groups.set(k, [m]);
  }
  return groups;
}
