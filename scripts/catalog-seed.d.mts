export const CHECKED_ON: string;
export const VERIFIED: string;
export function blendedPrice(input: number, output: number): number;
export function tierFor(input: number, output: number): 'Budget' | 'Mid' | 'Premium';
export function formatContext(tokens: number): string;
export function modelKey(record: { match_key?: string; model_id: string }): string;
export const PROVIDERS: ReadonlyArray<{
  slug: string;
  name: string;
  pricingUrl: string;
  models: ReadonlyArray<Record<string, unknown>>;
}>;
/** A reference quality record's provenance sentence; `all` holds the records a model rated as another is looked up in. */
export function qualitySourceOf(q: object, all?: readonly object[]): string;
