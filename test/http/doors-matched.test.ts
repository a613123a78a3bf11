// Issue 51's done-checks over the real data, through /api/offers: the doors matching used to miss are
// listed, and no serving variant (TEE, fast) stands in for a plain model.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const DATA = join(resolve(import.meta.dirname, '..', '..'), 'data');
const app = createService({ catalogue: loadCatalogueFromDir(DATA) });
interface Item {
  seller: string;
  door: string;
  sellerModelId: string;
  variant?: string;
  reason?: string;
  prices?: { input: number; output: number };
}
async function answer(model: string): Promise<{ offers: Item[]; cannotRun: Item[]; keptOut: Item[] }> {
  const res = await app.request(`http://localhost/api/offers?model=${model}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { offers: Item[]; cannotRun: Item[]; keptOut: Item[] };
}
/** A model's plain doors (its serving variants are doors of their own). */
async function doorsOf(model: string): Promise<Item[]> {
  const body = await answer(model);
  return [...body.offers, ...body.cannotRun, ...body.keptOut].filter((d) => d.variant === undefined);
}

describe('doors matched by issue 51', () => {
  it("lists Venice's gpt-oss-120b at $0.07 / $0.30 and NanoGPT's plain door, never its TEE/ one", async () => {
    const doors = await doorsOf('openai-gpt-oss-120b');
    expect(doors.find((d) => d.seller === 'venice')).toMatchObject({
      sellerModelId: 'openai-gpt-oss-120b',
      prices: { input: 0.07, output: 0.3 },
    });
    expect(doors.find((d) => d.seller === 'nano-gpt')).toMatchObject({
      sellerModelId: 'openai/gpt-oss-120b',
      prices: { input: 0.05, output: 0.25 },
    });
  });
  it("lists Bedrock's Gemma 4 31B ($0.14 / $0.40, its bedrock_mantle endpoint)", async () => {
    expect((await doorsOf('google-gemma-4-31b-it')).find((d) => d.seller === 'amazon-bedrock')).toMatchObject({
      sellerModelId: 'google.gemma-4-31b',
      prices: { input: 0.14, output: 0.4 },
    });
  });
  it('lets no TEE, fast or other serving variant stand in for a plain model', async () => {
    for (const model of [
      'openai-gpt-oss-120b',
      'google-gemma-4-31b-it',
      'deepseek-deepseek-v4-pro',
      'anthropic-claude-opus-4-8',
      'minimax-minimax-m2.5',
      'moonshot-kimi-k2.6',
      'zhipu-glm-5.1',
    ]) {
      const body = await answer(model);
      for (const d of [...body.offers, ...body.cannotRun, ...body.keptOut]) {
        const named = /(^|[/-])(tee|fast|turbo|highspeed|lightning|flex|fp8|6bit)([/-]|$)/i.test(d.sellerModelId);
        // A variant is a door of its own, named so (its id, its `variant`), kept out of the model's ranking.
        expect(d.variant !== undefined, `${model}@${d.seller} ${d.sellerModelId}`).toBe(named);
        if (d.variant) {
          expect(d.reason, d.door).toBe('variant');
          expect(d.door).toBe(`${model}@${d.seller}:${d.variant.replace(/ /g, '-')}`);
        }
      }
    }
  });
  it("prices NanoGPT's TEE door at its own $2 / $2 by its id, and the seller alone names the plain door", async () => {
    const { keptOut } = await answer('openai-gpt-oss-120b');
    expect(keptOut.find((d) => d.seller === 'nano-gpt' && d.variant)).toMatchObject({
      door: 'openai-gpt-oss-120b@nano-gpt:tee',
      sellerModelId: 'TEE/gpt-oss-120b',
      variant: 'tee',
      reason: 'variant',
      prices: { input: 2, output: 2 },
    });
    const at = async (id: string) =>
      (await (
        await app.request(
          `http://localhost/api/calculate?model=${id}&input_tokens=1000000&output_tokens=1000000&requests=1`,
        )
      ).json()) as {
        costs: { perRequest: number };
      };
    expect((await at('openai-gpt-oss-120b@nano-gpt:tee')).costs.perRequest).toBe(4);
    expect((await at('openai-gpt-oss-120b@nano-gpt')).costs.perRequest).toBe(0.3);
  });
});
