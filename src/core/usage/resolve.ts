/**
 * A model as an export spells it, found in the catalogue: its id or alias as written, with `/` read
 * as `-` (OpenRouter's `vendor/model`), with a provider's slug before it (`claude-sonnet-5` is
 * `anthropic-claude-sonnet-5`), without a dated suffix (`-20250929`, `-2025-09-29`) when the dated
 * id is not itself known, and with dots as dashes (`claude-sonnet-4.5`). Unknown: the nearest ids.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Model } from '../schema/catalogue-schema.js';
import { closestMatches } from '../advice/suggest.js';

const DATED = /-(?:\d{8}|\d{4}-\d{2}-\d{2})$/;

function spellings(raw: string): string[] {
  const base = raw.trim().toLowerCase().replace(/\//g, '-').replace(/:.*$/, '');
  const out = [base];
  const undated = base.replace(DATED, '');
  if (undated !== base) out.push(undated);
  for (const s of [...out]) if (s.includes('.')) out.push(s.replace(/\./g, '-'));
  return out;
}

export type Resolved = { kind: 'known'; model: Model } | { kind: 'unknown'; suggestions: string[] };

/** A resolver that remembers each spelling it has looked up (an export repeats its few models). */
export function modelResolver(catalogue: Catalogue): (raw: string) => Resolved {
  const memo = new Map<string, Resolved>();
  const slugs = catalogue.providers.map((p) => p.slug);
  // The nearest ids to the spelling as written, then to it with each provider's slug before it.
  const nearest = (s: string): string[] => {
    const found = new Set(closestMatches(s, catalogue.byId.keys()));
    for (const slug of slugs) {
      if (found.size >= 3) break;
      for (const id of closestMatches(`${slug}-${s}`, catalogue.byId.keys())) found.add(id);
    }
    return [...found].slice(0, 3);
  };
  return (raw) => {
    const hit = memo.get(raw);
    if (hit) return hit;
    let found: Model | undefined;
    for (const s of spellings(raw)) {
      found = catalogue.byId.get(s) ?? slugs.map((slug) => catalogue.byId.get(`${slug}-${s}`)).find((m) => m !== undefined);
      if (found) break;
    }
    const answer: Resolved = found
      ? { kind: 'known', model: found }
      : { kind: 'unknown', suggestions: nearest(spellings(raw)[0] ?? raw) };
    memo.set(raw, answer);
    return answer;
  };
}
