/** The loader's rules for issue 17's fields: aliases, off-peak windows, cacheWrite1h, longContextRule. */
import { describe, expect, it } from 'vitest';
import { buildCatalogue, CatalogueError, type CatalogueFile } from '../../../src/core/catalogue/catalogue.js';
import { deltaFile, gammaFile, rulesCatalogue } from '../../fixtures/pricing-rules.js';

type Json = any; // any: the tests reach into parsed JSON to break one field at a time

/** Both rule fixture files, with one change applied to a copy. */
function files(change: (gamma: Json, delta: Json) => void): CatalogueFile[] {
  const copy = structuredClone([gammaFile, deltaFile]);
  change(copy[0]?.data as Json, copy[1]?.data as Json);
  return copy;
}

function errorOf(list: CatalogueFile[]): string {
  try {
    buildCatalogue(list);
  } catch (err) {
    expect(err).toBeInstanceOf(CatalogueError);
    return (err as Error).message;
  }
  throw new Error('expected a CatalogueError');
}

describe('aliases', () => {
  it('resolve to the model they name through byId, and are not models of their own', () => {
    const c = rulesCatalogue;
    expect(c.models.map((m) => m.id)).toEqual(['gamma-max', 'gamma-old', 'delta-chat', 'delta-long']);
    expect(c.byId.get('gamma-max-latest')?.id).toBe('gamma-max');
    expect(c.byId.get('delta-v1')?.id).toBe('delta-chat');
    expect(c.byId.get('delta-chat-latest')).toBe(c.byId.get('delta-chat'));
    expect(c.byProvider.get('delta')?.map((m) => m.id)).toEqual(['delta-chat', 'delta-long']);
    expect(c.byId.get('delta-chat')?.aliases).toEqual(['delta-chat-latest', 'delta-v1']);
  });

  it("an alias that is another model's id, even one listed after it, is refused", () => {
    expect(
      errorOf(
        files((g) => {
          g.models[0].aliases = ['gamma-old'];
        }),
      ),
    ).toBe(
      'fixtures/gamma.json: model "gamma-max", field "aliases": "gamma-old" is the id of a model ("gamma-old"); an alias names one model and is never an id',
    );
    // An id listed after the alias is caught too (aliases are checked once every id is known).
    const renamed = files((g, d) => {
      g.models[1].aliases = undefined;
      d.models[1].id = 'delta-v1';
    });
    expect(errorOf(renamed)).toBe(
      'fixtures/delta.json: model "delta-chat", field "aliases": "delta-v1" is the id of a model ("delta-v1"); an alias names one model and is never an id',
    );
  });

  it('an alias listed by two models, or twice by one, is refused', () => {
    expect(
      errorOf(
        files((_g, d) => {
          d.models[1].aliases = ['delta-v1'];
        }),
      ),
    ).toBe(
      'fixtures/delta.json: model "delta-long", field "aliases": "delta-v1" is already an alias of "delta-chat"; an alias names one model and is never an id',
    );
    expect(
      errorOf(
        files((_g, d) => {
          d.models[0].aliases = ['delta-v1', 'delta-v1'];
        }),
      ),
    ).toBe('fixtures/delta.json: model "delta-chat", field "aliases.1": "delta-v1" is listed twice');
  });

  it("an alias is never the record's own id, takes the provider's slug, and is lower case", () => {
    expect(
      errorOf(
        files((_g, d) => {
          d.models[0].aliases = ['delta-chat'];
        }),
      ),
    ).toBe('fixtures/delta.json: model "delta-chat", field "aliases.0": "delta-chat" is the record\'s own id');
    expect(
      errorOf(
        files((_g, d) => {
          d.models[0].aliases = ['gamma-chat'];
        }),
      ),
    ).toBe('fixtures/delta.json: model "delta-chat", field "aliases.0": "gamma-chat" must start with "delta-"');
    expect(
      errorOf(
        files((_g, d) => {
          d.models[0].aliases = ['delta-Chat-Latest'];
        }),
      ),
    ).toContain('field "aliases.0": id is <providerSlug>-<model_key>, lower case');
    expect(
      errorOf(
        files((_g, d) => {
          d.models[0].aliases = [];
        }),
      ),
    ).toContain('field "aliases"');
  });
});

describe('offPeak', () => {
  it.each([['24:00'], ['9:00'], ['16:60'], ['16:30:00'], ['noon']])('startUtc %s is refused as not HH:MM', (start) => {
    expect(
      errorOf(
        files((_g, d) => {
          d.models[0].offPeak.startUtc = start;
        }),
      ),
    ).toBe(
      'fixtures/delta.json: model "delta-chat", field "offPeak.startUtc": a UTC time of day as HH:MM, 00:00 to 23:59',
    );
  });

  it('an empty window (start = end), a missing price, an unknown field and long-context prices beside it are refused', () => {
    expect(
      errorOf(
        files((_g, d) => {
          d.models[0].offPeak.endUtc = '16:30';
        }),
      ),
    ).toBe(
      'fixtures/delta.json: model "delta-chat", field "offPeak.endUtc": the off-peak window needs startUtc and endUtc to differ',
    );
    expect(
      errorOf(
        files((_g, d) => {
          delete d.models[0].offPeak.output;
        }),
      ),
    ).toContain('field "offPeak.output"');
    expect(
      errorOf(
        files((_g, d) => {
          d.models[0].offPeak.days = 'weekends';
        }),
      ),
    ).toContain('field "offPeak"');
    expect(
      errorOf(
        files((_g, d) => {
          d.models[1].offPeak = { input: 1, output: 1, startUtc: '00:00', endUtc: '08:00' };
        }),
      ),
    ).toBe(
      'fixtures/delta.json: model "delta-long", field "offPeak": a model with off-peak prices cannot also have longContext prices',
    );
  });
});

describe('longContextRule and cacheWrite1h', () => {
  it('the provider\'s rule is served on its models with long-context prices ("above" when unstated), not on the others', () => {
    expect(rulesCatalogue.byId.get('gamma-max')?.longContextRule).toBe('at');
    expect(rulesCatalogue.byId.get('delta-long')?.longContextRule).toBe('above');
    expect(rulesCatalogue.byId.get('gamma-old')).not.toHaveProperty('longContextRule');
    expect(rulesCatalogue.byId.get('delta-chat')).not.toHaveProperty('longContextRule');
  });

  it('a rule other than above or at, and a negative cacheWrite1h, are refused', () => {
    expect(
      errorOf(
        files((g) => {
          g.provider.longContextRule = 'from';
        }),
      ),
    ).toContain('fixtures/gamma.json, field "provider.longContextRule"');
    expect(
      errorOf(
        files((g) => {
          g.models[0].cacheWrite1h = -1;
        }),
      ),
    ).toContain('field "cacheWrite1h"');
  });
});
