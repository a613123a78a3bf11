/** New models: those a source dates on or after `since` that no record or alias names. */
import type { Source } from './entry.js';
import { finder, rank } from './match.js';
import type { Added, DataFile, Found } from './proposal.js';
import { catalogueId, undatedKey } from './units.js';

export function newModels(
  files: DataFile[],
  sources: Source[],
  matchedKeys: Set<string>,
  allIds: Set<string>,
  since: string,
): Added[] {
  const slugs = new Set(files.map((f) => f.json.provider.slug));
  const keys = new Map<string, { slug: string; key: string; name: string }>();
  for (const s of sources) {
    for (const e of s.entries) {
      if (!e.released || e.released < since || e.deprecated || matchedKeys.has(`${e.slug}:${e.key}`)) continue;
      const name = e.sourceId.split('/').pop() ?? e.sourceId;
      if (allIds.has(catalogueId(e.slug, name)) || allIds.has(catalogueId(e.slug, e.key))) continue;
      const base = undatedKey(e.key);
      if (base !== undefined && matchedKeys.has(`${e.slug}:${base}`)) continue;
      if (slugs.has(e.slug)) keys.set(`${e.slug}:${e.key}`, { slug: e.slug, key: e.key, name });
    }
  }
  const added: Added[] = [];
  for (const { slug, key, name } of keys.values()) {
    const found = sources.flatMap((source): Found[] => {
      const entry = finder(source)(slug, [name, key]);
      return entry ? [{ source, entry }] : [];
    });
    const [winner] = rank(found);
    if (!winner) continue; // only OpenRouter lists it: a reseller's price is not the provider's
    const released = found
      .map((f) => f.entry.released)
      .filter((d): d is string => Boolean(d))
      .sort()[0];
    const contextTokens = found.map((f) => f.entry.contextTokens).find(Boolean);
    added.push({
      slug,
      id: catalogueId(slug, name),
      name: found.map((f) => f.entry.name).find(Boolean) ?? name,
      sourceName: name,
      winner,
      found,
      released,
      contextTokens,
    });
  }
  return added.sort((a, b) => (a.id < b.id ? -1 : 1));
}
