/** How the refresh writes a catalogue record: key order, tier and `verified` month, as the schema wants them. */
import { modelSchema, type ModelData, type Tier } from '../core/schema/catalogue-schema.js';

/** A record being edited: a field set to null or undefined is left out when it is written. */
export type Draft = { [K in keyof ModelData]?: ModelData[K] | null | undefined };

/** Record keys in the schema's order, so edited files stay in the order the rest of data/ is in. */
const KEY_ORDER = Object.keys(modelSchema.shape) as Array<keyof ModelData>;

/**
 * The record with its keys in schema order, without null or undefined fields. The result is what
 * apply's inputs make it; the catalogue's own check (npm test, catalog:check) validates it.
 */
export function ordered(record: Draft): ModelData {
  const out: Record<string, unknown> = {};
  const entries = record as Record<string, unknown>;
  for (const key of [...KEY_ORDER, ...Object.keys(record)]) {
    if (!(key in out) && entries[key] !== undefined && entries[key] !== null) out[key] = entries[key];
  }
  return out as ModelData;
}

/** Blended price per 1M tokens for a typical 3:1 input:output mix. */
export const blendedPrice = (input: number, output: number) => (3 * input + output) / 4;

/** Tier rule (docs/catalogue.md): Budget below $1 blended, Mid from $1 to below $4, Premium from $4. */
export function tierFor(input: number, output: number): Tier {
  const blended = blendedPrice(input, output);
  if (blended < 1) return 'Budget';
  if (blended < 4) return 'Mid';
  return 'Premium';
}

export { verifiedOf } from '../core/schema/catalogue-schema.js';
