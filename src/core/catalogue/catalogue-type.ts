/** The catalogue as every reader takes it: its models, indexes and columns, built once at load. */
import type { Model, ScoreKey, Tier } from '../schema/catalogue-schema.js';
import type { ScoreDetails } from '../quality/evidence.js';
import type { BenchmarkResult } from '../quality/benchmarks.js';
import type { ModelSheets } from '../pricing/price-sheet.js';
import type { FilterTable } from './filter-table.js';
import type { PriceTable } from './price-table.js';

export interface ProviderInfo {
  slug: string;
  name: string;
  pricingUrl: string;
}

export interface Catalogue {
  /** Every model, ordered by provider (file order) then as listed in its file. */
  readonly models: readonly Model[];
  readonly providers: readonly ProviderInfo[];
  /** The date of the newest price check, YYYY-MM-DD. */
  readonly lastUpdated: string;
  /** Lookup by lower-case id or alias (an alias gives the model it names, whose `id` differs). */
  readonly byId: ReadonlyMap<string, Model>;
  readonly byProvider: ReadonlyMap<string, readonly Model[]>;
  readonly byTier: ReadonlyMap<Tier, readonly Model[]>;
  /** A variant's id → the model whose place it shares in rankings. */
  readonly headOf: ReadonlyMap<string, Model>;
  /** A model's id → the ids of its variants, for the models that have some. */
  readonly variantsOf: ReadonlyMap<string, readonly string[]>;
  /** The models a ranking weighs, in catalogue order: every model but the variants (each shares its head's place). */
  readonly rankable: readonly Model[];
  /** How each model's 0-100 scores were reached, with the evidence answers name and list, made on a model's first use; a score it lacks is unrated. */
  readonly scoreDetails: ScoreDetails;
  /** Each model's benchmark results with their dates and sources (data/quality/benchmarks.json). */
  readonly benchmarksOf: ReadonlyMap<string, readonly BenchmarkResult[]>;
  /**
   * Every model's price sheets, built once here, all at the catalogue's digits so
   * that rankings compare costs exactly without converting.
   */
  readonly sheets: ReadonlyMap<Model, ModelSheets>;
  /** The sheets of `rankable`, in its order. */
  readonly rankableSheets: readonly ModelSheets[];
  /** The standard prices of `rankable`, in its order, as flat columns: what every ranking walks. */
  readonly priceTable: PriceTable;
  /** What the filters and fit rules read of `rankable`, in its order, as flat columns (records differ in shape: slow to read in a loop over all). */
  readonly filterTable: FilterTable;
  /** The rankable models' 0-100 scores per key (overall and each use case), NaN where unrated: one column per key, read by recommend's walk. */
  readonly rankableScores: Readonly<Record<ScoreKey, Float64Array>>;
  /** Beside rankableScores: how much evidence each score rests on (evidenceLevel; 2 where unrated). */
  readonly rankableEvidence: Readonly<Record<ScoreKey, Uint8Array>>;
  /** The date of the dated price each model's record continues, for the models whose prices continue one (continuedFrom). */
  readonly datedFrom: ReadonlyMap<Model, string>;
  /** The decimals the catalogue's prices need: every sheet holds its prices as USD × 10^priceDigits. */
  readonly priceDigits: number;
}
