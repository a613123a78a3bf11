// The usage exports of issue 40, read and priced against the real catalogue (data/). Expected costs
// are worked out here from the published prices per 1M tokens: tokens × price, summed.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';
import { parseUsageText } from '../../../src/core/usage/formats.js';
import { repriceRows, type RepriceOptions } from '../../../src/core/usage/reprice.js';
import { UsageError } from '../../../src/core/usage/rows.js';

const catalogue = loadCatalogueFromDir(resolve(import.meta.dirname, '../../../data'));
const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, '../../fixtures/usage', name), 'utf8');
const byId = (id: string) => catalogue.byId.get(id)!;
const TODAY = '2026-11-28';

/** USD of token counts at prices per 1M tokens, as a decimal string (integers in micro-dollars × 1000). */
function usd(...terms: Array<[tokens: number, perMillion: number]>): number {
  const nanos = terms.reduce((sum, [t, p]) => sum + BigInt(t) * BigInt(Math.round(p * 1000)), 0n);
  return Number(nanos) / 1e9;
}

function run(name: string, opts: Partial<RepriceOptions> = {}, format?: Parameters<typeof parseUsageText>[1]) {
  return repriceRows(catalogue, parseUsageText(fixture(name), format), { today: TODAY, targets: [], ...opts });
}

describe('ccusage daily JSON', () => {
  const targets = [byId('openai-gpt-5.6-terra'), byId('deepseek-deepseek-v4-pro')];
  const r = run('ccusage-daily.json', { targets });

  it('prices each row with cache writes and reads at their prices', () => {
    expect(r.format).toBe('ccusage');
    const [sonnet, opus, haiku, sonnet2] = r.rows;
    expect(sonnet!.model).toBe('anthropic-claude-sonnet-5');
    expect(sonnet!.exportModel).toBe('claude-sonnet-5-20260630');
    expect(sonnet!.units).toEqual({
      inputTokens: 1_101_000,
      outputTokens: 2000,
      cachedInputTokens: 1_000_000,
      cacheWrite5mTokens: 100_000,
    });
    expect(sonnet!.cost.toJSON()).toBe(usd([1000, 2], [2000, 10], [100_000, 2.5], [1_000_000, 0.2]));
    expect(opus!.cost.toJSON()).toBe(usd([500, 5], [1000, 25], [20_000, 6.25], [300_000, 0.5]));
    expect(haiku!.model).toBe('anthropic-claude-haiku-4-5');
    expect(haiku!.cost.toJSON()).toBe(usd([2000, 1], [4000, 5], [10_000, 1.25], [100_000, 0.1]));
    expect(sonnet2!.cost.toJSON()).toBe(usd([1000, 10]));
  });

  it('shows a reported cost of 0 as a mismatch, not agreement; a close one agrees; ratios exact', () => {
    expect(r.rows.map((x) => x.reported?.status)).toEqual(['mismatch', 'mismatch', 'agrees', 'differs']);
    expect(r.rows[0]!.reported!.ratio).toBe(0);
    expect(r.rows[2]!.reported!.ratio).toBe(1);
    expect(r.rows[3]!.reported!.ratio).toBe(1.2);
    const totals = r.tally.totals();
    expect(totals.reported!.mismatches).toBe(2);
    expect(totals.reported!.rows).toBe(4);
  });

  it('lists an unknown model apart with the nearest ids, never as $0', () => {
    expect(r.rows.some((x) => x.exportModel === 'claude-sonnet-9')).toBe(false);
    expect(r.unknownModels).toHaveLength(1);
    expect(r.unknownModels[0]!.model).toBe('claude-sonnet-9');
    expect(r.unknownModels[0]!.rows).toEqual([5]);
    expect(r.unknownModels[0]!.suggestions).toContain('anthropic-claude-sonnet-5');
    expect(r.tally.read()).toMatchObject({
      rows: 5,
      pricedRows: 4,
      unknownRows: 1,
      dates: { first: '2026-11-10', last: '2026-11-11' },
    });
  });

  it("gives the totals on both targets at today's prices", () => {
    const t = r.tally.totals().targets!;
    const rows: Array<[number, number, number, number]> = [
      [1000, 2000, 100_000, 1_000_000],
      [500, 1000, 20_000, 300_000],
      [2000, 4000, 10_000, 100_000],
      [0, 1000, 0, 0],
    ];
    // Terra: input 2, output 12, cache write 2.5, read 0.2. DeepSeek V4 Pro: 1.32, 3.96, no write price (billed as input), read 0.044.
    const terra = rows.reduce((s, [i, o, w, c]) => s + BigInt(i * 2000 + o * 12000 + w * 2500 + c * 200), 0n);
    const deepseek = rows.reduce((s, [i, o, w, c]) => s + BigInt(i * 1320 + o * 3960 + w * 1320 + c * 44), 0n);
    expect(t['openai-gpt-5.6-terra']!.nanos).toBe(terra);
    expect(t['deepseek-deepseek-v4-pro']!.nanos).toBe(deepseek);
    expect(r.tally.totals().cost.toJSON()).toBe(
      usd(
        [1000, 2],
        [2000, 10],
        [100_000, 2.5],
        [1_000_000, 0.2],
        [500, 5],
        [1000, 25],
        [20_000, 6.25],
        [300_000, 0.5],
        [2000, 1],
        [4000, 5],
        [10_000, 1.25],
        [100_000, 0.1],
        [1000, 10],
      ),
    );
    expect(r.tally.days().map((d) => d.date)).toEqual(['2026-11-10', '2026-11-11']);
  });

  it('prices all of it in batch mode on a target when asked', () => {
    const batch = run('ccusage-daily.json', { targets: [byId('openai-gpt-5.6-terra')], targetMode: 'batch' });
    const plain = r.tally.totals().targets!['openai-gpt-5.6-terra']!.nanos;
    expect(batch.tally.totals().targets!['openai-gpt-5.6-terra']!.nanos).toBe(plain / 2n);
  });
});

