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
  sellerModelId: string;
  prices?: { input: number; output: number };
}
async function doorsOf(model: string): Promise<Item[]> {
  const res = await app.request(`http://localhost/api/offers?model=${model}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { offers: Item[]; cannotRun: Item[]; keptOut: Item[] };
  return [...body.offers, ...body.cannotRun, ...body.keptOut];
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
      for (const d of await doorsOf(model))
        expect(d.sellerModelId, `${model}@${d.seller}`).not.toMatch(
          /(^|[/-])(tee|fast|highspeed|lightning|fp8|6bit)([/-]|$)/i,
        );
    }
  });
});
