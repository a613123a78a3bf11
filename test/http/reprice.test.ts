// POST /api/reprice over HTTP, through the service (the answer cache in front of the app), on the real catalogue.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { parseUsageText } from '../../src/core/usage/formats.js';
import { repriceRows } from '../../src/core/usage/reprice.js';

const catalogue = loadCatalogueFromDir(resolve(import.meta.dirname, '..', '..', 'data'));
const service = createService({ catalogue, assets: {} });
const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, '../fixtures/usage', name), 'utf8');
const post = (query: string, body: string, headers: Record<string, string> = {}) =>
  service.request(`/api/reprice${query}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('POST /api/reprice', () => {
  it('prices a ccusage export on two targets, answers no-store with CORS, and is never cached', async () => {
    const res = await post(
      '?detail=rows&targets=openai-gpt-5.6-terra,deepseek-deepseek-v4-pro',
      fixture('ccusage-daily.json'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = await res.json();
    expect(body.format).toBe('ccusage');
    expect(body.read).toMatchObject({ rows: 5, pricedRows: 4, unknownRows: 1 });
    expect(body.totals.cost).toBe(0.829);
    expect(body.totals.reported.mismatches).toBe(2);
    expect(body.rows[0].reported).toEqual({ cost: 0, ratio: 0, status: 'mismatch' });
    expect(body.unknownModels[0].model).toBe('claude-sonnet-9');
    // The targets' totals are the core's at the answer's today.
    const core = repriceRows(catalogue, parseUsageText(fixture('ccusage-daily.json')), {
      today: body.today,
      targets: [catalogue.byId.get('openai-gpt-5.6-terra')!, catalogue.byId.get('deepseek-deepseek-v4-pro')!],
    });
    const targets = core.tally.totals().targets!;
    expect(body.totals.targets).toEqual({
      'openai-gpt-5.6-terra': targets['openai-gpt-5.6-terra']!.toJSON(),
      'deepseek-deepseek-v4-pro': targets['deepseek-deepseek-v4-pro']!.toJSON(),
    });
    expect(service.cache.size).toBe(0);
  });

  it('answers the preflight with POST allowed', async () => {
    const res = await service.request('/api/reprice', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('prices OpenAI batch rows with the batch discount', async () => {
    const body = await (await post('?detail=rows', fixture('openai-buckets.json'))).json();
    expect(body.rows[0]).toMatchObject({ mode: 'batch', cost: 1.42 });
    expect(body.rows[1]).toMatchObject({ mode: 'standard', cost: 2.84 });
  });

  it('refuses a 2 MiB body with a 413 that says how to split', async () => {
    const res = await post('', `[${' '.repeat(2 * 1024 * 1024)}]`);
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toMatch(/split/);
  });

  it('refuses more than 10,000 rows with a 413', async () => {
    const csv = `date,model,input_tokens\n${'2026-11-01,openai-gpt-5,1\n'.repeat(10_001)}`;
    const res = await post('?format=csv', csv, { 'content-type': 'text/csv' });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatchObject({ code: 'too_many_rows', param: 'body' });
  });

  it('answers bad input with a 400 naming the row and field, or a per-row error', async () => {
    const bad = await post('?format=csv', 'date,model,inptu_tokens\n2026-11-01,openai-gpt-5,1\n');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ param: 'inptu_tokens' });
    const notJson = await post('', '{oops');
    expect(notJson.status).toBe(400);
    const rowError = await (await post('', fixture('usage.csv'), { 'content-type': 'text/csv' })).json();
    expect(rowError.errors).toEqual([{ row: 5, field: 'input_tokens', message: expect.stringContaining('negative') }]);
    const noDoor = await post('?targets=anthropic-claude-haiku-4-5@nobody', fixture('usage.csv'));
    expect(noDoor.status).toBe(404);
    expect((await noDoor.json()).error).toMatchObject({ code: 'door_not_found', param: 'targets' });
    const twice = await post(
      '?targets=anthropic-claude-haiku-4-5,anthropic-claude-haiku-4-5-20251001',
      fixture('usage.csv'),
    );
    expect((await twice.json()).error).toMatchObject({ param: 'targets', message: expect.stringContaining('twice') });
    const unknownTarget = await post('?targets=gpt-9000', fixture('usage.csv'));
    expect(unknownTarget.status).toBe(404);
  });

  it("prices a <model-id>@<seller> target, and a row naming its seller, at that seller's door", async () => {
    // The door's prices as data/offers/anthropic.json holds them: 1M input and 1M output tokens cost their sum.
    const file = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../data/offers/anthropic.json'), 'utf8'));
    const door = file.doors.find(
      (d: { model: string; seller: string }) => d.model === 'anthropic-claude-haiku-4-5' && d.seller === 'cortecs',
    );
    const atDoor = door.prices.input + door.prices.output;
    const own = catalogue.byId.get('anthropic-claude-haiku-4-5')!;
    expect(atDoor).not.toBe(own.input + own.output);
    const csv =
      'date,model,seller,input_tokens,output_tokens\n2026-11-01,anthropic-claude-haiku-4-5,cortecs,1000000,1000000\n2026-11-01,anthropic-claude-haiku-4-5,Nobody,1000000,1000000\n';
    const body = await (
      await post('?format=csv&detail=rows&targets=anthropic-claude-haiku-4-5,anthropic-claude-haiku-4-5@cortecs', csv)
    ).json();
    expect(body.targets.map((t: { id: string }) => t.id)).toEqual([
      'anthropic-claude-haiku-4-5',
      'anthropic-claude-haiku-4-5@cortecs',
    ]);
    expect(body.totals.targets).toEqual({
      'anthropic-claude-haiku-4-5': 2 * (own.input + own.output),
      'anthropic-claude-haiku-4-5@cortecs': 2 * atDoor,
    });
    const [bought, unknownSeller] = body.rows;
    expect(bought).toMatchObject({
      model: 'anthropic-claude-haiku-4-5',
      seller: 'cortecs',
      door: 'anthropic-claude-haiku-4-5@cortecs',
      cost: atDoor,
    });
    expect(bought.flags).toBeUndefined();
    expect(unknownSeller).toMatchObject({
      seller: 'Nobody',
      cost: own.input + own.output,
      flags: [expect.stringContaining("priced at anthropic-claude-haiku-4-5's own prices")],
    });
    expect(unknownSeller.door).toBeUndefined();
  });

  it('counts rows against RATE_LIMIT, one request per 100 rows', async () => {
    const limited = createService({
      catalogue,
      assets: {},
      rateLimit: { perMinute: 5, maxClients: 10, clientIp: () => '192.0.2.1' },
    });
    const csv = `date,model,input_tokens\n${'2026-11-01,openai-gpt-5,1\n'.repeat(1000)}`;
    const res = await limited.request('/api/reprice', { method: 'POST', body: csv });
    expect(res.status).toBe(429);
    const small = createService({
      catalogue,
      assets: {},
      rateLimit: { perMinute: 5, maxClients: 10, clientIp: () => '192.0.2.1' },
    });
    expect(
      (await small.request('/api/reprice', { method: 'POST', body: csv.split('\n').slice(0, 300).join('\n') })).status,
    ).toBe(200);
  });

  it('still refuses other methods and other POSTs', async () => {
    expect((await service.request('/api/calculate', { method: 'POST', body: '{}' })).status).toBe(405);
    expect((await service.request('/api/reprice', { method: 'PUT', body: '{}' })).status).toBe(405);
  });
});
