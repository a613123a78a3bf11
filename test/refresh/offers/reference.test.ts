import { describe, expect, it } from 'vitest';
import type { Door, DoorsFile } from '../../../src/core/offers/door-schema.js';
import { checkReferenceDoors, type ReferenceRecord } from '../../../src/refresh/offers/reference.js';
import { SELLERS_OF_EACH_KIND as sellers } from '../../fixtures/sellers.js';

const door = (model: string, s: string, input: number, output: number): Door => ({
  model,
  seller: s,
  sellerModelId: model,
  prices: { input, output },
  source: 'src',
  date: '2026-08-01',
});
const record = (over: Partial<ReferenceRecord>): ReferenceRecord => ({
  providerSlug: 'openai',
  id: 'openai-oss',
  input: 0.2,
  output: 0.8,
  checkedOn: '2026-11-29',
  ...over,
});

describe('checkReferenceDoors', () => {
  const files: DoorsFile[] = [
    {
      maker: 'openai',
      sources: [],
      doors: [
        door('openai-oss', 'a-host', 0.1, 0.4),
        door('openai-oss', 'c-host', 0.3, 1.2),
        door('openai-oss', 'gw', 0.01, 0.01),
        door('openai-oss', 'd-host', 0.4, 1.6),
      ],
    },
  ];
  it('agrees when the record names the median door at its price', () => {
    const r = record({
      referenceDoor: { seller: 'b-cloud', sellerModelId: 'oss', rule: 'median-direct', date: '2026-08-01' },
    });
    const [line] = checkReferenceDoors([r], files, [door('openai-oss', 'b-cloud', 0.2, 0.8)], sellers);
    expect(line).toMatch(/openai-oss at b-cloud .*median of 4 vetted direct doors: unchanged/);
  });
  it('names the door the rule picks now, and a price its own door no longer lists', () => {
    const cheap = record({
      input: 0.05,
      output: 0.2,
      referenceDoor: { seller: 'b-cloud', sellerModelId: 'oss', rule: 'median-direct' },
    });
    expect(checkReferenceDoors([cheap], files, [], sellers)[0]).toMatch(
      /median of 4 vetted direct doors is now a-host at \$0\.1 \/ \$0\.4/,
    );
    const moved = record({ referenceDoor: { seller: 'b-cloud', sellerModelId: 'oss', rule: 'median-direct' } });
    expect(checkReferenceDoors([moved], files, [door('openai-oss', 'b-cloud', 0.25, 0.8)], sellers)[0]).toMatch(
      /b-cloud now lists \$0\.25 \/ \$0\.8 .*update data\/openai\.json/,
    );
  });
  it("reads a maker's listing of a set the record holds as history ended before the listing as behind, not a change", () => {
    const history = [
      { effectiveFrom: '2026-08-16', input: 0.075, output: 0.25, source: 'promotion' },
      { effectiveFrom: '2026-09-10', input: 0.15, output: 0.5, source: 'list' },
    ];
    const flash = record({
      providerSlug: 'kimi',
      id: 'kimi-flash',
      input: 0.15,
      output: 0.5,
      priceHistory: history,
      referenceDoor: { seller: 'kimi', sellerModelId: 'flash', rule: 'maker', date: '2026-08-01' },
    });
    const listing = door('kimi-flash', 'kimi', 0.075, 0.25);
    expect(checkReferenceDoors([flash], [], [{ ...listing, date: '2026-08-01' }], sellers)[0]).toMatch(
      /kimi now lists \$0\.075 \/ \$0\.25 .*update data\/kimi\.json/,
    );
    const late = { ...flash, referenceDoor: { ...flash.referenceDoor!, date: '2026-09-22' } };
    expect(checkReferenceDoors([late], [], [{ ...listing, date: '2026-09-22' }], sellers)[0]).toBe(
      "reference door: kimi-flash at its maker kimi ($0.15 / $0.5): src still lists $0.075 / $0.25, the record's price before 2026-09-10 (priceHistory): unchanged",
    );
  });
  it('counts and picks among the doors the rule may choose: priced, vetted, at a cloud or host', () => {
    const r = record({
      referenceDoor: { seller: 'b-cloud', sellerModelId: 'oss', rule: 'median-direct', date: '2026-08-01' },
    });
    const unpriced: Door = {
      model: 'openai-oss',
      seller: 'trial',
      sellerModelId: 'oss',
      source: 'src',
      date: '2026-08-01',
    };
    const more: DoorsFile[] = [
      { ...files[0]!, doors: [...files[0]!.doors, unpriced, { ...unpriced, seller: 'kimi' }] },
    ];
    expect(checkReferenceDoors([r], more, [door('openai-oss', 'b-cloud', 0.2, 0.8)], sellers)[0]).toMatch(
      /at b-cloud .*median of 4 vetted direct doors: unchanged/,
    );
  });
  it("of the doors at the median price, names the one with the widest limits, the record's own limits being its door's", () => {
    const narrow = record({
      contextTokens: 131_072,
      maxOutputTokens: 32_768,
      referenceDoor: { seller: 'b-cloud', sellerModelId: 'oss', rule: 'median-direct', date: '2026-08-01' },
    });
    const wide = { ...door('openai-oss', 'c-host', 0.2, 0.8), contextTokens: 131_072, maxOutputTokens: 131_072 };
    const tied: DoorsFile[] = [
      {
        maker: 'openai',
        sources: [],
        doors: [door('openai-oss', 'a-host', 0.1, 0.4), wide, door('openai-oss', 'd-host', 0.4, 1.6)],
      },
    ];
    expect(checkReferenceDoors([narrow], tied, [door('openai-oss', 'b-cloud', 0.2, 0.8)], sellers)[0]).toMatch(
      /median of 4 vetted direct doors is now c-host at \$0\.2 \/ \$0\.8, the record names b-cloud/,
    );
    expect(
      checkReferenceDoors(
        [{ ...narrow, maxOutputTokens: 131_072 }],
        tied,
        [door('openai-oss', 'b-cloud', 0.2, 0.8)],
        sellers,
      )[0],
    ).toMatch(/at b-cloud .*: unchanged$/);
  });
  it("names a record whose reference door's date is not its source's", () => {
    const r = (date?: string) =>
      record({
        referenceDoor: { seller: 'b-cloud', sellerModelId: 'oss', rule: 'median-direct', ...(date ? { date } : {}) },
      });
    const own = [door('openai-oss', 'b-cloud', 0.2, 0.8)];
    expect(checkReferenceDoors([r('2026-08-01')], files, own, sellers)[0]).toMatch(/unchanged$/);
    expect(checkReferenceDoors([r('2026-07-02')], files, own, sellers)[0]).toBe(
      "reference door: openai-oss: b-cloud's price is as of 2026-08-01 (src), the record dates it 2026-07-02: update data/openai.json",
    );
    expect(checkReferenceDoors([r()], files, own, sellers)[0]).toMatch(/the record dates it not at all: update/);
  });
  it("checks a maker's door against its source, and leaves records without a reference door alone", () => {
    const kimi = record({
      providerSlug: 'moonshot',
      id: 'moonshot-k',
      input: 0.95,
      output: 4,
      referenceDoor: { seller: 'kimi', sellerModelId: 'k', rule: 'maker', date: '2026-08-01' },
    });
    expect(checkReferenceDoors([kimi], [], [door('moonshot-k', 'kimi', 0.95, 4)], sellers)).toEqual([
      'reference door: moonshot-k at its maker kimi ($0.95 / $4): src agrees',
    ]);
    expect(checkReferenceDoors([record({})], files, [], sellers)).toEqual([]);
  });
});
