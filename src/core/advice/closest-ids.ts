/**
 * "Did you mean" for model ids, from an index built once per catalogue: an unknown id costs a few
 * posting lists and a handful of edit distances, not a comparison with every id (tens of ms at
 * 10,000 models). The index holds each id's trigrams (with start and end marks, so short ids have
 * some); a query counts the trigrams each id shares with it, and only the ids sharing the most are
 * compared letter by letter. Suggestions are ranked by closeness: edit distance first (one letter
 * off before a shorter id contained in the query), an id containing the query or contained in it
 * before another as close, then by name.
 */
import type { Catalogue } from '../catalogue/catalogue.js';

export interface IdIndex {
  /** The ids, lower-case, in the order given. */
  readonly ids: readonly string[];
  /** Trigram to the positions (in `ids`) of the ids holding it. */
  readonly grams: ReadonlyMap<string, readonly number[]>;
  /** Scratch: shared-trigram counts per id, zeroed after each query. */
  readonly counts: Uint16Array;
}

/** Ids compared letter by letter per query: about those sharing the most trigrams with it. */
const COMPARED = 48;

export function idIndex(ids: Iterable<string>): IdIndex {
  const list = [...new Set([...ids].map((id) => id.toLowerCase()))];
  const grams = new Map<string, number[]>();
  list.forEach((id, i) => {
    for (const gram of trigrams(id)) {
      const at = grams.get(gram);
      if (at === undefined) grams.set(gram, [i]);
      else if (at[at.length - 1] !== i) at.push(i);
    }
  });
  return { ids: list, grams, counts: new Uint16Array(list.length) };
}

const byCatalogue = new WeakMap<Catalogue, IdIndex>();

/** The index of a catalogue's ids and aliases, built on first use and kept with the catalogue. */
export function idIndexOf(catalogue: Catalogue): IdIndex {
  let index = byCatalogue.get(catalogue);
  if (index === undefined) {
    index = idIndex(catalogue.byId.keys());
    byCatalogue.set(catalogue, index);
  }
  return index;
}

/** A catalogue's ids without their maker's slug, indexed as idIndexOf's, each back to the ids it stands for. */
export interface BareIdIndex {
  readonly index: IdIndex;
  readonly ids: ReadonlyMap<string, readonly string[]>;
}

const bareByCatalogue = new WeakMap<Catalogue, BareIdIndex>();

/**
 * The ids and aliases of a catalogue with their provider's slug taken off (`claude-sonnet-5` for
 * `anthropic-claude-sonnet-5`): names as exports and people write them. Built on first use and kept
 * with the catalogue, as idIndexOf's.
 */
export function bareIdIndexOf(catalogue: Catalogue): BareIdIndex {
  let bare = bareByCatalogue.get(catalogue);
  if (bare === undefined) {
    const prefixes = catalogue.providers.map((p) => `${p.slug}-`);
    const ids = new Map<string, string[]>();
    for (const id of catalogue.byId.keys()) {
      const prefix = prefixes.find((p) => id.startsWith(p) && id.length > p.length);
      if (prefix === undefined) continue;
      const name = id.slice(prefix.length);
      const at = ids.get(name);
      if (at === undefined) ids.set(name, [id]);
      else at.push(id);
    }
    bare = { index: idIndex(ids.keys()), ids };
    bareByCatalogue.set(catalogue, bare);
  }
  return bare;
}

/**
 * Up to `n` known ids closest to a name: a name that starts with a provider's slug is compared
 * with the ids (closestIds on idIndexOf, the suggestions a GET's 404 gives), one without it with
 * the ids read without theirs (`claude-sonnet-9` finds `anthropic-claude-sonnet-5`); the other
 * index is asked only when the first gives fewer than `n`. One or two index look-ups, whatever the
 * catalogue's size.
 */
export function closestModelIds(catalogue: Catalogue, name: string, n = 3): string[] {
  const q = name.toLowerCase();
  const bare = bareIdIndexOf(catalogue);
  const plain = (): string[] => closestIds(idIndexOf(catalogue), q, n);
  const unprefixed = (): string[] => closestIds(bare.index, q, n).flatMap((near) => bare.ids.get(near) ?? []);
  const prefixed = catalogue.providers.some((p) => q.startsWith(`${p.slug}-`));
  const found = new Set(prefixed ? plain() : unprefixed());
  if (found.size < n) for (const id of prefixed ? unprefixed() : plain()) found.add(id);
  return [...found].slice(0, n);
}

/** Up to `n` known ids closest to `id`, closest first (see the module's comment); none that is not close. */
export function closestIds(index: IdIndex, id: string, n = 3): string[] {
  const q = id.toLowerCase().slice(0, 100);
  if (!q || n <= 0) return [];
  const { ids, grams, counts } = index;
  const touched: number[] = [];
  let most = 0;
  const count = (at: readonly number[]) => {
    for (const i of at) {
      const c = ++counts[i]!;
      if (c === 1) touched.push(i);
      if (c > most) most = c;
    }
  };
  // A trigram most ids hold (`-mo`, `del` at 10,000 `x-model-n`) tells them apart little and costs
  // the most: skipped; a query that shares only such trigrams is compared with the first ids of the
  // rarest one (they are all about as far from it).
  const common = Math.max(COMPARED * 4, ids.length >> 4);
  let rarest: readonly number[] | undefined;
  for (const gram of new Set(trigrams(q))) {
    const at = grams.get(gram);
    if (at === undefined) continue;
    if (at.length <= common) count(at);
    else if (rarest === undefined || at.length < rarest.length) rarest = at;
  }
  if (touched.length === 0 && rarest !== undefined) count(rarest.slice(0, COMPARED));
  // The fewest shared trigrams an id may have and be compared: about the COMPARED ids sharing the most.
  const histogram = new Array<number>(most + 1).fill(0);
  for (const i of touched) histogram[counts[i]!]! += 1;
  let floor = most;
  for (let taken = histogram[most] ?? 0; floor > 1 && taken < COMPARED;) taken += histogram[--floor] ?? 0;
  // Those above the floor, then those at it (ties, up to COMPARED in all).
  const compared: number[] = [];
  for (const i of touched) if (counts[i]! > floor) compared.push(i);
  for (const i of touched) if (counts[i] === floor && compared.length < COMPARED) compared.push(i);
  for (const i of touched) counts[i] = 0;
  const scored: Array<{ name: string; distance: number; contains: boolean }> = [];
  for (const i of compared) {
    const name = ids[i]!;
    const contains = name.includes(q) || q.includes(name);
    const allowed = Math.max(2, Math.floor(Math.max(q.length, name.length) * 0.4));
    // The edit distance is at least the length difference; a containing id's is exactly that.
    const distance = contains
      ? Math.abs(name.length - q.length)
      : Math.abs(name.length - q.length) > allowed
        ? Infinity
        : editDistance(q, name);
    if (contains || distance <= allowed) scored.push({ name, distance, contains });
  }
  scored.sort(
    (a, b) => a.distance - b.distance || Number(b.contains) - Number(a.contains) || (a.name < b.name ? -1 : 1),
  );
  return scored.slice(0, n).map((s) => s.name);
}

/** A name's trigrams, with ^ and $ marking its start and end. */
function trigrams(name: string): string[] {
  const marked = `^${name}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= marked.length; i++) out.push(marked.slice(i, i + 3));
  return out;
}

const row = new Int32Array(101 + 256);

/** Levenshtein distance in one row (a is at most 100 characters; b any length). */
function editDistance(a: string, b: string): number {
  if (b.length + 1 > row.length) return Math.max(a.length, b.length);
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}
