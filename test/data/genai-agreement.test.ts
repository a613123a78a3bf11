// Every model genai-prices (the pinned npm package) also prices costs the same from our data as from
// its engine, at the long-context threshold and on either side of it, at peak and off-peak hours.
// Our figure is computed here from the record alone (price × tokens, the provider's threshold rule).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { calcPrice } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import { providerFileSchema, type ModelData, type ProviderFile } from '../../src/core/catalogue-schema.js';

const DATA_DIR = resolve(import.meta.dirname, '..', '..', 'data');
const files: ProviderFile[] = readdirSync(DATA_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => providerFileSchema.parse(JSON.parse(readFileSync(join(DATA_DIR, f), 'utf8'))));

const GENAI_PROVIDER: Record<string, string> = {
  openai: 'openai', anthropic: 'anthropic', google: 'google', mistral: 'mistral', deepseek: 'deepseek',
  xai: 'x-ai', cohere: 'cohere', amazon: 'aws', together: 'together',
};

/** Records whose price deliberately differs from genai-prices' entry (their priceNote says why). */
const DIFFERS: Record<string, string> = {};

function ours(m: ModelData, rule: 'above' | 'at', input: number, output: number, offPeak: boolean): number {
  const over = (t: number) => (rule === 'at' ? input >= t : input > t);
  const bands = [m.longContext, ...(m.longContextSteps ?? [])].filter((b) => b !== undefined && over(b.threshold));
  const base = offPeak && m.offPeak ? m.offPeak : m;
  const band = bands.at(-1);
  const p = band ?? base;
  return (input * p.input + output * p.output) / 1e6;
}

const cases = files.flatMap((f) =>
  f.models.flatMap((m) => {
    const providerId = GENAI_PROVIDER[f.provider.slug];
    if (!providerId || DIFFERS[m.id]) return [];
    const names = [m.referenceId, m.id.slice(f.provider.slug.length + 1)].filter((n): n is string => Boolean(n));
    const name = names.find((n) => calcPrice({ input_tokens: 1, output_tokens: 1 }, n, { providerId }) !== null);
    return name ? [{ m, rule: f.provider.longContextRule ?? ('above' as const), providerId, name }] : [];
  }),
);

describe('our data prices like genai-prices 0.1.8', () => {
  it('covers the models both list', () => {
    expect(cases.length).toBeGreaterThanOrEqual(70);
  });

  it.each(cases.map((c) => [c.m.id, c] as const))('%s', (_id, { m, rule, providerId, name }) => {
    const threshold = m.longContext?.threshold ?? 100_000;
    const peak = new Date('2026-11-24T02:00:00Z');
    const offPeakTime = new Date('2026-11-24T12:00:00Z');
    for (const input of [threshold - 1, threshold, threshold + 1]) {
      for (const [when, off] of [[peak, false], [offPeakTime, true]] as const) {
        const theirs = calcPrice({ input_tokens: input, output_tokens: 1000 }, name, { providerId, timestamp: when });
        const inWindow = m.offPeak ? off : false;
        expect(theirs?.total_price, `${input} input tokens at ${when.toISOString()}`).toBeCloseTo(ours(m, rule, input, 1000, inWindow), 9);
      }
    }
  });
});
