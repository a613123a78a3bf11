// Issue 50 over the real data: a door's price is that door's. Each numbered finding of the issue,
// answered by the API, the model page's Where to buy, the CLI and MCP.
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { createService } from '../../src/http/service.js';
import { mcpRoute } from '../../src/mcp/route.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { offersResponseSchema } from '../../src/endpoints/offers/response.js';
import { cheapestResponseSchema } from '../../src/endpoints/responses/index.js';
import { escapeHtml } from '../../src/lib/escape.js';

const root = resolve(import.meta.dirname, '..', '..');
const catalogue = loadCatalogueFromDir(join(root, 'data'));
const app = createService({ catalogue, baseUrl: 'https://prices.example', mcp: mcpRoute });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
async function get(path: string): Promise<any> {
  const res = await app.request(`https://prices.example${path}`);
  expect(res.status, path).toBe(200);
  return res.json();
}
const page = async (path: string) => (await app.request(`https://prices.example${path}`)).text();
async function cli(...args: string[]): Promise<string> {
  let out = '';
  await run(args, {
    out: (t) => void (out += t),
    err: () => undefined,
    env: { PATH: process.env.PATH ?? '', BASE_URL: 'https://prices.example' },
  });
  return out;
}
const codes = (body: { warnings?: Array<{ code: string }> }) => (body.warnings ?? []).map((w) => w.code);
// A workload's monthly cost at standard prices, worked out by hand: (in × input + out × output) / 1e6 × requests × 30.
const monthly = (input: number, output: number, tokensIn = 2000, tokensOut = 500, requests = 1000) =>
  Math.round((tokensIn * input + tokensOut * output) * requests * 30) / 1e6;

describe('1. batch at a door no source lists a batch price for prices standard, with a warning', () => {
  it("gpt-oss-20b at Together, gpt-oss-120b at Azure (their records' own doors): no OpenAI Batch API discount", async () => {
    for (const [id, input, output, seller] of [
      ['openai-gpt-oss-20b@together', 0.05, 0.2, 'Together AI'],
      ['openai-gpt-oss-120b', 0.15, 0.6, 'Microsoft Azure'],
      ['openai-gpt-oss-120b@azure', 0.15, 0.6, 'Microsoft Azure'],
      ['openai-gpt-oss-20b@groq', undefined, undefined, 'Groq'],
    ] as const) {
      const body = await get(`/api/calculate?model=${id}&mode=batch`);
      expect(body.appliedPrices.batch, id).toBeUndefined();
      expect(codes(body), id).toContain('no_batch_discount');
      expect(body.warnings.find((w: { code: string }) => w.code === 'no_batch_discount').message).toContain(seller);
      const standard = await get(`/api/calculate?model=${id}`);
      expect(body.costs.monthly, id).toBe(standard.costs.monthly);
      if (input !== undefined) expect(body.costs.monthly).toBe(monthly(input, output));
    }
    // The maker's own door keeps its batch API: gpt-4o at OpenAI is half price.
    const gpt4o = await get('/api/calculate?model=openai-gpt-4o&mode=batch');
    expect(gpt4o.appliedPrices.batch).toMatchObject({ discountPercent: 50 });
  });
});

describe("2. a door's limits are its sources', the model's only where none gives one (said)", () => {
  it("gpt-oss-120b with 50,000 output tokens: Cerebras, Fireworks and Groq cannot run it at their sources' limits", async () => {
    const body = offersResponseSchema.parse(await get('/api/offers?model=openai-gpt-oss-120b&output_tokens=50000'));
    const cannot = new Map(body.cannotRun.map((c) => [c.seller, c]));
    for (const [seller, max] of [
      ['cerebras', 32_768],
      ['fireworks', 32_768],
      ['groq', 32_766],
    ] as const) {
      expect(cannot.get(seller), seller).toMatchObject({ reason: 'max_output', maxOutputTokens: max });
      expect(body.offers.some((o) => o.seller === seller)).toBe(false);
    }
    // Where sources disagree the door says so (models.dev lists Cerebras at 40,960).
    expect(cannot.get('cerebras')?.disagreements).toContainEqual(expect.stringContaining('40,960 output tokens'));
    for (const o of body.offers) expect(o.maxOutputTokens ?? Infinity, o.seller).toBeGreaterThanOrEqual(50_000);
  });
  it("a door no source gives a limit for takes the model's, and says so (replicate's gpt-oss-120b)", async () => {
    const body = await get('/api/offers?model=openai-gpt-oss-120b');
    const replicate = [...body.offers, ...body.cannotRun].find((o: { seller: string }) => o.seller === 'replicate');
    expect(replicate).toMatchObject({
      limitsFromModel: ['contextTokens', 'maxOutputTokens'],
      contextTokens: 131_072,
      maxOutputTokens: 131_072,
    });
    for (const o of body.offers.filter(
      (x: { seller: string; makersDoor?: true }) => x.seller !== 'replicate' && !x.makersDoor,
    ))
      expect(o.limitsFromModel, o.seller).toBeUndefined();
  });
});

