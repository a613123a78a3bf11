/**
 * Variants: a model listed under a longer id of another model of the same provider (a
 * `-customtools` or dated twin) that is sold at the same prices with the same capabilities and
 * scores. A ranking gives such a family one place, under the shorter id, and lists the others.
 */
import type { Model } from '../schema/catalogue-schema.js';
import { PRICE_TERMS } from '../schema/units.js';

// Everything a ranking or a cost reads of a model besides who it is.
const OFFER_FIELDS = [
  'tier',
  'input',
  'output',
  'contextTokens',
  'maxOutputTokens',
  ...PRICE_TERMS,
  'quality',
  'useCases',
  'status',
  'freeTierOnly',
] as const satisfies ReadonlyArray<keyof Model>;

const offer = (m: Model) => JSON.stringify(OFFER_FIELDS.map((f) => m[f] ?? null));

/** Each variant's head: the model with the shortest id it extends (`<head>-...`) and the same offer. */
export function findVariants(models: readonly Model[]): Map<string, Model> {
  const heads = new Map<string, Model>();
  const byOffer = new Map<string, Model[]>();
  for (const m of models) {
    const key = `${m.providerSlug} ${offer(m)}`;
    const same = byOffer.get(key);
    if (same) same.push(m);
    else byOffer.set(key, [m]);
  }
  for (const group of byOffer.values()) {
    if (group.length < 2) continue;
    const shortestFirst = [...group].sort((a, b) => a.id.length - b.id.length);
    for (const m of shortestFirst) {
      const head = shortestFirst.find((h) => h !== m && m.id.startsWith(`${h.id}-`) && !heads.has(h.id));
      if (head) heads.set(m.id, head);
    }
  }
  return heads;
}
