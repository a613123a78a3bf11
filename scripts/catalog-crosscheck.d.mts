export interface CrossCheckRow {
  id: string;
  referenceId: string | null;
  field: 'input' | 'output' | 'cachedInput' | 'cacheWrite' | 'record';
  ours: number | null;
  reference: number | null;
  basis: string | null;
  status: 'match' | 'justified' | 'unjustified';
  note: string;
}
export const ROOT: string;
export const DATA_DIR: string;
export const REFERENCE_PRICES: string;
export const REFERENCE_SCOPE: Record<string, { provider: string; host: string | null }>;
export const PRICE_FIELDS: ReadonlyArray<readonly [string, string]>;
export function isWritePrice(write: unknown, input: unknown): boolean;
export function samePrice(a: number, b: number): boolean;
export function loadReference(pricesPath?: string): { models: Array<Record<string, unknown>> } | undefined;
export function findReferenceRecord(
  reference: { models: Array<Record<string, unknown>> },
  slug: string,
  referenceId: string | undefined,
): Record<string, unknown> | undefined;
export function loadCatalogue(dataDir?: string): Array<{ file: string; provider: { slug: string; name: string; pricingUrl: string }; models: Array<Record<string, unknown>> }>;
export function crossCheck(options?: {
  dataDir?: string;
  pricesPath?: string;
  reference?: { models: Array<Record<string, unknown>> };
}): CrossCheckRow[] | undefined;
export function summarize(rows: CrossCheckRow[]): { match: number; justified: number; unjustified: number };
