/**
 * No 5xx from any body (issue 58, items 3 and 5): fields nested thousands deep, numbers past any
 * range, numbers not in plain digits, and a megabyte of junk in a CSV header are 400s or per-row
 * errors that name the field and quote at most 40 characters of what was sent.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(resolve(import.meta.dirname, '..', '..', 'data'));
const service = createService({ catalogue, assets: {} });
const post = (query: string, body: string) => service.request(`/api/reprice${query}`, { method: 'POST', body });

/** The quoted input in a message: at most 40 characters and the ellipsis. */
const quotedLength = (message: string) =>
  Math.max(0, ...[...message.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => (JSON.parse(`"${m[1]}"`) as string).length));

describe('POST /api/reprice refuses what it cannot read, never with a 5xx', () => {
  it('a field nested 5,000 deep is a per-row error naming the field, not a stack overflow', async () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    for (const field of ['input_tokens', 'cost', 'date', 'mode', 'model']) {
      // Written as text: JSON.stringify of such a value would overflow the test's own stack.
      const fields: Record<string, string> = { date: '"2026-11-01"', model: '"openai-gpt-5"', [field]: deep };
      const res = await post(
        '?format=rows',
        `[{${Object.entries(fields)
          .map(([k, v]) => `"${k}":${v}`)
          .join(',')}}]`,
      );
      expect(res.status, field).toBeLessThan(500);
      const body = await res.json();
      const message: string = body.errors?.[0]?.message ?? body.error?.message;
      expect(body.errors?.[0]?.field ?? body.error?.param, field).toBe(field);
      expect(message.length, field).toBeLessThan(200);
    }
    const ccusage = await post('', `{"monthly":[{"month":${deep},"modelBreakdowns":[{"modelName":"openai-gpt-5"}]}]}`);
    expect(ccusage.status).toBe(200);
    expect((await ccusage.json()).errors[0]).toMatchObject({
      field: 'monthly[0].month',
      message: expect.stringContaining('not a list'),
    });
    const openai = await post(
      '',
      `{"data":[{"start_time":1790000000,"end_time":${deep},"results":[{"model":"gpt-5"}]}]}`,
    );
    expect(openai.status).toBe(200);
    expect((await openai.json()).errors[0]).toMatchObject({ field: 'data[0].end_time' });
  });

  it('a cost or usage of 1e308, and a count past a quadrillion, are per-row errors naming the field', async () => {
    const rows = await (
      await post(
        '?format=rows',
        JSON.stringify([
          { date: '2026-11-01', model: 'openai-gpt-5', input_tokens: 10, cost: 1e308 },
          { date: '2026-11-01', model: 'openai-gpt-5', input_tokens: 1e16 },
          { date: '2026-11-01', model: 'openai-gpt-5', input_tokens: 10, cost: 0.5 },
        ]),
      )
    ).json();
    expect(rows.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [1, 'cost'],
      [2, 'input_tokens'],
    ]);
    expect(rows.read.pricedRows).toBe(1);
    const openrouter = await (
      await post(
        '',
        JSON.stringify({
          data: [{ date: '2026-11-01', model_permaslug: 'openai/gpt-5', prompt_tokens: 1, usage: 1e308 }],
        }),
      )
    ).json();
    expect(openrouter.errors).toEqual([
      { row: 1, field: 'data[0].usage', message: expect.stringContaining('from 0 to') },
    ]);
  });

  it('counts and costs written as text are plain digits, as on the GET side: 0x10, 0b11, 1e3 and " 12 " are refused', async () => {
    for (const text of ['0x10', '0b11', '1e3', ' 12 ', '1.5', '-0x1']) {
      const body = await (
        await post('?format=rows', JSON.stringify([{ date: '2026-11-01', model: 'openai-gpt-5', input_tokens: text }]))
      ).json();
      expect(body.errors, text).toEqual([
        { row: 1, field: 'input_tokens', message: expect.stringContaining('plain digits') },
      ]);
    }
    const plain = await (
      await post(
        '?format=rows',
        JSON.stringify([{ date: '2026-11-01', model: 'openai-gpt-5', input_tokens: '12', cost: '0.25' }]),
      )
    ).json();
    expect(plain.errors).toEqual([]);
    expect(plain.read.units.inputTokens).toBe(12);
    const negative = await (
      await post('?format=rows', JSON.stringify([{ date: '2026-11-01', model: 'openai-gpt-5', input_tokens: '-5' }]))
    ).json();
    expect(negative.errors[0]).toMatchObject({ field: 'input_tokens', message: expect.stringContaining('negative') });
    const costs = await (
      await post('?format=rows', JSON.stringify([{ date: '2026-11-01', model: 'openai-gpt-5', cost: '1e3' }]))
    ).json();
    expect(costs.errors[0]).toMatchObject({ field: 'cost' });
  });

  it('a 1 MiB CSV header of junk is a 400 quoting at most 40 characters of it', async () => {
    const res = await post('', `${'\u0001'.repeat(1024 * 1024 - 20)}\n2026-11-01,x\n`);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(1000);
    const { error } = JSON.parse(text);
    expect(quotedLength(error.message)).toBeLessThanOrEqual(41);
    expect(error.param.length).toBeLessThanOrEqual(40);
  });

  it('every message quotes at most 40 characters of a long value', async () => {
    const long = 'z'.repeat(5000);
    const body = await (
      await post(
        '?format=rows',
        JSON.stringify([
          { date: long, model: 'openai-gpt-5' },
          { date: '2026-11-01', model: 'openai-gpt-5', mode: long },
          { date: '2026-11-01', model: 'openai-gpt-5', input_tokens: long },
        ]),
      )
    ).json();
    expect(body.errors).toHaveLength(3);
    for (const e of body.errors) expect(quotedLength(e.message), e.field).toBeLessThanOrEqual(41);
    const column = await (
      await post('?format=rows', JSON.stringify([{ date: '2026-11-01', model: 'openai-gpt-5', [long]: 1 }]))
    ).json();
    expect(quotedLength(column.error.message)).toBeLessThanOrEqual(41);
    expect(column.error.param.length).toBeLessThanOrEqual(40);
  });
});
