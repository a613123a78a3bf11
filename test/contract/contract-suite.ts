/**
 * The API contract as requests and expected answers, runnable against any runtime: give it a
 * `fetch(path, init)` and it checks statuses, content types, headers and hand-computed numbers.
 * test/contract/node.test.ts runs it in-process on Node, worker.test.ts on workerd, and the
 * latter also checks that both runtimes give the same answer to every request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

export type ContractFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** What a response is compared on: status, the headers clients rely on, and the body. */
export interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

interface ContractCase {
  name: string;
  path: string;
  init?: RequestInit;
  check(answer: Answer, json: () => Record<string, unknown>): void;
}

export const COMPARED_HEADERS = [
  'content-type',
  'cache-control',
  'access-control-allow-origin',
  'x-content-type-options',
  'allow',
  'content-security-policy',
  'location',
] as const;

// Facts read from data/ here, independently of the code under test.
const DATA_DIR = join(import.meta.dirname, '..', '..', 'data');
const dataFiles = readdirSync(DATA_DIR).filter((n) => n.endsWith('.json'));
const modelsIn = (file: string) =>
  (JSON.parse(readFileSync(join(DATA_DIR, file), 'utf8')) as { models: unknown[] }).models.length;
const TOTAL_MODELS = dataFiles.reduce((sum, f) => sum + modelsIn(f), 0);
const OPENAI_MODELS = modelsIn('openai.json');

const JSON_TYPE = 'application/json; charset=utf-8';
const CACHED = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * A file is cached as CACHED; any other answer may depend on the date: whoever caches it may
 * serve it at most until midnight UTC (an hour of slack: the answer cache keeps it within the
 * hour it was made in, and its header is counted from the end of that hour).
 */
function expectCaching(header: string | null): void {
  if (header === CACHED) return;
  const match = /^public, max-age=(\d+)(?:, stale-while-revalidate=(\d+))?$/.exec(header ?? '');
  expect(match, `Cache-Control ${header}`).not.toBeNull();
  const maxAge = Number(match?.[1]);
  const stale = Number(match?.[2] ?? 0);
  expect(maxAge).toBeLessThanOrEqual(3600);
  const toMidnight = 86_400 - Math.floor((Date.now() % 86_400_000) / 1000);
  expect(maxAge + stale).toBeLessThanOrEqual(toMidnight + 3600);
}

function ok(type = JSON_TYPE) {
  return (a: Answer) => {
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe(type);
    expectCaching(a.headers['cache-control'] ?? null);
    expect(a.headers['access-control-allow-origin']).toBe('*');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
  };
}

function error(status: number, code: string, param?: string) {
  return (a: Answer, json: () => Record<string, unknown>) => {
    expect(a.status).toBe(status);
    expect(a.headers['content-type']).toBe(JSON_TYPE);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.headers['access-control-allow-origin']).toBe('*');
    const body = json().error as Record<string, unknown>;
    expect(body).toMatchObject({ status, code, ...(param ? { param } : {}) });
    expect(typeof body.message).toBe('string');
  };
}

/** Checks `check` after the common success checks. */
function okJson(check: (json: Record<string, unknown>, a: Answer) => void) {
  return (a: Answer, json: () => Record<string, unknown>) => {
    ok()(a);
    check(json(), a);
  };
}

const costs = (perRequest: number, daily: number, monthly: number, yearly: number) => ({
  perRequest,
  daily,
  monthly,
  yearly,
});