describe("3. a door's 1-hour cache write is its source's price, never the input price silently", () => {
  it("Claude Sonnet 5 and Opus 5 at Bedrock and Vertex: LiteLLM's 1-hour write prices", async () => {
    for (const [id, write, input] of [
      ['anthropic-claude-sonnet-5@amazon-bedrock', 4, 2],
      ['anthropic-claude-sonnet-5@google-vertex', 4, 2],
      ['anthropic-claude-opus-5@amazon-bedrock', 10, 5],
      ['anthropic-claude-opus-5@google-vertex', 10, 5],
    ] as const) {
      const body = await get(`/api/calculate?model=${id}&cache_write_tokens=1000&cache_ttl=1h`);
      expect(body.appliedPrices, id).toMatchObject({ cacheWrite: write, cacheTtl: '1h' });
      expect(body.appliedPrices.cacheWriteAsInput).toBeUndefined();
      expect(codes(body)).not.toContain('cache_ttl_unpriced');
      // 1,000 input tokens besides the 1,000 written, at the input price; the writes at theirs.
      expect(body.costs.perRequest).toBeCloseTo((1000 * input + 1000 * write + 500 * (input * 5)) / 1e6, 12);
    }
  });
  it('a door with no 1-hour price on record bills the writes at the input price and warns', async () => {
    const body = await get(
      '/api/calculate?model=anthropic-claude-sonnet-5@openrouter&cache_write_tokens=1000&cache_ttl=1h',
    );
    expect(body.appliedPrices).toMatchObject({ cacheWrite: 2, cacheWriteAsInput: true });
    expect(codes(body)).toContain('cache_ttl_unpriced');
  });
});

describe("4. the free tier is a door's, not a model's", () => {
  it('Gemma 4 31B and 26B are ranked at their paid doors with sellers=, never marked free tier only', async () => {
    // Left out as free tier only without sellers= (the record's own door is the Gemini API's free tier); with sellers=all, none is.
    const free = (body: { excluded: { byReason: Array<{ reason: string; count: number }> } }) =>
      body.excluded.byReason.find((r) => r.reason === 'free_tier_only')?.count ?? 0;
    expect(free(await get('/api/cheapest?input_tokens=1000&output_tokens=200'))).toBeGreaterThanOrEqual(2);
    expect(free(await get('/api/cheapest?sellers=all&input_tokens=1000&output_tokens=200'))).toBe(0);
    // Berget sells both Gemmas among few models: its doors rank them.
    const body = cheapestResponseSchema.parse(
      await get('/api/cheapest?sellers=berget,friendli&limit=10&input_tokens=1000&output_tokens=200'),
    );
    for (const id of ['google-gemma-4-31b-it']) {
      const item = body.recommendations.find((r) => r.id === id) as Record<string, unknown> | undefined;
      expect(item, id).toBeDefined();
      expect(item?.seller).not.toBe('google');
      expect(item?.freeTierOnly).toBeUndefined();
      expect(codes(item as { warnings?: Array<{ code: string }> })).not.toContain('free_tier_only');
      expect((item?.appliedPrices as { input: number }).input).toBeGreaterThan(0);
    }
    const recommended = await get('/api/recommend?sellers=berget,friendli&limit=10&sort=cost');
    expect(recommended.recommendations.map((r: { id: string }) => r.id)).toContain('google-gemma-4-31b-it');
  });
});

