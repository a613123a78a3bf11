export interface SourceEntry {
  source: 'models.dev' | 'litellm' | 'openrouter';
  sourceId: string;
  slug: string;
  key: string;
  name?: string;
  input: number;
  output: number;
  cachedInput?: number;
  cacheWrite?: number;
}
export const FORMATS: readonly ['models.dev', 'litellm', 'openrouter'];
export function matchKey(id: string): string;
export function undatedKey(key: string): string | undefined;
export function scaledPrice(value: unknown, shift?: number): number | undefined;
export function perTokenToPerMillion(value: unknown): number | undefined;
export function readModelsDev(json: unknown): SourceEntry[];
export function readLitellm(json: unknown): SourceEntry[];
export function readOpenRouter(json: unknown): SourceEntry[];
export function readSource(format: string, json: unknown): SourceEntry[];