// GPT-4o is $2.50 in / $10 out per 1M tokens; GPT-4o mini $0.15 / $0.60; Claude Haiku 4.5 $1 / $5.
export const CONTRACT_CASES: readonly ContractCase[] = [
  {
    name: 'health: ok and the whole catalogue',
    path: '/healthz',
    check: okJson((j) => expect(j).toMatchObject({ status: 'ok', models: TOTAL_MODELS })),
  },
  {
    name: 'pricing: every model, meta.count matching',
    path: '/api/pricing',
    check: okJson((j) => {
      expect((j.models as unknown[]).length).toBe(TOTAL_MODELS);
      expect(j.meta).toMatchObject({ count: TOTAL_MODELS, tiers: ['Budget', 'Mid', 'Premium'] });
      expect((j.meta as { providers: unknown[] }).providers).toHaveLength(dataFiles.length);
    }),
  },
  {
    name: 'pricing: filtered by provider',
    path: '/api/pricing?provider=openai',
    check: okJson((j) => {
      const models = j.models as Array<{ providerSlug: string }>;
      expect(models).toHaveLength(OPENAI_MODELS);
      expect(new Set(models.map((m) => m.providerSlug))).toEqual(new Set(['openai']));
      expect(j.meta).toMatchObject({ count: OPENAI_MODELS });
    }),
  },
  {
    name: 'pricing: filtered by tier, any case',
    path: '/api/pricing?tier=premium',
    check: okJson((j) => {
      const models = j.models as Array<{ tier: string }>;
      expect(models.length).toBeGreaterThan(0);
      expect(models.every((m) => m.tier === 'Premium')).toBe(true);
    }),
  },
  {
    name: 'pricing: one model, id in any case',
    path: '/api/pricing?model=OPENAI-GPT-4O',
    check: okJson((j, a) => {
      expect(j.model).toMatchObject({
        id: 'openai-gpt-4o',
        provider: 'OpenAI',
        providerSlug: 'openai',
        input: 2.5,
        output: 10,
        context: '128K',
      });
      expect(Object.keys(j).slice(0, 3)).toEqual(['model', 'source', 'docs']);
      // Relative unless BASE_URL is set (issue 58: an answer the same whatever the Host).
      expect(a.body).toMatch(/"docs":"(https?:\/\/[^"]+)?\/docs"/);
    }),
  },
  {
    name: 'pricing: unknown provider is a 400',
    path: '/api/pricing?provider=nope',
    check: error(400, 'invalid_parameter', 'provider'),
  },
  {
    name: 'pricing: unknown model is a 404 with suggestions',
    path: '/api/pricing?model=openai-gpt4o',
    check: (a, json) => {
      error(404, 'model_not_found', 'model')(a, json);
      expect((json().error as { suggestions: string[] }).suggestions).toContain('openai-gpt-4o');
    },
  },
  {
    name: 'pricing: an unknown parameter is a 400',
    path: '/api/pricing?provder=openai',
    check: error(400, 'unknown_parameter', 'provder'),
  },
  {
    name: 'static catalogue file ignores cache-busting queries',
    path: '/data/pricing.json?v=2',
    check: okJson((j) => expect(j.meta).toMatchObject({ count: TOTAL_MODELS })),
  },
  {
    name: 'calculate: defaults 2000 in, 500 out, 1000 requests, 30 days',
    path: '/api/calculate?model=openai-gpt-4o',
    // 2000 × 2.5/1M + 500 × 10/1M = 0.005 + 0.005 = 0.01 a request; × 1000 × 30 = 300 a month.
    check: okJson((j, a) => {
      expect(j).toMatchObject({
        model: 'openai-gpt-4o',
        workload: { input_tokens: 2000, output_tokens: 500, requests: 1000, days: 30, mode: 'standard' },
      });
      expect(j.costs).toEqual(costs(0.01, 10, 300, 3600));
      expect(a.body).toContain('"costs":{"perRequest":0.01,"daily":10,"monthly":300,"yearly":3600}');
    }),
  },
  {
    name: 'calculate: streaming bills output 15% more',
    path: '/api/calculate?model=openai-gpt-4o&mode=streaming&days=31',
    // 0.005 + 0.005 × 1.15 = 0.01075; × 1000 = 10.75 a day; × 31 = 333.25 a month; × 12 = 3999.
    check: okJson((j) => expect(j.costs).toEqual(costs(0.01075, 10.75, 333.25, 3999))),
  },
  {
    name: 'calculate: batch halves the price',
    path: '/api/calculate?model=openai-gpt-4o&mode=BATCH&input_tokens=1000&output_tokens=0&requests=3',
    // 1000 × 2.5/1M / 2 = 0.00125; × 3 = 0.00375 a day; × 30 = 0.1125; × 12 = 1.35.
    check: okJson((j) => expect(j.costs).toEqual(costs(0.00125, 0.00375, 0.1125, 1.35))),
  },
  {
    name: 'calculate: several models',
    path: '/api/calculate?models=openai-gpt-4o,anthropic-claude-haiku-4-5',
    // Haiku 4.5: 2000 × 1/1M + 500 × 5/1M = 0.0045 a request.
    check: okJson((j) => {
      const results = j.results as Array<{ id: string; name: string; costs: unknown }>;
      expect(results.map((r) => r.id)).toEqual(['openai-gpt-4o', 'anthropic-claude-haiku-4-5']);
      expect(results[0]?.costs).toEqual(costs(0.01, 10, 300, 3600));
      expect(results[1]?.costs).toEqual(costs(0.0045, 4.5, 135, 1620));
      expect(results.every((r) => typeof r.name === 'string')).toBe(true);
    }),
  },
  { name: 'calculate: no model is a 400', path: '/api/calculate', check: error(400, 'missing_parameter', 'model') },
  {
    name: 'calculate: negative tokens are a 400',
    path: '/api/calculate?model=openai-gpt-4o&input_tokens=-1',
    check: error(400, 'invalid_parameter', 'input_tokens'),
  },
  {
    name: 'calculate: a bad mode is a 400',
    path: '/api/calculate?model=openai-gpt-4o&mode=turbo',
    check: error(400, 'invalid_parameter', 'mode'),
  },
  {
    name: 'calculate: a parameter twice is a 400',
    path: '/api/calculate?model=openai-gpt-4o&model=openai-gpt-4o',
    check: error(400, 'duplicate_parameter', 'model'),
  },
  {
    name: 'cheapest: ranked by monthly cost',
    path: '/api/cheapest?limit=3&input_tokens=1000&output_tokens=1000',
    check: okJson((j) => {
      const recs = j.recommendations as Array<{ rank: number; name: string; costs: { monthly: number } }>;
      expect(recs.map((r) => r.rank)).toEqual([1, 2, 3]);
      expect(recs.every((r) => typeof r.name === 'string')).toBe(true);
      const monthly = recs.map((r) => r.costs.monthly);
      expect(monthly).toEqual([...monthly].sort((x, y) => x - y));
      expect(j.workload).toEqual({
        input_tokens: 1000,
        cached_input_tokens: 0,
        cache_write_tokens: 0,
        input_audio_tokens: 0,
        cached_audio_tokens: 0,
        input_image_tokens: 0,
        input_video_tokens: 0,
        output_tokens: 1000,
        reasoning_tokens: 0,
        output_audio_tokens: 0,
        output_image_tokens: 0,
        output_video_tokens: 0,
        web_searches: 0,
        requests: 1000,
        days: 30,
        mode: 'standard',
        service_tier: 'standard',
        off_peak_share: 0,
      });
    }),
  },
  {
    // Gemma 4 is $0 on the Gemini API only on its free, rate-limited tier: no capacity to buy, so
    // a budget below every paid price leaves nothing, and says why.
    name: 'cheapest: a budget below every paid price leaves no model; the free-tier-only ones are counted, not offered',
    path: '/api/cheapest?budget=0.000001',
    check: okJson((j) => {
      expect(j.recommendations).toEqual([]);
      expect(j.excluded).toMatchObject({ count: 2, byReason: [{ reason: 'free_tier_only', count: 2 }] });
      expect(j.hint).toMatchObject({ param: 'budget' });
    }),
  },
  {
    name: 'cheapest: include_free_tier=true offers the free-tier-only models, marked',
    path: '/api/cheapest?budget=0.000001&include_free_tier=true',
    check: okJson((j) => {
      const recs = j.recommendations as Array<{ name: string; freeTierOnly?: boolean; costs: { monthly: number } }>;
      expect(recs.map((r) => [r.name.startsWith('Gemma 4'), r.freeTierOnly, r.costs.monthly])).toEqual([
        [true, true, 0],
        [true, true, 0],
      ]);
    }),
  },
  {
    name: 'cheapest: limit above 10 is a 400',
    path: '/api/cheapest?limit=11',
    check: error(400, 'invalid_parameter', 'limit'),
  },
  {
    name: 'compare: costs side by side and the savings',
    path: '/api/compare?models=openai-gpt-4o,openai-gpt-4o-mini',
    // Defaults 1000 in, 500 out: GPT-4o 0.0025 + 0.005 = 0.0075 a request, 225 a month;
    // mini 0.00015 + 0.0003 = 0.00045, 13.5 a month; the cheaper saves 211.5 a month.
    check: okJson((j) => {
      const rows = j.comparison as Array<{ id: string; costs: unknown }>;
      expect(rows.map((r) => r.costs)).toEqual([costs(0.0075, 7.5, 225, 2700), costs(0.00045, 0.45, 13.5, 162)]);
      expect(j.summary).toMatchObject({
        cheapest: { id: 'openai-gpt-4o-mini', monthly: 13.5 },
        mostExpensive: { id: 'openai-gpt-4o', monthly: 225 },
      });
      expect(JSON.stringify(j.summary)).toContain('211.5');
    }),
  },
  {
    name: 'compare: one model is a 400',
    path: '/api/compare?models=openai-gpt-4o',
    check: error(400, 'invalid_parameter', 'models'),
  },
  {
    name: 'compare: an unknown model is a 404',
    path: '/api/compare?models=openai-gpt-4o,nope-model',
    check: error(404, 'model_not_found', 'models'),
  },
  {
    name: 'recommend: for a use case, with cost per request',
    path: '/api/recommend?use_case=coding&limit=2',
    check: okJson((j) => {
      const recs = j.recommendations as Array<{ rank: number; name: string; costPerRequest: unknown }>;
      expect(recs).toHaveLength(2);
      expect(recs.every((r) => typeof r.name === 'string' && typeof r.costPerRequest === 'number')).toBe(true);
      expect(j.criteria).toMatchObject({ use_case: 'coding', input_tokens: 1000, output_tokens: 500, limit: 2 });
    }),
  },
  {
    name: 'recommend: an unknown budget is a 400',
    path: '/api/recommend?budget=cheap',
    check: error(400, 'invalid_parameter', 'budget'),
  },
  {
    name: 'badge: an SVG with the price',
    path: '/api/badge?model=openai-gpt-4o',
    check: (a) => {
      ok('image/svg+xml; charset=utf-8')(a);
      expect(a.body.startsWith('<svg')).toBe(true);
      expect(a.body).toContain('$2.5');
    },
  },
  {
    name: 'badge: embed snippets as JSON',
    path: '/api/badge?model=openai-gpt-4o&format=json',
    check: okJson((j) => {
      expect(Object.keys(j.embed as object).sort()).toEqual(['html', 'markdown', 'rst']);
      expect(j.pricing).toMatchObject({ id: 'openai-gpt-4o', input: 2.5, output: 10 });
    }),
  },
  { name: 'badge: no model is a 400', path: '/api/badge', check: error(400, 'missing_parameter', 'model') },
  // Each style measures its text in another of badge-maker's fonts (the Worker reads them from its static assets).
  ...(['flat-square', 'for-the-badge', 'social'] as const).map((style) => ({
    name: `badge: style ${style}`,
    path: `/api/badge?model=anthropic-claude-haiku-4-5&style=${style}`,
    check: (a: Answer) => {
      ok('image/svg+xml; charset=utf-8')(a);
      expect(a.body).toMatch(/^<svg[^>]* width="[\d.]+"/);
    },
  })),
  {
    name: 'badge: an unknown model is an SVG error badge',
    path: '/api/badge?model=nope-model&style=for-the-badge',
    check: (a) => {
      expect(a.status).toBe(404);
      expect(a.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(a.body).toContain('MODEL NOT FOUND');
    },
  },
  {
    name: 'widget script',
    path: '/widget.js',
    check: (a) => {
      ok('text/javascript; charset=utf-8')(a);
      expect(a.body.length).toBeGreaterThan(100);
    },
  },
  {
    name: 'site',
    path: '/',
    check: (a) => {
      ok('text/html; charset=utf-8')(a);
      expect(a.body).toMatch(/<html/i);
    },
  },
  {
    name: 'widget script, whatever the query',
    path: '/widget.js?v=2',
    check: (a) => ok('text/javascript; charset=utf-8')(a),
  },
  {
    name: 'site stylesheet',
    path: '/assets/site.css',
    check: (a) => {
      ok('text/css; charset=utf-8')(a);
      expect(a.body).toContain(':root{');
    },
  },
  {
    name: 'site script',
    path: '/assets/site.js',
    check: (a) => {
      ok('text/javascript; charset=utf-8')(a);
      expect(a.body.length).toBeGreaterThan(100);
    },
  },
  {
    name: 'API reference page, from our own files',
    path: '/docs',
    check: (a) => {
      ok('text/html; charset=utf-8')(a);
      expect(a.body).toContain('<script defer src="/assets/docs.js"></script>');
      expect(a.headers['content-security-policy']).toMatch(/script-src 'self';/);
    },
  },
  {
    name: 'API reference script (Swagger UI)',
    path: '/assets/docs.js',
    check: (a) => {
      ok('text/javascript; charset=utf-8')(a);
      expect(a.body).toContain('SwaggerUIBundle');
    },
  },
  {
    name: 'API reference stylesheet',
    path: '/assets/docs.css',
    check: (a) => {
      ok('text/css; charset=utf-8')(a);
      expect(a.body).toContain('.swagger-ui');
    },
  },
  {
    name: 'a trailing slash redirects to the path without it',
    path: '/api/pricing/?tier=mid',
    init: { redirect: 'manual' },
    check: (a) => {
      expect(a.status).toBe(301);
      expect(new URL(a.headers.location ?? '').pathname + new URL(a.headers.location ?? '').search).toBe(
        '/api/pricing?tier=mid',
      );
    },
  },
  {
    name: 'a model page',
    path: '/models/openai-gpt-4o',
    check: (a) => {
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(a.body).toContain('GPT-4o');
    },
  },
  {
    name: 'price changes',
    path: '/api/changes',
    check: (a) => ok()(a),
  },
  {
    name: 'OpenAPI document',
    path: '/openapi.json',
    check: okJson((j) => {
      expect(String(j.openapi)).toMatch(/^3\./);
      expect(Object.keys(j.paths as object)).toEqual(expect.arrayContaining(['/api/pricing', '/api/calculate']));
    }),
  },
  { name: 'an unknown path is a JSON 404', path: '/api/nothing', check: error(404, 'not_found') },
  // The Worker's font tables are among its static assets, read by the script only.
  {
    name: 'the font tables are not served',
    path: '/_worker/fonts/verdana-11px-normal.json',
    check: error(404, 'not_found'),
  },
  {
    name: 'a write is a 405 naming the allowed methods',
    path: '/api/pricing',
    init: { method: 'POST' },
    check: (a, json) => {
      error(405, 'method_not_allowed')(a, json);
      expect(a.headers.allow).toBe('GET, HEAD, OPTIONS');
    },
  },
  {
    name: 'reprice: a POSTed CSV is priced, no-store, with CORS (each row with detail=rows)',
    path: '/api/reprice?detail=rows',
    init: {
      method: 'POST',
      body: 'date,model,input_tokens,output_tokens\n2026-11-20,openai-gpt-5,1000000,100000\n2026-11-20,nope-model,1,1\n',
      headers: { 'content-type': 'text/csv' },
    },
    check: (a, json) => {
      expect(a.status).toBe(200);
      expect(a.headers['cache-control']).toBe('no-store');
      expect(a.headers['access-control-allow-origin']).toBe('*');
      const body = json() as unknown as { rows: Array<{ model: string }>; unknownModels: Array<{ model: string }> };
      expect(body.rows.map((r) => r.model)).toEqual(['openai-gpt-5']);
      expect(body.unknownModels.map((u) => u.model)).toEqual(['nope-model']);
    },
  },
  {
    name: 'HEAD answers without a body',
    path: '/healthz',
    init: { method: 'HEAD' },
    check: (a) => {
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toBe(JSON_TYPE);
      expect(a.body).toBe('');
    },
  },
  {
    name: 'CORS preflight',
    path: '/api/pricing',
    init: { method: 'OPTIONS', headers: { Origin: 'https://example.com', 'Access-Control-Request-Method': 'GET' } },
    check: (a) => {
      expect(a.status).toBe(204);
      expect(a.headers['access-control-allow-origin']).toBe('*');
    },
  },
  {
    name: 'MCP: initialize over streamable HTTP',
    path: '/mcp',
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'contract-test', version: '1' },
        },
      }),
    },
    check: (a, json) => {
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toMatch(/^application\/json/);
      expect(json()).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: { serverInfo: { name: 'ai-model-pricing' }, capabilities: { tools: {} } },
      });
    },
  },
  {
    name: 'MCP: a tool call over streamable HTTP',
    path: '/mcp',
    init: {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'calculate_cost', arguments: { model: 'openai-gpt-4o' } },
      }),
    },
    check: (a, json) => {
      expect(a.status).toBe(200);
      const result = (json() as { result: { isError: boolean; content: Array<{ text: string }> } }).result;
      expect(result.isError).toBe(false);
      expect(JSON.parse(result.content[0]?.text ?? '').costs).toEqual(costs(0.01, 10, 300, 3600));
    },
  },
];

