import type { SourceEntry } from './catalog-import-sources.mjs';

export type PriceField = 'input' | 'output' | 'cachedInput' | 'cacheWrite';
export const PRICE_FIELDS: readonly PriceField[];
export interface DataFile {
  path: string;
  json: { provider: { slug: string; name: string; pricingUrl: string }; models: Array<Record<string, any>> }; // any: raw JSON records
}
export interface Change {
  id: string;
  sourceId: string;
  fields: Array<{ field: PriceField; ours: number | null; theirs: number }>;
  entry: SourceEntry;
}
export interface Proposal {
  read: number;
  matched: number;
  ours: number;
  changed: Change[];
  added: SourceEntry[];
}
export interface ApplyOptions {
  date: string;
  format: string;
  file: string;
}
export function readDataDir(dataDir?: string): DataFile[];
export function propose(files: DataFile[], entries: SourceEntry[]): Proposal;
export function applyChange(model: Record<string, any>, change: Pick<Change, 'fields'>, options: ApplyOptions): Record<string, any>; // any: raw JSON records
export function applyProposal(files: DataFile[], proposal: Proposal, options: ApplyOptions): string[];
export function report(proposal: Proposal, options: { format: string; file: string }): string;
export function main(
  argv: string[],
  io?: { out?: (line: string) => void; err?: (line: string) => void; today?: string },
): number;