describe('ccusage monthly JSON', () => {
  it('prices a month at its first day and flags the price change inside it', () => {
    const r = run('ccusage-monthly.json');
    const row = r.rows[0]!;
    expect(row).toMatchObject({
      date: '2026-08-01',
      endDate: '2026-08-31',
      model: 'deepseek-deepseek-v4-pro',
      pricesFrom: '2026-04-24',
    });
    expect(row.cost.toJSON()).toBe(usd([1_000_000, 0.435], [100_000, 0.87]));
    expect(row.today.toJSON()).toBe(usd([1_000_000, 1.32], [100_000, 3.96]));
    expect(row.flags!.join(' ')).toContain('2026-08-17');
    expect(row.reported!.status).toBe('agrees');
  });
});

describe('OpenAI usage buckets', () => {
  const r = run('openai-buckets.json');
  it('prices batch rows with the batch discount, flex at the flex tier', () => {
    expect(r.format).toBe('openai');
    const [batch, standard, flex] = r.rows;
    const full = usd([800_000, 2], [200_000, 0.2], [100_000, 12]);
    expect(standard!.cost.toJSON()).toBe(full);
    expect(batch!.mode).toBe('batch');
    expect(batch!.cost.toJSON()).toBe(full / 2);
    expect(flex!.serviceTier).toBe('flex');
    expect(flex!.cost.toJSON()).toBe(usd([800_000, 1], [200_000, 0.1], [100_000, 6]));
    expect(batch!.date).toBe('2026-11-02');
    expect(batch!.endDate).toBeUndefined();
  });
  it('lists rows with model null apart, saying why', () => {
    expect(r.unknownModels).toEqual([
      { model: null, rows: [4], reason: expect.stringContaining('group_by=model'), suggestions: [] },
    ]);
  });
});