export async function answer(fetch: ContractFetch, path: string, init?: RequestInit): Promise<Answer> {
  const res = await fetch(path, init);
  const headers = Object.fromEntries(COMPARED_HEADERS.map((h) => [h, res.headers.get(h)]));
  return { status: res.status, headers, body: await res.text() };
}

/** Registers one test per contract case, against the runtime `getFetch()` serves. */
export function contractTests(getFetch: () => ContractFetch): void {
  for (const c of CONTRACT_CASES) {
    // The first request to workerd also starts its isolate: seconds on a loaded machine.
    it(c.name, async () => {
      const a = await answer(getFetch(), c.path, c.init);
      c.check(a, () => JSON.parse(a.body) as Record<string, unknown>);
    });
  }
  it('a repeated GET with the ETag it gave is a 304 without a body', async () => {
    const fetch = getFetch();
    const first = await fetch('/api/pricing?model=openai-gpt-4o');
    await first.text();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"/);
    const second = await fetch('/api/pricing?model=openai-gpt-4o', { headers: { 'If-None-Match': etag ?? '' } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
  });
  it('a file: HEAD answers its headers without a body, and its ETag gives a 304', async () => {
    const fetch = getFetch();
    const head = await fetch('/assets/docs.css', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(head.headers.get('cache-control')).toBe(CACHED);
    expect(await head.text()).toBe('');
    const etag = head.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await fetch('/assets/docs.css', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
}
