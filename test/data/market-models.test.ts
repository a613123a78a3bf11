// The records of the models the market buys (issue 38), held to the snapshots they were read from
// (../shared/reference/hosts and quality_inputs; skipped without ../shared), and the proposals file.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { providerFileSchema, type ModelData } from '../../src/core/schema/catalogue-schema.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const HOSTS = resolve(ROOT, '..', 'shared', 'reference', 'hosts');
const TRANSCRIBED = resolve(ROOT, '..', 'shared', 'reference', 'quality_inputs', 'transcribed.json');
const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const models = ['openai', 'moonshot', 'zhipu', 'minimax', 'nvidia'].flatMap((slug) => providerFileSchema.parse(read(join(ROOT, 'data', `${slug}.json`))).models);
const byId = (id: string): ModelData => models.find((m) => m.id === id)!;
/** The records that name the door their price comes from (referenceDoor). */
const NAMED_DOOR = ['openai-gpt-oss-120b', 'openai-gpt-oss-20b', 'moonshot-kimi-k2.6', 'moonshot-kimi-k2.7-code', 'zhipu-glm-5.1', 'zhipu-glm-5.2', 'minimax-minimax-m2.5', 'nvidia-nemotron-3-super-120b-a12b'];

/** Issue 51's six records: five at their makers' APIs, Nemotron 3 Ultra by the median rule. */
const ISSUE_51 = ['moonshot-kimi-k3', 'zhipu-glm-5.3', 'zhipu-glm-5.3-flash', 'minimax-minimax-m2.7', 'minimax-minimax-m3', 'nvidia-nemotron-3-ultra-550b-a55b'];

describe('records priced at a named door', () => {
  it('each names its door and rule: the maker\'s where it sells capacity, else a cloud or host by the median rule', () => {
    const rules = Object.fromEntries(NAMED_DOOR.map((id) => [id, `${byId(id).referenceDoor?.seller}/${byId(id).referenceDoor?.rule}`]));
    expect(rules).toEqual({
      'openai-gpt-oss-120b': 'azure/median-direct', 'openai-gpt-oss-20b': 'together/median-direct',
      'moonshot-kimi-k2.6': 'moonshot/maker', 'moonshot-kimi-k2.7-code': 'moonshot/maker', 'zhipu-glm-5.1': 'zhipu/maker',
      'zhipu-glm-5.2': 'zhipu/maker', 'minimax-minimax-m2.5': 'minimax/maker', 'nvidia-nemotron-3-super-120b-a12b': 'baseten/median-direct',
    });
    for (const id of NAMED_DOOR) expect(byId(id).priceSource, id).toMatch(/checked 2026-11-29/);
  });
  it('each dates its door by the source its price was read from, a date its priceSource names', () => {
    const dates = Object.fromEntries(NAMED_DOOR.map((id) => [id, byId(id).referenceDoor?.date]));
    expect(dates).toEqual({
      'openai-gpt-oss-120b': '2026-08-01', 'openai-gpt-oss-20b': '2026-08-01', 'moonshot-kimi-k2.6': '2026-09-22', 'moonshot-kimi-k2.7-code': '2026-09-22',
      'zhipu-glm-5.1': '2026-08-01', 'zhipu-glm-5.2': '2026-09-22', 'minimax-minimax-m2.5': '2026-08-01', 'nvidia-nemotron-3-super-120b-a12b': '2026-08-01',
    });
    for (const id of NAMED_DOOR) expect(byId(id).priceSource, id).toContain(dates[id]);
  });
});

