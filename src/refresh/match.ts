/** Finding a catalogue record's entry in a source, and which source's entry wins. */
import type { ModelData } from '../core/schema/catalogue-schema.js';
import { FORMATS, type Source, type SourceEntry } from './entry.js';
import type { Found } from './proposal.js';
import { matches } from './sources/genai-prices.js';
import { SOURCE_KINDS } from './sources/index.js';
import { matchKey } from './units.js';

/** The names a record goes by: its reference id, its id without the slug, its aliases. */
export function namesOf(slug: string, model: Pick<ModelData, 'id' | 'referenceId' | 'aliases'>): string[] {
  const strip = (id: string) => id.slice(slug.length + 1);
  const names = [model.referenceId, strip(model.id), ...(model.aliases ?? []).map(strip)].filter((n): n is string =>
    Boolean(n),
  );
  // Bedrock models sold only through the global cross-region endpoint are listed as `global.<id>`.
  return slug === 'amazon' ? [...names, ...names.map((n) => `global.${n}`)] : names;
}

export type Finder = (slug: string, names: string[]) => SourceEntry | undefined;

export function finder(source: Source): Finder {
  if (source.format === 'genai-prices') {
    // The record's own names first, then its aliases; within a name, the first model that matches (as genai-prices does).
    return (slug, names) =>
      names.map((n) => source.entries.find((e) => e.slug === slug && matches(e.match, n))).find(Boolean);
  }
  const index = new Map<string, SourceEntry>();
  for (const e of source.entries) if (!index.has(`${e.slug}:${e.key}`)) index.set(`${e.slug}:${e.key}`, e);
  return (slug, names) => names.map((n) => index.get(`${slug}:${matchKey(n)}`)).find(Boolean);
}

/**
 * Precedence: an entry that cites the provider's page before one that does not; then the newer
 * source; OpenRouter (a reseller's prices) never sets a price, it only confirms or disputes one.
 */
export function rank(found: Found[]): Found[] {
  return found
    .filter((f) => f.source.format !== 'openrouter')
    .sort(
      (a, b) =>
        Number(Boolean(b.entry.cites)) - Number(Boolean(a.entry.cites)) ||
        (a.source.date < b.source.date ? 1 : a.source.date > b.source.date ? -1 : 0) ||
        FORMATS.indexOf(a.source.format) - FORMATS.indexOf(b.source.format),
    );
}

export const labelOf = (f: Found) => SOURCE_KINDS[f.source.format].label;
