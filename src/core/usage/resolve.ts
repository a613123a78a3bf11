/**
 * A model as an export spells it, found in the catalogue: its id or alias as written, with `/` read
 * as `-` (OpenRouter's `vendor/model`), with a provider's slug before it (`claude-sonnet-5` is
 * `anthropic-claude-sonnet-5`), without a dated suffix (`-20250929`, `-2025-09-29`) when the dated
 * id is not itself known, and with dots as dashes (`claude-sonnet-4.5`). Unknown: the nearest ids (closestModelIds, from the index GET suggestions use).
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Model } from '../schema/catalogue-schema.js';
import { closestModelIds } from '../advice/closest-ids.js';

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

/**
 * A resolver that remembers each name it has looked up, as spelt (an export repeats its few models)
 * and as normalised (`GPT-X` and `gpt-x ` are one look-up): a name, known or not, costs its index
 * look-ups once per export. `suggest` gives the nearest ids to an unknown one (closestModelIds).
 */
export function modelResolver(
  catalogue: Catalogue,
  suggest: (name: string) => string[] = (name) => closestModelIds(catalogue, name),
): (raw: string) => Resolved {
  const memo = new Map<string, Resolved>();
  const bySpelling = new Map<string, Resolved>();
  const slugs = catalogue.providers.map((p) => p.slug);
  return (raw) => {
    const hit = memo.get(raw);
    if (hit) return hit;
    const names = spellings(raw);
    const base = names[0] ?? raw;
    let answer = bySpelling.get(base);
    if (answer === undefined) {
      let found: Model | undefined;
      for (const s of names) {
        found =
          catalogue.byId.get(s) ?? slugs.map((slug) => catalogue.byId.get(`${slug}-${s}`)).find((m) => m !== undefined);
        if (found) break;
      }
      answer = found ? { kind: 'known', model: found } : { kind: 'unknown', suggestions: suggest(base) };
      bySpelling.set(base, answer);
    }
    memo.set(raw, answer);
    return answer;
  };
}
