/**
 * Sellers by what people call them: every surface that takes a seller (sellers=, `<model-id>@<seller>`,
 * an export's seller column, the CLI, MCP, the site's choice) asks this one resolver, so that a name
 * one of them takes the others take too.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import { closestMatches } from '../catalogue/suggest.js';
import { doorBookOf, type DoorBook } from './book.js';
import type { Seller } from './door-schema.js';

export interface SellerResolver {
  /**
   * The seller a name means: its slug, an alias a source gives it, its display name ("Amazon
   * Bedrock", "Google Cloud Vertex AI"), or that name without its parenthesis ("Microsoft Azure"),
   * in any case, spacing or punctuation; undefined for a name no seller answers to.
   */
  resolve(name: string): Seller | undefined;
  /** The slugs of the sellers whose names are closest to an unknown one, best first (at most `count`). */
  closest(name: string, count?: number): string[];
  /** Every seller a door belongs to, by slug (the maker of a record's own door among them). */
  readonly sellers: ReadonlyMap<string, Seller>;
}

/** A name as the resolver compares it: lower case, each run of other characters than letters and digits one dash. */
export const sellerKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

function buildResolver(catalogue: Catalogue, book: DoorBook): SellerResolver {
  const sellers = new Map(book.sellers);
  // A record's own door may be its maker's with no entry in the seller list (ownSeller's fallback).
  for (const record of catalogue.models) {
    const own = book.doorsOf(record.id)[0];
    if (own && !sellers.has(own.seller.slug)) sellers.set(own.seller.slug, own.seller);
  }
  // Slugs first, then aliases, names and short names: a key an earlier kind holds stays its seller's;
  // a key two sellers share within one kind (two "Moonshot AI (...)") is nobody's.
  const byKey = new Map<string, Seller | null>();
  const kinds: Array<(s: Seller) => readonly string[]> = [
    (s) => [s.slug],
    (s) => s.aliases,
    (s) => [s.name],
    (s) => [s.name.replace(/\s*\([^)]*\)\s*/g, ' ')],
  ];
  for (const namesOf of kinds) {
    const claimed = new Map<string, Seller | null>();
    for (const seller of sellers.values())
      for (const name of namesOf(seller)) {
        const key = sellerKey(name);
        if (!key || byKey.has(key)) continue;
        const held = claimed.get(key);
        claimed.set(key, held === undefined || held === seller ? seller : null);
      }
    for (const [key, seller] of claimed) byKey.set(key, seller);
  }
  return {
    sellers,
    resolve: (name) => byKey.get(sellerKey(name)) ?? undefined,
    // Near any name a seller answers to ("bedrok": bedrock, Amazon Bedrock's alias), said by its slug.
    closest: (name, count = 3) => {
      const near = closestMatches(sellerKey(name), byKey.keys(), count * 4).map((key) => byKey.get(key)?.slug);
      return [...new Set(near.filter((slug) => slug !== undefined))].slice(0, count);
    },
  };
}

const resolvers = new WeakMap<DoorBook, SellerResolver>();

/** The catalogue's seller resolver, made once per door book. */
export function sellerResolverOf(catalogue: Catalogue): SellerResolver {
  const book = doorBookOf(catalogue);
  let resolver = resolvers.get(book);
  if (!resolver) {
    resolver = buildResolver(catalogue, book);
    resolvers.set(book, resolver);
  }
  return resolver;
}
