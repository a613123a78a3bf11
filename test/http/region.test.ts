// region= over the real data (data/ and data/offers/): the issue's done-checks (issue 52).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { attachDoorData } from '../../src/core/offers/book.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { offersResponseSchema } from '../../src/endpoints/offers/response.js';
import { calculateResponseSchema, cheapestResponseSchema } from '../../src/endpoints/responses/index.js';

const DATA = join(resolve(import.meta.dirname, '..', '..'), 'data');
const catalogue = loadCatalogueFromDir(DATA);
const app = createService({ catalogue });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
async function get(path: string): Promise<{ status: number; body: any; text: string }> {
  const res = await app.request(`http://localhost${path}`);
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}
// Nano-dollars per request, exactly: tokens x USD per 1M tokens, as integers (prices with up to 9 decimals).
const nanos = (tokens: number, price: string) => {
  const [whole, fraction = ''] = price.split('.');
  return (BigInt(tokens) * BigInt(whole + fraction.padEnd(9, '0'))) / 1_000_000n;
};

describe('region=', () => {
  it("prices Claude Sonnet 5 at Bedrock's eu profile, $2.20 / $11, and says why", async () => {
    const { status, body } = await get('/api/calculate?model=anthropic-claude-sonnet-5@amazon-bedrock&region=eu');
    expect(status).toBe(200);
    calculateResponseSchema.parse(body);
    expect(body.appliedPrices).toMatchObject({ input: 2.2, output: 11 });
    // 2,000 in and 500 out a request, 1,000 a day, 30 days: (2000 x 2.20 + 500 x 11) / 1M = $0.0099 a request.
    const perRequest = nanos(2000, '2.2') + nanos(500, '11');
    expect(perRequest).toBe(9_900_000n);
    expect(body.costs.perRequest).toBe(0.0099);
    expect(body.costs.monthly).toBe(297);
    expect(body.inRegion).toMatchObject({ asked: 'eu', region: 'eu' });
    expect(body.inRegion.why).toContain('eu.anthropic.claude-sonnet-5');
    expect(body.workload.region).toBe('eu');
    // Unset, its global price: $2 / $10.
    const base = await get('/api/calculate?model=anthropic-claude-sonnet-5@amazon-bedrock');
    expect(base.body.appliedPrices).toMatchObject({ input: 2, output: 10 });
    expect(base.body.inRegion).toBeUndefined();
  });
  it("prices Anthropic's own door in us at 1.1x on every token price (US-only inference), and refuses it in eu with why", async () => {
    const { status, body } = await get(
      '/api/calculate?model=anthropic-claude-sonnet-5&region=us&cached_input_tokens=1000&cache_write_tokens=200&cache_ttl=1h',
    );
    expect(status).toBe(200);
    // Sonnet 5 at Anthropic: $2 in, $10 out, $0.20 cache reads, $4 1-hour cache writes; x1.1.
    expect(body.appliedPrices).toMatchObject({ input: 2.2, output: 11 });
    expect(body.inRegion).toMatchObject({ asked: 'us', region: 'us', multiplier: 1.1 });
    expect(body.inRegion.why).toContain('provider_specific_entry.us');
    const base = await get(
      '/api/calculate?model=anthropic-claude-sonnet-5&cached_input_tokens=1000&cache_write_tokens=200&cache_ttl=1h',
    );
    // The whole cost is 1.1x the base cost: every unit's price is.
    const a = BigInt(Math.round(body.costs.monthly * 1e6));
    const b = BigInt(Math.round(base.body.costs.monthly * 1e6));
    expect(a * 10n).toBe(b * 11n);
    const eu = await get('/api/calculate?model=anthropic-claude-sonnet-5&region=eu');
    expect(eu.status).toBe(404);
    expect(eu.body.error.message).toContain('does not serve eu');
    expect(eu.body.error.message).toContain('anthropic-claude-sonnet-5@amazon-bedrock');
  });
  it('ranks only doors known to serve the EU in cheapest, and counts the models left out with the reason', async () => {
    const { status, body } = await get('/api/cheapest?region=eu&limit=10');
    expect(status).toBe(200);
    cheapestResponseSchema.parse(body);
    expect(body.recommendations.length).toBeGreaterThan(0);
    const sellers =
      JSON.parse((await get('/api/pricing')).text) && (await import('../../data/offers/sellers.json')).default;
    const servesEu = new Set(
      sellers.sellers
        .filter((s: { regions?: { serves: string[] } }) => s.regions?.serves.includes('eu'))
        .map((s: { slug: string }) => s.slug),
    );
    for (const r of body.recommendations) {
      expect(r.inRegion.asked).toBe('eu');
      // A door a source prices in the EU (eu, or a cloud region in it), a base price with the seller's EU uplift, or a seller that says it serves the EU.
      const regional = r.inRegion.why.includes("'s eu") || r.inRegion.region.startsWith('eu-');
      const uplift = r.inRegion.multiplier !== undefined;
      expect(regional || uplift || servesEu.has(r.seller), r.door).toBe(true);
    }
    // Sonnet 5 at Bedrock's eu profile: (2,000 x $2.20 + 500 x $11) / 1M x 1,000 a day x 30 days = $297 a month.
    const sonnet = body.recommendations.find((r: { id: string }) => r.id === 'anthropic-claude-sonnet-5');
    expect(sonnet).toMatchObject({ seller: 'amazon-bedrock', costs: { monthly: 297 } });
    const left = body.excluded.byReason.find((x: { reason: string }) => x.reason === 'region_unknown');
    expect(left.count).toBeGreaterThan(0);
    expect(left.message).toContain('never assumed');
  });
  it('lists the doors of a model in the region, the rest kept out with the reason, in offers', async () => {
    const { body } = await get('/api/offers?model=minimax-minimax-m2.5&region=eu');
    offersResponseSchema.parse(body);
    const bedrock = body.offers.find((o: { seller: string }) => o.seller === 'amazon-bedrock');
    // Bedrock lists M2.5 in eu-central-1, eu-north-1, eu-south-1 and eu-west-1 at $0.36 / $1.44, eu-west-2 at $0.47 / $1.86: the cheapest.
    expect(bedrock.prices).toMatchObject({ input: 0.36, output: 1.44 });
    expect(bedrock.inRegion.region).toMatch(/^eu-/);
    const reasons = new Set(body.keptOut.map((k: { reason: string }) => k.reason));
    expect(reasons.has('region_unknown')).toBe(true);
    expect(body.counts.keptOut).toBe(body.keptOut.length);
    expect(body.counts.doors).toBe(body.offers.length + body.cannotRun.length + body.keptOut.length);
  });
  it("prices reprice's targets at their doors in the region", async () => {
    const csv = 'date,model,input_tokens,output_tokens\n2026-11-01,anthropic-claude-sonnet-5,1000000,1000000\n';
    const res = await app.request(
      'http://localhost/api/reprice?format=csv&region=eu&targets=anthropic-claude-sonnet-5@amazon-bedrock,openai-gpt-5.5',
      { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    // 1M in and 1M out: Bedrock's eu profile $2.20 + $11; OpenAI's GPT-5.5 in eu, ($5 + $30) x 1.1.
    expect(body.totals.targets).toEqual({ 'anthropic-claude-sonnet-5@amazon-bedrock': 13.2, 'openai-gpt-5.5': 38.5 });
  });
  it('is a 400 naming the parameter for a region not on record', async () => {
    const { status, body } = await get('/api/cheapest?region=mars');
    expect(status).toBe(400);
    expect(body.error.param).toBe('region');
  });
  it('leaves every answer byte for byte as it is without regional doors, uplifts and region statements when unset', async () => {
    // The same data with every region field taken out, as before regions were doors.
    const bare = loadCatalogueFromDir(DATA);
    const dir = join(DATA, 'offers');
    const sellers = JSON.parse(readFileSync(join(dir, 'sellers.json'), 'utf8'));
    for (const s of sellers.sellers) delete s.regions;
    const files = readdirSync(dir)
      .filter((n) => n.endsWith('.json') && n !== 'sellers.json')
      .map((n) => {
        const file = JSON.parse(readFileSync(join(dir, n), 'utf8'));
        delete file.uplifts;
        file.doors = file.doors.filter((d: { region?: string }) => d.region === undefined);
        return file;
      });
    attachDoorData(bare, () => ({ sellers, files }));
    const before = createService({ catalogue: bare });
    for (const path of [
      '/api/calculate?model=anthropic-claude-sonnet-5@amazon-bedrock',
      '/api/calculate?models=openai-gpt-5.5,minimax-minimax-m2.5@amazon-bedrock',
      '/api/cheapest?limit=10&sellers=all',
      '/api/cheapest?limit=10',
      '/api/offers?model=anthropic-claude-sonnet-5',
      '/api/offers?model=minimax-minimax-m2.5',
      '/api/recommend?use_case=coding&limit=5&sellers=all',
      '/api/compare?models=anthropic-claude-sonnet-5,openai-gpt-5.5@azure',
      '/api/pricing?model=anthropic-claude-sonnet-5',
    ]) {
      const now = await get(path);
      const then = await before.request(`http://localhost${path}`);
      expect(now.status, path).toBe(200);
      expect(now.text, path).toBe(await then.text());
    }
  });
});