describe.skipIf(!existsSync(HOSTS) || !existsSync(TRANSCRIBED))('records priced at a named door, against the snapshots they were read from (needs ../shared/reference; skipped without it)', () => {
  // Read in beforeAll, not in the describe body: vitest collects a skipped suite's body too, and a
  // clone without ../shared must skip here, not throw ENOENT.
  type Offer = { host: string; hostModelId: string; cost?: { input: number; output: number; cache_read?: number }; limit?: { context: number; output: number } };
  let offers: Offer[] = [];
  let litellm: Record<string, { input_cost_per_token?: number; output_cost_per_token?: number }> = {};
  beforeAll(() => {
    offers = (read(join(HOSTS, 'models-dev-offers.json')) as { offers: Offer[] }).offers;
    litellm = read(join(HOSTS, 'litellm-model-prices.json')) as typeof litellm;
  });
  const entry = (host: string, id: string) => offers.find((o) => o.host === host && o.hostModelId === id);
  it('prices the makers\' records as models.dev lists the maker\'s own entry', () => {
    for (const [id, host, hostId] of [['moonshot-kimi-k2.6', 'moonshotai', 'kimi-k2.6'], ['moonshot-kimi-k2.7-code', 'moonshotai', 'kimi-k2.7-code'], ['zhipu-glm-5.1', 'zai', 'glm-5.1'], ['zhipu-glm-5.2', 'zai', 'glm-5.2'], ['minimax-minimax-m2.5', 'minimax', 'MiniMax-M2.5']] as const) {
      const e = entry(host, hostId)!;
      expect({ input: byId(id).input, output: byId(id).output, cachedInput: byId(id).cachedInput }, id).toEqual({ input: e.cost!.input, output: e.cost!.output, cachedInput: e.cost!.cache_read });
    }
  });
  it('prices the reference doors as their sources list them (LiteLLM per token, here per 1M)', () => {
    const perM = (key: string) => [Math.round(litellm[key]!.input_cost_per_token! * 1e15) / 1e9, Math.round(litellm[key]!.output_cost_per_token! * 1e15) / 1e9];
    expect([byId('openai-gpt-oss-120b').input, byId('openai-gpt-oss-120b').output]).toEqual(perM('azure_ai/gpt-oss-120b'));
    expect([byId('openai-gpt-oss-20b').input, byId('openai-gpt-oss-20b').output]).toEqual(perM('together_ai/openai/gpt-oss-20b'));
    expect([byId('nvidia-nemotron-3-super-120b-a12b').input, byId('nvidia-nemotron-3-super-120b-a12b').output]).toEqual(perM('baseten/nvidia/Nemotron-120B-A12B'));
  });
  it('gives gpt-oss-120b its door\'s limits as LiteLLM lists Azure\'s entry (no cached-input price there)', () => {
    const m = byId('openai-gpt-oss-120b');
    const azure = litellm['azure_ai/gpt-oss-120b'] as Record<string, unknown>;
    expect([m.contextTokens, m.maxOutputTokens, m.cachedInput]).toEqual([azure.max_input_tokens, azure.max_output_tokens, azure.cache_read_input_token_cost]);
  });
  it('prices Nemotron 3 Super at Baseten\'s door whole: its cache read and limits as models.dev lists Baseten\'s entry, which LiteLLM\'s lacks', () => {
    const m = byId('nvidia-nemotron-3-super-120b-a12b');
    const baseten = entry('baseten', 'nvidia/Nemotron-120B-A12B')!;
    expect({ input: m.input, output: m.output, cachedInput: m.cachedInput, contextTokens: m.contextTokens, maxOutputTokens: m.maxOutputTokens }).toEqual({
      input: baseten.cost!.input, output: baseten.cost!.output, cachedInput: baseten.cost!.cache_read, contextTokens: baseten.limit!.context, maxOutputTokens: baseten.limit!.output,
    });
    const ll = litellm['baseten/nvidia/Nemotron-120B-A12B'] as Record<string, unknown>;
    expect([ll.cache_read_input_token_cost, ll.max_input_tokens, ll.max_output_tokens]).toEqual([undefined, undefined, undefined]);
  });
  it('lists NVIDIA NIM\'s entry for Nemotron 3 Super as a door, at a seller marked a free trial (so never the record\'s door)', () => {
    const nim = entry('nvidia', 'nvidia/nemotron-3-super-120b-a12b')!;
    const doors = (read(join(ROOT, 'data', 'offers', 'nvidia.json')) as { doors: Array<{ model: string; seller: string; prices?: { input: number; output: number } }> }).doors;
    expect(doors.find((d) => d.model === 'nvidia-nemotron-3-super-120b-a12b' && d.seller === 'nvidia')?.prices).toEqual({ input: nim.cost!.input, output: nim.cost!.output });
    const sellers = (read(join(ROOT, 'data', 'offers', 'sellers.json')) as { sellers: Array<{ slug: string; kind: string; free?: string }> }).sellers;
    expect(sellers.find((s) => s.slug === 'nvidia')).toMatchObject({ kind: 'host', free: 'trial' });
  });
  it('carries the benchmark results the snapshots give, dated as they are', () => {
    const evidence = (read(join(ROOT, 'data', 'quality', 'benchmarks.json')) as { models: Record<string, Record<string, { value?: number; date: string }>> }).models;
    const openrouter = (read(join(HOSTS, 'openrouter-models-2026-08-01.json')) as { data: Array<{ id: string; benchmarks?: { artificial_analysis?: { intelligence_index: number; coding_index: number } | null } }> }).data;
    const code = (read(TRANSCRIBED) as { lmarena_2026_09: { boards: { code: { rows: Array<[string, string, number]> } } } }).lmarena_2026_09.boards.code.rows;
    for (const id of [...NAMED_DOOR, ...ISSUE_51]) {
      const shipped = evidence[id] ?? {};
      const source = shipped.or_aa_intelligence_index ? openrouter.find((m) => m.id === (shipped.or_aa_intelligence_index as { sourceModel?: string }).sourceModel) : undefined;
      if (source) {
        expect(shipped.or_aa_intelligence_index?.value, id).toBe(source.benchmarks?.artificial_analysis?.intelligence_index);
        expect(shipped.or_aa_coding_index?.value, id).toBe(source.benchmarks?.artificial_analysis?.coding_index);
        expect(shipped.or_aa_intelligence_index?.date).toBe('2026-08-01');
      } else expect(shipped.or_aa_intelligence_index, id).toBeUndefined();
      const arena = shipped.lmarena_code_2026_08 as { value: number; sourceModel: string } | undefined;
      if (arena) expect(code.find((r) => r[0] === arena.sourceModel)?.[2], id).toBe(arena.value);
    }
    expect(evidence['minimax-minimax-m2.5']?.or_aa_intelligence_index).toBeUndefined();
  });
});


