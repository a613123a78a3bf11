/** What a refresh proposes for data/*.json: the plan makes it, apply writes it, the report prints it. */
import type { LongContextRule, ModelData, ProviderFile } from '../core/schema/catalogue-schema.js';
import type { PriceField, ScheduledPrices, Source, SourceEntry } from './entry.js';
import type { UnitChange } from './unit-changes.js';

/** One data file as read, and as apply leaves it. */
export interface DataFile {
  path: string;
  json: ProviderFile;
}

/** A source's entry for a record. */
export interface Found {
  source: Source;
  entry: SourceEntry;
}

/** The record fields the plan compares with the winning entry. */
export type ChangedField = PriceField | 'offPeak' | 'longContext' | 'longContextSteps';
export type FieldChange = {
  [F in ChangedField]: { field: F; ours: ModelData[F] | null; theirs: ModelData[F] | null };
}[ChangedField];

export interface Change {
  slug: string;
  id: string;
  fields: FieldChange[];
  winner: Found;
  effectiveFrom: string | undefined;
  priceSource: string;
  differText: string | undefined;
  scheduled: ScheduledPrices[];
  /** Unit and service-tier prices, each from the best source that gives it. */
  units: UnitChange[];
}

export interface Added {
  slug: string;
  id: string;
  name: string;
  sourceName: string;
  winner: Found;
  found: Found[];
  released: string | undefined;
  contextTokens: number | undefined;
}

export interface Proposal {
  sources: Source[];
  changed: Change[];
  added: Added[];
  removed: Array<{ slug: string; id: string; why: string }>;
  aliases: Array<{ slug: string; id: string; alias: string; source: string }>;
  rules: Array<{ slug: string; ours: LongContextRule; theirs: LongContextRule }>;
}

const money = (v: number | undefined) => `$${v}`;
/** `$input/$output` of a price set. */
export const pair = (p: { input?: number | undefined; output?: number | undefined }) =>
  `${money(p.input)}/${money(p.output)}`;