describe('Anthropic usage_report/messages', () => {
  it('prices 5-minute and 1-hour cache writes, reads, web searches and batch', () => {
    const r = run('anthropic-messages.json');
    expect(r.format).toBe('anthropic');
    const [cached, batch] = r.rows;
    expect(cached!.units.inputTokens).toBe(121_000);
    expect(cached!.cost.toJSON()).toBe(
      usd([1000, 2], [10_000, 2.5], [10_000, 4], [100_000, 0.2], [5000, 10], [10, 10_000]),
    );
    expect(batch!.mode).toBe('batch');
    expect(batch!.cost.toJSON()).toBe(usd([1_000_000, 2], [100_000, 10]) / 2);
  });
});

describe('OpenRouter activity', () => {
  it('reads the permaslug, the seller and the billed usage', () => {
    const r = run('openrouter-activity.json');
    const row = r.rows[0]!;
    expect(row).toMatchObject({
      model: 'anthropic-claude-sonnet-5',
      seller: 'Anthropic',
      units: { inputTokens: 10_000, outputTokens: 2000, reasoningTokens: 500, requests: 4 },
    });
    expect(row.cost.toJSON()).toBe(usd([10_000, 2], [2000, 10]));
    expect(row.reported).toMatchObject({ ratio: 1, status: 'agrees' });
  });
});

describe('the plain CSV', () => {
  const r = run('usage.csv');
  it('flags a row older than any price and prices it at the earliest known', () => {
    const old = r.rows.find((x) => x.row === 2)!;
    expect(old.pricesFrom).toBe('2026-04-24');
    expect(old.cost.toJSON()).toBe(0.435);
    expect(old.flags!.join(' ')).toContain('older than any price');
  });
  it('names the units a known model has no price for', () => {
    expect(r.rows.find((x) => x.row === 3)!.unpricedUnits).toEqual(['webSearches']);
  });
  it('reports a bad row by row and field, and prices the rest', () => {
    expect(r.errors).toEqual([{ row: 5, field: 'input_tokens', message: expect.stringContaining('negative') }]);
    expect(r.rows.map((x) => x.row)).toEqual([1, 2, 3]);
    expect(r.unknownModels.map((u) => u.model)).toEqual(['alpha-nonexistent']);
  });
  it('refuses an unknown column, naming it', () => {
    expect(() => parseUsageText('date,model,inptu_tokens\n2026-11-01,x,1\n')).toThrowError(/inptu_tokens/);
    expect(() => parseUsageText('date,model,inptu_tokens\n')).toThrow(UsageError);
  });
  it('refuses a date out of range, naming the row and field', () => {
    const p = parseUsageText('date,model\n1999-01-01,openai-gpt-5\n2026-02-30,openai-gpt-5\n');
    expect(p.errors.map((e) => [e.row, e.field])).toEqual([
      [1, 'date'],
      [2, 'date'],
    ]);
  });
});

describe('format detection', () => {
  it('refuses what it cannot read, naming format', () => {
    expect(() => parseUsageText('{"hello": 1}')).toThrowError(/format=/);
    expect(() => parseUsageText('{"daily": []}', 'openai')).toThrowError(/openai/);
    expect(() => parseUsageText('{not json')).toThrowError(/not valid JSON/);
  });
  it('reads a JSON list of rows in the CSV columns', () => {
    const p = parseUsageText(
      JSON.stringify([{ date: '2026-11-01', model: 'openai-gpt-5', input_tokens: 10, output_tokens: 5 }]),
    );
    expect(p.format).toBe('rows');
    expect(p.rows[0]).toMatchObject({ model: 'openai-gpt-5', inputTokens: 10, outputTokens: 5 });
  });
});

describe('docs/api.md', () => {
  it('shows a CSV header and row that read and price as stated', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');
    const at = doc.indexOf('date,end_date,model');
    const csv = doc.slice(at, doc.indexOf('```', at));
    const r = repriceRows(catalogue, parseUsageText(csv), { today: TODAY, targets: [] });
    expect(r.errors).toEqual([]);
    expect(r.rows[0]!.cost.toJSON()).toBe(0.472);
    expect(r.rows[0]!.reported!.status).toBe('agrees');
  });
});