describe("issue 51's six records, against the sources they were read from", () => {
  it('each names its door and rule, dated by its source', () => {
    expect(Object.fromEntries(ISSUE_51.map((id) => [id, `${byId(id).referenceDoor?.seller}/${byId(id).referenceDoor?.rule}/${byId(id).referenceDoor?.date}`]))).toEqual({
      'moonshot-kimi-k3': 'moonshot/maker/2026-09-22', 'zhipu-glm-5.3': 'zhipu/maker/2026-09-22', 'zhipu-glm-5.3-flash': 'zhipu/maker/2026-09-22',
      'minimax-minimax-m2.7': 'minimax/maker/2026-09-22', 'minimax-minimax-m3': 'minimax/maker/2026-09-22', 'nvidia-nemotron-3-ultra-550b-a55b': 'venice/median-direct/2026-07-02',
    });
    for (const id of ISSUE_51) expect(byId(id).priceSource, id).toContain(byId(id).referenceDoor!.date!);
  });

  it("prices the makers' records as genai-prices 0.1.8 lists the maker's own entry, context window and long-context band included", async () => {
    const { findProvider } = await import('@pydantic/genai-prices');
    const entry = (provider: string, id: string) => findProvider({ providerId: provider })!.models.find((m) => m.id === id)! as unknown as {
      context_window: number;
      prices: Record<string, number | { base: number; tiers: Array<{ start: number; price: number }> }>;
    };
    const base = (v: unknown) => (typeof v === 'number' ? v : (v as { base: number }).base);
    for (const [id, provider, gpId] of [['moonshot-kimi-k3', 'moonshotai', 'kimi-k3'], ['zhipu-glm-5.3', 'zai', 'GLM-5.3'], ['minimax-minimax-m2.7', 'minimax', 'MiniMax-M2.7'], ['minimax-minimax-m3', 'minimax', 'minimax-m3']] as const) {
      const e = entry(provider, gpId);
      const m = byId(id);
      expect({ input: m.input, output: m.output, cachedInput: m.cachedInput, contextTokens: m.contextTokens }, id).toEqual({
        input: base(e.prices.input_mtok), output: base(e.prices.output_mtok), cachedInput: base(e.prices.cache_read_mtok), contextTokens: e.context_window,
      });
    }
    const m3 = entry('minimax', 'minimax-m3').prices as Record<string, { tiers: Array<{ start: number; price: number }> }>;
    expect(byId('minimax-minimax-m3').longContext).toEqual({
      threshold: m3.input_mtok!.tiers[0]!.start, input: m3.input_mtok!.tiers[0]!.price, output: m3.output_mtok!.tiers[0]!.price, cachedInput: m3.cache_read_mtok!.tiers[0]!.price,
    });
    // GLM-5.3-Flash: genai-prices' numbers are the launch promotion its comment ends on 2026-09-09; the list prices it names are in force.
    const flash = entry('zai', 'GLM-5.3-Flash') as unknown as { prices: { input_mtok: number; output_mtok: number }; price_comments: string };
    expect(flash.price_comments).toMatch(/promotion ending at 24:00 on September 9, 2026 \(UTC\+8\): list prices are \$0\.15 input, \$0\.03 cached input, and \$0\.50 output/);
    const history = byId('zhipu-glm-5.3-flash').priceHistory!;
    expect(history.map((h) => [h.effectiveFrom, h.input, h.output, h.cachedInput])).toEqual([['2026-08-16', flash.prices.input_mtok, flash.prices.output_mtok, 0.015], ['2026-09-10', 0.15, 0.5, 0.03]]);
    expect([byId('zhipu-glm-5.3-flash').input, byId('zhipu-glm-5.3-flash').output, byId('zhipu-glm-5.3-flash').cachedInput]).toEqual([0.15, 0.5, 0.03]);
  });

  it('prices Nemotron 3 Ultra at the middle of its three vetted direct doors by blended price, with that door\'s limits', () => {
    const doors = (read(join(ROOT, 'data', 'offers', 'nvidia.json')) as { doors: Array<{ model: string; seller: string; prices?: { input: number; output: number } }> }).doors.filter((d) => d.model === 'nvidia-nemotron-3-ultra-550b-a55b');
    const at = (seller: string) => doors.find((d) => d.seller === seller)?.prices;
    expect([at('baseten'), at('together')]).toEqual([{ input: 0.6, output: 2.4, cachedInput: 0.12 }, { input: 0.6, output: 3.6, cachedInput: 0.2 }]);
    const blended = (p: { input: number; output: number }) => (3 * p.input + p.output) / 4;
    const m = byId('nvidia-nemotron-3-ultra-550b-a55b');
    expect(blended(at('baseten')!)).toBeLessThan(blended(m));
    expect(blended(m)).toBeLessThan(blended(at('together')!));
    expect([m.input, m.output, m.cachedInput, m.contextTokens, m.maxOutputTokens]).toEqual([0.625, 3.125, 0.1875, 256000, 32768]);
  });
});