describe("5. a door's page, context window and modalities are its own", () => {
  it("crof's DeepSeek V4 Pro door cites crof, not api-docs.deepseek.com; a door no source gives modalities for has none", async () => {
    const crof = (await get('/api/pricing?model=deepseek-deepseek-v4-pro@crof')).model;
    expect(crof.sourceUrl).toBe('https://crof.ai/docs');
    expect(crof.maxOutputTokens).toBe(131_072);
    expect(crof.verified).toBe('July 2026');
    expect(crof.checkedOn).toBe('2026-07-02');
    const vertex = (await get('/api/pricing?model=anthropic-claude-sonnet-5@google-vertex')).model;
    expect(vertex.modalities).toBeUndefined();
    expect((await get('/api/pricing?model=anthropic-claude-sonnet-5')).model.modalities).toBeDefined();
    const bedrock = (await get('/api/pricing?model=anthropic-claude-sonnet-5@amazon-bedrock')).model;
    expect(bedrock.modalities).toMatchObject({ input: ['text', 'image'], output: ['text'] });
    const offers = await get('/api/offers?model=deepseek-deepseek-v4-pro');
    for (const o of [...offers.offers, ...offers.cannotRun, ...offers.keptOut])
      if (!o.makersDoor) expect(o.sourceUrl ?? '', o.seller).not.toContain('api-docs.deepseek.com');
    // A door no source cites a page for, of a seller with none on record, has none: not Google's.
    expect((await get('/api/pricing?model=google-gemini-2.5-pro@deepinfra')).model.sourceUrl).toBeUndefined();
    expect(await cli('price', 'google-gemini-2.5-pro@deepinfra')).toMatch(
      /Source: +no page on record for this seller \(never the maker's\)/,
    );
  });
});

describe('6. unit errors are caught per source, before merging', () => {
  it("wandb's gpt-oss-120b: LiteLLM's $15,000 / $60,000 left out with its reason; models.dev's $0.15 / $0.60 ranked", async () => {
    const body = await get('/api/offers?model=openai-gpt-oss-120b');
    const wandb = body.offers.find((o: { seller: string }) => o.seller === 'wandb');
    expect(wandb.prices).toEqual({ input: 0.15, output: 0.6 });
    expect(wandb.unitErrors[0]).toMatchObject({
      input: 15000,
      output: 60000,
      reason: expect.stringContaining('$15,000 per 1M tokens, is above $1,000'),
    });
    for (const o of [...body.offers, ...body.cannotRun, ...body.keptOut])
      if (o.prices) expect(o.prices.input, o.seller).toBeLessThanOrEqual(1000);
  });
});

describe("7. doors that predate the maker's change: copies kept apart, the others ranked and saying so", () => {
  const older = "price of 2026-07-02, before DeepSeek's change of 2026-08-17";
  it("/api/offers: crof ranked with its date said; Venice's V4 Flash copy of the old price less 1.5 % kept apart as stale", async () => {
    const pro = await get('/api/offers?model=deepseek-deepseek-v4-pro');
    const crof = pro.offers.find((o: { seller: string }) => o.seller === 'crof');
    expect(crof).toMatchObject({
      prices: { input: 0.35, output: 0.8 },
      date: '2026-07-02',
      predatesChange: { changedOn: '2026-08-17', text: older },
    });
    expect(crof.appliedPrices.listedOn).toBe('2026-07-02');
    expect(crof.appliedPrices.effectiveFrom).toBeUndefined();
    // Every ranked door listed before the change says so; those listed after it do not.
    for (const o of pro.offers)
      expect(Boolean(o.predatesChange), o.seller).toBe(!o.makersDoor && o.date < '2026-08-17');
    const flash = await get('/api/offers?model=deepseek-deepseek-v4-flash');
    expect(flash.keptOut).toContainEqual(
      expect.objectContaining({
        seller: 'venice',
        reason: 'stale',
        prices: expect.objectContaining({ input: 0.138, output: 0.275 }),
      }),
    );
    // genai-prices of 2026-09-22 lists Fireworks at the old $0.14 / $0.28: after the change, its own price, ranked.
    expect(flash.offers.find((o: { seller: string }) => o.seller === 'fireworks')).toMatchObject({
      prices: { input: 0.14, output: 0.28 },
    });
    expect(flash.offers.find((o: { seller: string }) => o.seller === 'fireworks').predatesChange).toBeUndefined();
  });
  it("effectiveFrom only where a source dates a change: Groq's door is listed on genai-prices' day", async () => {
    const groq = await get('/api/calculate?model=openai-gpt-oss-120b@groq');
    expect(groq.appliedPrices.effectiveFrom).toBeUndefined();
    expect(groq.appliedPrices.listedOn).toBeUndefined();
    const offers = await get('/api/offers?model=openai-gpt-oss-120b');
    const door = offers.offers.find((o: { seller: string }) => o.seller === 'groq');
    expect(door.appliedPrices).toMatchObject({ listedOn: '2026-09-22' });
    expect(door.appliedPrices.effectiveFrom).toBeUndefined();
    expect((await get('/api/pricing?model=openai-gpt-oss-120b@groq')).model).toMatchObject({
      checkedOn: '2026-09-22',
      verified: 'September 2026',
    });
  });
  it('cheaperAt and sellers=all say it too', async () => {
    const plain = await get('/api/cheapest?limit=10&tier=mid&use_case=coding');
    const pro = plain.recommendations.find((r: { id: string }) => r.id === 'deepseek-deepseek-v4-pro');
    expect(pro.cheaperAt).toMatchObject({ seller: 'crof', predatesChange: { text: older } });
    const all = await get('/api/cheapest?sellers=all&limit=10&tier=mid&use_case=coding');
    const atDoor = all.recommendations.find((r: { id: string }) => r.id === 'deepseek-deepseek-v4-pro');
    expect(atDoor).toMatchObject({ seller: 'crof', predatesChange: { text: older } });
    expect(atDoor.appliedPrices.listedOn).toBe('2026-07-02');
    // The record's scheduled change and warnings are its own door's, not the door the item is priced at.
    expect(codes(atDoor)).not.toContain('price_change_scheduled');
  });
  it("the model page's Where to buy, the CLI and MCP say it", async () => {
    const html = await page('/models/deepseek-deepseek-v4-pro');
    const row = html
      .slice(html.indexOf('id="where-to-buy"'))
      .split('<tr')
      .find((r) => r.includes('deepseek-deepseek-v4-pro@crof</code>'));
    expect(row).toContain(escapeHtml("Price of 2026-07-02, before DeepSeek's change of 2026-08-17."));
    expect(row).toContain('<td>listed 2026-07-02</td>');
    const offers = await cli('offers', 'deepseek-deepseek-v4-pro');
    expect(offers).toContain(`crof: ${older}.`);
    const cheapest = await cli('cheapest', '--limit', '10', '--tier', 'mid', '--use-case', 'coding');
    expect(cheapest.replace(/\s+/g, ' ')).toMatch(
      /deepseek-deepseek-v4-pro: cheaper at deepseek-deepseek-v4-pro@crof, \$[\d.,]+ a month \(price of 2026-07-02, before DeepSeek's change of 2026-08-17\)\./,
    );
    const client = new Client({ name: 'door-fields-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('https://prices.example/mcp'), {
        fetch: (url, init) => Promise.resolve(app.request(String(url), init)),
      }),
    );
    try {
      const result = (await client.callTool({
        name: 'list_offers',
        arguments: { model: 'deepseek-deepseek-v4-pro' },
      })) as { content: Array<{ text: string }> };
      const answer = JSON.parse(result.content[0]!.text);
      expect(answer.offers.find((o: { seller: string }) => o.seller === 'crof').predatesChange.text).toBe(older);
      const flash = JSON.parse(
        (
          (await client.callTool({ name: 'list_offers', arguments: { model: 'deepseek-deepseek-v4-flash' } })) as {
            content: Array<{ text: string }>;
          }
        ).content[0]!.text,
      );
      expect(flash.keptOut.find((k: { seller: string }) => k.seller === 'venice').reason).toBe('stale');
    } finally {
      await client.close();
    }
  });
});
