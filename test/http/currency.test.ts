// Doors priced in another currency over the real data (data/offers/): shown in it beside a dollar figure at a dated rate (issue 52).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { offersResponseSchema } from '../../src/endpoints/offers/response.js';

const DATA = join(resolve(import.meta.dirname, '..', '..'), 'data');
const app = createService({ catalogue: loadCatalogueFromDir(DATA) });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
async function get(path: string): Promise<any> {
  return (await app.request(`http://localhost${path}`)).json();
}
// euros x rate in nano-dollars, as integers: prices have at most 9 decimals, the rate at most 6.
const usd = (eur: string, rate: string) => {
  const scaled = (v: string, d: number) => {
    const [w, f = ''] = v.split('.');
    return BigInt(w + f.padEnd(d, '0'));
  };
  const n = scaled(eur, 9) * scaled(rate, 6);
  return Number((n * 2n + 1_000_000n) / 2_000_000n) / 1e9;
};

describe('doors in euros', () => {
  it("shows OVHcloud's gpt-oss-120b at its euro price, €0.08 / €0.40, and its dollar conversion at the rate on record, with the rate's date", async () => {
    const sellers = JSON.parse(readFileSync(join(DATA, 'offers', 'sellers.json'), 'utf8'));
    const rate = sellers.rates.find((r: { currency: string }) => r.currency === 'EUR');
    expect(rate.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const body = offersResponseSchema.parse(await get('/api/offers?model=openai-gpt-oss-120b'));
    const ovh = [...body.offers, ...body.keptOut].find((o) => o.seller === 'ovhcloud')!;
    expect(ovh.currency).toEqual({
      code: 'EUR',
      prices: { input: 0.08, output: 0.4 },
      usdPerUnit: rate.usdPerUnit,
      rateDate: rate.date,
      rateSource: rate.source,
    });
    expect(ovh.prices).toEqual({
      input: usd('0.08', String(rate.usdPerUnit)),
      output: usd('0.4', String(rate.usdPerUnit)),
    });
    // At 1.175 dollars a euro: $0.094 / $0.47.
    if (rate.usdPerUnit === 1.175) expect(ovh.prices).toEqual({ input: 0.094, output: 0.47 });
    // The other sources' dollar figures are said, never taken as its price.
    expect(ovh.disagreements?.some((d) => d.includes('$0.09 / $0.47') && d.includes('EUR'))).toBe(true);
  });
  it('gives every door in euros on record its rate, and the monthly cost in dollars at it', async () => {
    const body = await get(
      '/api/offers?model=openai-gpt-oss-120b&input_tokens=100000&output_tokens=0&requests=10&days=1',
    );
    const ovh = body.offers.find((o: { seller: string }) => o.seller === 'ovhcloud');
    // 100,000 input tokens ten times: 1M tokens, the input price in dollars.
    expect(ovh.costs.monthly).toBe(ovh.prices.input);
  });
  it("says so where a door in euros is priced by its id: calculate and compare give its euro prices and the rate's date", async () => {
    const one = await get('/api/calculate?model=openai-gpt-oss-120b@ovhcloud');
    expect(one.currency).toMatchObject({ code: 'EUR', prices: { input: 0.08, output: 0.4 } });
    expect(one.currency.rateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(one.appliedPrices).toMatchObject({
      input: usd('0.08', String(one.currency.usdPerUnit)),
      output: usd('0.4', String(one.currency.usdPerUnit)),
    });
    const both = await get('/api/compare?models=openai-gpt-oss-120b@ovhcloud,openai-gpt-oss-120b@groq');
    expect(both.comparison.map((c: { currency?: { code: string } }) => c.currency?.code ?? null)).toEqual([
      'EUR',
      null,
    ]);
  });
});