describe('data/proposals/open-weight.json', () => {
  const file = read(join(ROOT, 'data', 'proposals', 'open-weight.json')) as { count: number; proposals: Array<{ id: string; why: string; sellers: Array<{ seller: string; kind: string; input: number }> }> };
  it('proposes open-weight models with five vetted direct sellers or more, none of them in the catalogue', () => {
    expect(file.count).toBe(file.proposals.length);
    expect(file.count).toBeGreaterThanOrEqual(35);
    const listed = new Set(models.map((m) => m.id.split('-').slice(1).join('-')));
    for (const p of file.proposals) {
      expect(new Set(p.sellers.map((s) => s.seller)).size, p.id).toBeGreaterThanOrEqual(5);
      for (const s of p.sellers) expect(['maker', 'cloud', 'host'], `${p.id}@${s.seller}`).toContain(s.kind);
      expect(listed.has(p.id.split('/').pop()!.toLowerCase()), p.id).toBe(false);
      expect(p.why).toMatch(/^open weights/);
    }
  });
});

describe('reference doors', () => {
  const sellers = (read(join(ROOT, 'data', 'offers', 'sellers.json')) as { sellers: Array<{ slug: string; kind: string; free?: string }> }).sellers;
  const files = ['alibaba', 'amazon', 'anthropic', 'cohere', 'deepseek', 'google', 'mistral', 'together', 'xai'].flatMap((slug) => providerFileSchema.parse(read(join(ROOT, 'data', `${slug}.json`))).models);
  it('name a reviewed seller that sells capacity: the maker itself for `maker`, a cloud or host for `median-direct`, never a trial, free tier or plan', () => {
    for (const m of [...models, ...files]) {
      const door = m.referenceDoor;
      if (!door) continue;
      const seller = sellers.find((s) => s.slug === door.seller);
      expect(seller, m.id).toBeDefined();
      expect(seller!.free, m.id).toBeUndefined();
      if (door.rule === 'maker') expect([seller!.kind, m.id.startsWith(`${door.seller}-`)], m.id).toEqual(['maker', true]);
      else expect(['cloud', 'host'], m.id).toContain(seller!.kind);
    }
    // The spec's providers' records are their makers' doors; only the open-weight makers' records and gpt-oss name theirs.
    expect(files.filter((m) => m.referenceDoor).map((m) => m.id)).toEqual([]);
  });
});
