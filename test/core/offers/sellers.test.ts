// The one seller resolver: every name sellers.json gives a seller resolves to it, in any case and
// spacing; names two sellers share resolve to neither; an unknown name gets its nearest sellers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sellerKey, sellerResolverOf } from '../../../src/core/offers/sellers.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';
import { fixtureCatalogue } from '../../fixtures/catalogue.js';

const data = join(import.meta.dirname, '..', '..', '..', 'data');
const catalogue = loadCatalogueFromDir(data);
const resolver = sellerResolverOf(catalogue);
type Listed = { slug: string; name: string; aliases: string[] };
const listed = (): Listed[] => JSON.parse(readFileSync(join(data, 'offers', 'sellers.json'), 'utf8')).sellers;
const slugOf = (name: string) => resolver.resolve(name)?.slug;

describe('sellerResolverOf', () => {
  it('resolves every seller by its slug, each alias and its display name, as written, upper-cased and lower-cased', () => {
    const sellers = listed();
    expect(sellers.length).toBeGreaterThan(50);
    const slugs = new Set(sellers.map((s) => s.slug));
    for (const s of sellers) {
      // An alias or name that is another seller's slug is that seller's (slugs come first).
      const names = [s.slug, ...s.aliases, s.name].filter((n) => n === s.slug || !slugs.has(sellerKey(n)));
      for (const name of names)
        for (const spelling of [name, name.toUpperCase(), name.toLowerCase(), `  ${name} `])
          expect([spelling, slugOf(spelling)]).toEqual([spelling, s.slug]);
    }
  });

  it('reads the issue’s spellings as one seller each', () => {
    expect(slugOf('Amazon Bedrock')).toBe('amazon-bedrock');
    expect(slugOf('amazon bedrock')).toBe('amazon-bedrock');
    expect(slugOf('Google Cloud Vertex AI')).toBe('google-vertex');
    expect(slugOf('Google Vertex')).toBe('google-vertex');
    expect(slugOf('vertex_ai')).toBe('google-vertex');
    expect(slugOf('AWS')).toBe('amazon-bedrock');
    // A name without its parenthesis, where only one seller's reads so.
    expect(slugOf('Microsoft Azure')).toBe('azure');
    expect(slugOf('microsoft azure (openai and ai foundry)')).toBe('azure');
  });

  it('resolves no name two sellers share, nor one nobody has', () => {
    // "Moonshot AI (Kimi API)" and "Moonshot AI (China)": without the parenthesis, either.
    expect(slugOf('Moonshot AI')).toBeUndefined();
    expect(slugOf('Moonshot AI (China)')).toBe('moonshot-cn');
    expect(slugOf('amazon-bedrok')).toBeUndefined();
    expect(slugOf('')).toBeUndefined();
    expect(slugOf(',')).toBeUndefined();
  });

  it('names the closest sellers for an unknown name, by any name they answer to', () => {
    expect(resolver.closest('amazon-bedrok')[0]).toBe('amazon-bedrock');
    expect(resolver.closest('bedrok')).toEqual(['amazon-bedrock']);
    expect(resolver.closest('Google Cloud Vertex')).toContain('google-vertex');
    expect(resolver.closest('zzzzzzzzzzzz')).toEqual([]);
    expect(resolver.closest('moonshot ai', 2).sort()).toEqual(['moonshot', 'moonshot-cn']);
  });

  it('knows a maker with no seller entry by the slug of its own door (a catalogue without door data)', () => {
    const fixture = sellerResolverOf(fixtureCatalogue);
    const maker = fixtureCatalogue.models[0]!;
    expect(fixture.resolve(maker.providerSlug.toUpperCase())?.slug).toBe(maker.providerSlug);
    expect(fixture.resolve(maker.provider)?.slug).toBe(maker.providerSlug);
  });
});
