export interface SourceEntry {
  source: 'models.dev' | 'litellm' | 'openrouter' | 'genai-prices';
  sourceId: string;
  slug: string;
  key: string;
  name?: string;
  input: number;
  output: number;
  cachedInput?: number;
  cacheWrite?: number;
  cacheWrite1h?: number;
  cites?: string;
  released?: string;
  contextTokens?: number;
  // genai-prices only
  effectiveFrom?: string;
  scheduled?: Array<{ effectiveFrom: string; input: number; output: number; cachedInput?: number; cacheWrite?: number }>;
  offPeak?: { input: number; output: number; cachedInput?: number; startUtc: string; endUtc: string };
  otherOffPeakWindows?: string[];
  longContextRule?: 'above' | 'at';
  longContext?: { threshold: number; input: number; output: number; cachedInput?: number };
  longContextSteps?: Array<{ threshold: number; input: number; output: number; cachedInput?: number }>;
}
export class GarbageError extends Error {}
export function matchKey(id: string): string;
export function undatedKey(key: string): string | undefined;
export function scaledPrice(value: unknown, shift?: number): number | undefined;
export function perTokenToPerMillion(value: unknown): number | undefined;
export function readModelsDev(json: unknown): SourceEntry[];
export function readLitellm(json: unknown): SourceEntry[];
export function readOpenRouter(json: unknown): SourceEntry[];
