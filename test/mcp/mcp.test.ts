/**
 * The MCP server through the SDK's own client, over both transports: streamable HTTP (POST /mcp on
 * the app) and stdio (`ai-model-pricing mcp`, spawned). Tool answers equal the HTTP API's.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../scripts/build-cli.mjs';
import { createService } from '../../src/http/service.js';
import { mcpRoute } from '../../src/mcp/route.js';
import { calculateQuery } from '../../src/endpoints/calculate/index.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const root = join(import.meta.dirname, '..', '..');
const TOOL_NAMES = [
  'get_model_price',
  'calculate_cost',
  'find_cheapest',
  'compare_models',
  'recommend_models',
  'list_offers',
  'reprice_usage',
];

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };

function textOf(result: unknown): string {
  const content = (result as ToolResult).content;
  expect(content).toHaveLength(1);
  expect(content[0]?.type).toBe('text');
  return content[0]?.text ?? '';
}

const app = createService({
  catalogue: loadCatalogueFromDir(join(root, 'data')),
  baseUrl: 'https://prices.example',
  mcp: mcpRoute,
});
const api = async (path: string) => (await app.request(path)).text();

describe('MCP over streamable HTTP (POST /mcp)', () => {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });

  beforeAll(async () => {
    const transport = new StreamableHTTPClientTransport(new URL('https://prices.example/mcp'), {
      fetch: (url, init) => Promise.resolve(app.request(String(url), init)),
    });
    await client.connect(transport);
  });
  afterAll(() => client.close());

  it('lists the six tools with JSON-schema inputs taken from the endpoints’ zod schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    const byName = new Map(tools.map((t) => [t.name, t]));
    const calc = byName.get('calculate_cost');
    expect(calc?.inputSchema.type).toBe('object');
    expect(Object.keys(calc?.inputSchema.properties ?? {})).toEqual(Object.keys(calculateQuery.shape));
    expect(calc?.inputSchema.properties?.input_tokens).toMatchObject({
      description: 'Input tokens per request.',
      default: '2000',
    });
    expect(calc?.inputSchema.properties?.mode).toMatchObject({ enum: ['standard', 'streaming', 'batch'] });
    expect(calc?.inputSchema.properties?.service_tier).toMatchObject({
      enum: ['standard', 'flex', 'priority', 'fast', 'default'],
      default: 'standard',
    });
    expect(Object.keys(byName.get('get_model_price')?.inputSchema.properties ?? {})).toEqual(['model']);
    expect(byName.get('get_model_price')?.inputSchema.required).toEqual(['model']);
    expect(byName.get('compare_models')?.inputSchema.required).toEqual(['models']);
    for (const t of tools) expect(t.description).toMatch(/(GET|POST) \/api\//);
    // One workload vocabulary: every cost tool takes the same workload names.
    const workloadNames = [
      'input_tokens',
      'output_tokens',
      'cached_input_tokens',
      'cache_write_tokens',
      'cache_ttl',
      'requests',
      'days',
      'mode',
      'off_peak_share',
      'at',
      'service_tier',
      'reasoning_tokens',
      'input_audio_tokens',
      'cached_audio_tokens',
      'output_audio_tokens',
      'input_image_tokens',
      'output_image_tokens',
      'input_video_tokens',
      'output_video_tokens',
      'web_searches',
    ];
    for (const name of ['calculate_cost', 'compare_models', 'find_cheapest', 'recommend_models', 'list_offers']) {
      expect(Object.keys(byName.get(name)?.inputSchema.properties ?? {}), name).toEqual(
        expect.arrayContaining(workloadNames),
      );
    }
    for (const name of ['find_cheapest', 'recommend_models']) {
      expect(Object.keys(byName.get(name)?.inputSchema.properties ?? {}), name).toEqual(
        expect.arrayContaining(['tier', 'min_quality', 'min_context', 'use_case', 'include_free_tier', 'limit']),
      );
    }
  });

  it('reprice_usage prices rows as POST /api/reprice does', async () => {
    const rows = [
      {
        date: '2026-11-10',
        model: 'anthropic-claude-sonnet-5',
        input_tokens: 1_101_000,
        output_tokens: 2000,
        cached_input_tokens: 1_000_000,
        cache_write_tokens: 100_000,
        cost: 0,
      },
      { date: '2026-11-10', model: 'claude-sonnet-9', input_tokens: 10 },
    ];
    const result = await client.callTool({
      name: 'reprice_usage',
      arguments: { rows, targets: ['openai-gpt-5.6-terra'], detail: 'rows' },
    });
    expect((result as ToolResult).isError).toBe(false);
    const body = JSON.parse(textOf(result));
    // 1,000 × $2 + 2,000 × $10 + 100,000 × $2.50 + 1,000,000 × $0.20, per 1M: $0.472; reported $0 is a mismatch.
    expect(body.rows[0]).toMatchObject({ cost: 0.472, reported: { cost: 0, status: 'mismatch' } });
    expect(body.unknownModels[0].model).toBe('claude-sonnet-9');
    const http = await app.request('/api/reprice?format=rows&targets=openai-gpt-5.6-terra&detail=rows', {
      method: 'POST',
      body: JSON.stringify(rows),
    });
    expect(body).toEqual(await http.json());
    const bad = await client.callTool({
      name: 'reprice_usage',
      arguments: { rows: [{ date: '2026-11-10', model: 'x', input_tokenz: 1 }] },
    });
    expect((bad as ToolResult).isError).toBe(true);
    expect(JSON.parse(textOf(bad)).error.param).toBe('input_tokenz');
  });

  it('calculate_cost answers exactly as GET /api/calculate', async () => {
    const result = await client.callTool({
      name: 'calculate_cost',
      arguments: { model: 'openai-gpt-4o', input_tokens: 2000, mode: 'batch' },
    });
    expect((result as ToolResult).isError).toBe(false);
    const text = textOf(result);
    // 2000 × $2.50/1M + 500 × $10/1M = $0.01, halved in batch: $0.005 a request, $150 a month.
    expect(JSON.parse(text).costs).toEqual({ perRequest: 0.005, daily: 5, monthly: 150, yearly: 1800 });
    expect(text).toBe(await api('/api/calculate?model=openai-gpt-4o&input_tokens=2000&mode=batch'));
  });

  it('list_offers answers exactly as GET /api/offers, and find_cheapest takes sellers', async () => {
    const result = await client.callTool({
      name: 'list_offers',
      arguments: { model: 'deepseek-deepseek-v4-pro', input_tokens: 20000 },
    });
    expect((result as ToolResult).isError).toBe(false);
    expect(textOf(result)).toBe(await api('/api/offers?model=deepseek-deepseek-v4-pro&input_tokens=20000'));
    const cheapest = JSON.parse(
      textOf(await client.callTool({ name: 'find_cheapest', arguments: { sellers: 'amazon-bedrock' } })),
    );
    for (const item of cheapest.recommendations) expect(item.seller).toBe('amazon-bedrock');
  });

  it('get_model_price, compare_models (ids as an array), find_cheapest and recommend_models', async () => {
    const price = JSON.parse(
      textOf(await client.callTool({ name: 'get_model_price', arguments: { model: 'openai-gpt-4o' } })),
    );
    expect(price.model).toMatchObject({ id: 'openai-gpt-4o', input: 2.5, output: 10 });
    expect(price.source).toBe('https://prices.example/');

    const compared = textOf(
      await client.callTool({ name: 'compare_models', arguments: { models: ['openai-gpt-4o', 'openai-gpt-4o-mini'] } }),
    );
    // Defaults 1000 in / 500 out, 1000 a day, 30 days: $225 and $13.50 a month.
    expect(JSON.parse(compared).summary).toMatchObject({
      cheapest: { id: 'openai-gpt-4o-mini', monthly: 13.5 },
      savings: { monthly: 211.5 },
    });
    expect(compared).toBe(await api('/api/compare?models=openai-gpt-4o,openai-gpt-4o-mini'));

    const cheapest = textOf(
      await client.callTool({ name: 'find_cheapest', arguments: { limit: 2, use_case: 'coding' } }),
    );
    expect(JSON.parse(cheapest).recommendations).toHaveLength(2);
    expect(cheapest).toBe(await api('/api/cheapest?limit=2&use_case=coding'));

    // Aliases, status and the pricing options pass through the tools as through the API.
    const byAlias = JSON.parse(
      textOf(await client.callTool({ name: 'get_model_price', arguments: { model: 'deepseek-deepseek-chat' } })),
    );
    expect(byAlias).toMatchObject({
      model: { id: 'deepseek-deepseek-v4-flash' },
      requestedId: 'deepseek-deepseek-chat',
    });
    const legacy = textOf(
      await client.callTool({ name: 'find_cheapest', arguments: { status: 'legacy', limit: 2, off_peak_share: 25 } }),
    );
    expect(legacy).toBe(await api('/api/cheapest?status=legacy&limit=2&off_peak_share=25'));
    expect(JSON.parse(legacy).recommendations.map((r: { status: string }) => r.status)).toEqual(['legacy', 'legacy']);
    const cached = textOf(
      await client.callTool({
        name: 'calculate_cost',
        arguments: { model: 'openai-gpt-5.6-terra', cache_write_tokens: 100, at: '18:00' },
      }),
    );
    expect(cached).toBe(await api('/api/calculate?model=openai-gpt-5.6-terra&cache_write_tokens=100&at=18:00'));
    const recommended = textOf(
      await client.callTool({
        name: 'recommend_models',
        arguments: { use_case: 'coding', limit: 3, max_cost: '0.01' },
      }),
    );
    expect(recommended).toBe(await api('/api/recommend?use_case=coding&limit=3&max_cost=0.01'));
  });

  it('bad arguments are tool errors carrying the API’s error, naming the parameter', async () => {
    const bad = await client.callTool({
      name: 'calculate_cost',
      arguments: { model: 'openai-gpt-4o', input_tokens: -5 },
    });
    expect((bad as ToolResult).isError).toBe(true);
    expect(JSON.parse(textOf(bad)).error).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
      param: 'input_tokens',
    });

    const unknown = await client.callTool({ name: 'get_model_price', arguments: { model: 'openai-gpt4o' } });
    expect((unknown as ToolResult).isError).toBe(true);
    expect(JSON.parse(textOf(unknown)).error).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
    expect(JSON.parse(textOf(unknown)).error.suggestions).toContain('openai-gpt-4o');

    const extra = await client.callTool({
      name: 'get_model_price',
      arguments: { model: 'openai-gpt-4o', tier: 'Mid' },
    });
    expect(JSON.parse(textOf(extra)).error).toMatchObject({ code: 'unknown_parameter', param: 'tier' });

    const nested = await client.callTool({ name: 'find_cheapest', arguments: { limit: { n: 1 } } });
    expect(JSON.parse(textOf(nested)).error).toMatchObject({ code: 'invalid_parameter', param: 'limit' });

    const noTool = await client.callTool({ name: 'get_weather', arguments: {} });
    expect((noTool as ToolResult).isError).toBe(true);
    expect(textOf(noTool)).toContain('Unknown tool "get_weather"');
  });

  it('other methods than POST on /mcp are not a 405 from the read-only guard', async () => {
    const res = await app.request('/mcp', { method: 'DELETE' });
    expect(res.status).not.toBe(500);
    expect((await app.request('/api/pricing', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('MCP over stdio (ai-model-pricing mcp)', () => {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });

  beforeAll(async () => {
    await buildCli();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(root, 'bin', 'ai-model-pricing.mjs'), 'mcp'],
      env: { PATH: process.env.PATH ?? '', BASE_URL: 'https://prices.example' },
      stderr: 'pipe',
    });
    await client.connect(transport);
  }, 30_000);
  afterAll(() => client.close());

  it('lists the same tools and answers as the HTTP API', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    const text = textOf(
      await client.callTool({
        name: 'calculate_cost',
        arguments: { models: 'openai-gpt-4o,anthropic-claude-haiku-4-5' },
      }),
    );
    // Haiku 4.5 at $1 / $5: 2000 × 1/1M + 500 × 5/1M = $0.0045 a request.
    expect(JSON.parse(text).results[1].costs).toEqual({ perRequest: 0.0045, daily: 4.5, monthly: 135, yearly: 1620 });
    expect(text).toBe(await api('/api/calculate?models=openai-gpt-4o,anthropic-claude-haiku-4-5'));
    const bad = await client.callTool({ name: 'compare_models', arguments: { models: 'openai-gpt-4o' } });
    expect((bad as ToolResult).isError).toBe(true);
    expect(JSON.parse(textOf(bad)).error).toMatchObject({ code: 'invalid_parameter', param: 'models' });
  });
});

describe("the README's MCP config, from a folder outside the clone (issue 39)", () => {
  const client = new Client({ name: 'mcp-readme-test', version: '1.0.0' });
  let elsewhere = '';

  beforeAll(async () => {
    await buildCli();
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const block = [...readme.matchAll(/```json\n(.*?)\n```/gs)]
      .map((m) => m[1] ?? '')
      .find((b) => b.includes('mcpServers'));
    expect(block).toBeDefined();
    const server = (JSON.parse(block!) as { mcpServers: Record<string, { command: string; args: string[] }> })
      .mcpServers['ai-model-pricing']!;
    // Never the registry: npx would fetch a package of this name from npm.
    expect(server.command).toBe('node');
    const args = server.args.map((a) => a.replace('/path/to/ai-model-pricing', root));
    elsewhere = mkdtempSync(join(tmpdir(), 'mcp-elsewhere-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args,
      cwd: elsewhere,
      env: {
        PATH: process.env.PATH ?? '',
        BASE_URL: 'https://prices.example',
        npm_config_registry: 'http://127.0.0.1:9',
      },
      stderr: 'pipe',
    });
    await client.connect(transport);
  }, 30_000);
  afterAll(async () => {
    await client.close();
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('starts the stdio server and answers as the HTTP API does', async () => {
    expect(relative(root, elsewhere).startsWith('..')).toBe(true);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    const text = textOf(await client.callTool({ name: 'find_cheapest', arguments: { limit: 2 } }));
    expect(text).toBe(await api('/api/cheapest?limit=2'));
  });
});
