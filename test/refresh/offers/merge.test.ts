// One door from every source that lists it (issue 50): unit errors caught per source before merging,
// the newest listing's price, the fields it lacks from the other sources for the same door.
import { describe, expect, it } from 'vitest';
import { mergeDoor, unitError } from '../../../src/refresh/offers/merge.js';
import type { RawDoor } from '../../../src/refresh/offers/raw-door.js';

const GP = 'genai-prices 0.1.8 data of 2026-09-22';
const LL = 'LiteLLM of 2026-08-01';
const MD = 'models.dev of 2026-07-02';
const raw = (source: string, extra: Partial<RawDoor> = {}): RawDoor => {
  const [date, rank] = source === GP ? ['2026-09-22', 1] : source === LL ? ['2026-08-01', 2] : ['2026-07-02', 3];
  return {
    sellerAlias: 'h',
    sellerModelId: `${source.split(' ')[0]}/m`,
    source,
    date: date as string,
    rank: rank as number,
    ...extra,
  };
};

describe('unit errors, per source, before merging', () => {
  it('a price above $1,000 per 1M tokens is one, whatever the other sources say', () => {
    expect(unitError(raw(LL, { prices: { input: 15000, output: 60000 } }), [])).toContain('above $1,000');
    expect(unitError(raw(LL, { prices: { input: 0.15, output: 1200 } }), [])).toContain('output price, $1,200 per 1M');
    expect(unitError(raw(LL, { prices: { input: 1000, output: 1000 } }), [])).toBeUndefined();
  });
  it("a price a thousand or a million times another source's for the same door is one (the larger), within 2 %", () => {
    const sane = raw(MD, { prices: { input: 0.2, output: 0.8 } });
    const perK = raw(LL, { prices: { input: 200, output: 800 } });
    const perToken = raw(GP, { prices: { input: 0.1, output: 800_000 } });
    expect(unitError(perK, [sane, perK])).toContain('1,000 times');
    expect(unitError(perToken, [sane, perToken])).toContain('above $1,000');
    expect(unitError(raw(LL, { prices: { input: 197, output: 5 } }), [sane])).toContain('1,000 times');
    expect(unitError(sane, [sane, perK])).toBeUndefined();
    // 900 times is a price, however odd: the outlier rule is vetting's.
    expect(unitError(raw(LL, { prices: { input: 180, output: 720 } }), [sane])).toBeUndefined();
  });
  it('the door keeps the sources that agree, and records the one left out with its reason', () => {
    const door = mergeDoor([
      raw(LL, { prices: { input: 15000, output: 60000 }, contextTokens: 131072 }),
      raw(MD, { prices: { input: 0.15, output: 0.6 }, maxOutputTokens: 131072 }),
    ]);
    expect(door).toMatchObject({
      prices: { input: 0.15, output: 0.6 },
      source: MD,
      date: '2026-07-02',
      contextTokens: 131072,
      maxOutputTokens: 131072,
    });
    expect(door.unitErrors).toEqual([
      { source: LL, date: '2026-08-01', input: 15000, output: 60000, reason: expect.stringContaining('above $1,000') },
    ]);
  });
  it('a door whose only price is a unit error has none (unknown), and says why', () => {
    const door = mergeDoor([raw(LL, { prices: { input: 5000, output: 20000 } })]);
    expect(door.prices).toBeUndefined();
    expect(door.unitErrors).toHaveLength(1);
  });
});

describe('merging the sources for one door, field by field', () => {
  it("takes the newest listing's price, and its date: listed on, with effectiveFrom only where the source dates a change", () => {
    const door = mergeDoor([
      raw(MD, { prices: { input: 0.1, output: 0.5 }, contextTokens: 131072, maxOutputTokens: 40960 }),
      raw(GP, { prices: { input: 0.35, output: 0.75 }, contextTokens: 131072 }),
      raw(LL, { prices: { input: 0.35, output: 0.75 }, maxOutputTokens: 32768 }),
    ]);
    expect(door).toMatchObject({
      prices: { input: 0.35, output: 0.75 },
      source: GP,
      date: '2026-09-22',
      sellerModelId: 'genai-prices/m',
    });
    expect(door.effectiveFrom).toBeUndefined();
    // The limit the price's source lacks comes from the next newest source that gives one; the disagreement is said.
    expect(door.maxOutputTokens).toBe(32768);
    expect(door.disagreements).toEqual([`${MD} lists $0.1 / $0.5`, `${MD} lists 40,960 output tokens`]);
    expect(door.also).toEqual([LL, MD]);
    expect(mergeDoor([raw(GP, { prices: { input: 1, output: 2 }, effectiveFrom: '2026-08-17' })]).effectiveFrom).toBe(
      '2026-08-17',
    );
  });
  it('takes cache, batch and tier prices only from a source that agrees on input and output; limits, modalities and a page from any', () => {
    const door = mergeDoor([
      raw(GP, { prices: { input: 2, output: 10, cachedInput: 0.2 } }),
      raw(LL, {
        prices: { input: 2, output: 10, cacheWrite: 2.5, cacheWrite1h: 4 },
        batch: { input: 1, output: 5 },
        sourceUrl: 'https://seller.example/pricing',
      }),
      raw(MD, {
        prices: { input: 3, output: 15, cacheWrite: 3.75 },
        contextTokens: 1_000_000,
        modalities: { input: ['text', 'image'], output: ['text'] },
      }),
    ]);
    expect(door.prices).toEqual({ input: 2, output: 10, cachedInput: 0.2, cacheWrite: 2.5, cacheWrite1h: 4 });
    expect(door.batch).toEqual({ input: 1, output: 5 });
    expect(door).toMatchObject({
      contextTokens: 1_000_000,
      modalities: { input: ['text', 'image'], output: ['text'] },
      sourceUrl: 'https://seller.example/pricing',
    });
    // No source lists a batch price that agrees with the price: none (the door prices batch at standard).
    expect(
      mergeDoor([
        raw(GP, { prices: { input: 2, output: 10 } }),
        raw(LL, { prices: { input: 3, output: 15 }, batch: { input: 1.5, output: 7.5 } }),
      ]).batch,
    ).toBeUndefined();
  });
  it("of one source's keys, its best-ranked one (a base key before a regional one)", () => {
    const door = mergeDoor([
      raw(LL, { prices: { input: 2.2, output: 11 }, rank: 2.2 }),
      raw(LL, { prices: { input: 2, output: 10 }, rank: 2 }),
    ]);
    expect(door.prices).toEqual({ input: 2, output: 10 });
    expect(door.also).toBeUndefined();
  });
});
