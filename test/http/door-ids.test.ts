// `<model-id>@<seller>` wherever a model id goes, and each record's `offers`, over the real data.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { resolveDoor } from '../../src/core/offers/resolve.js';

const catalogue = loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data'));
const app = createService({ catalogue });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
async function get(path: string): Promise<{ status: number; body: any; text: string }> {
  const res = await app.request(`http://localhost${path}`);
  const text = await res.text();
  return {
    status: res.status,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
    text,
  };
}
const bedrock = resolveDoor(catalogue, 'anthropic-claude-sonnet-5@amazon-bedrock')!;

describe('<model-id>@<seller>', () => {
  it("calculate prices Bedrock's door to Claude Sonnet 5 at Bedrock's prices", async () => {
    const { status, body } = await get(
      '/api/calculate?model=anthropic-claude-sonnet-5@amazon-bedrock&input_tokens=1000000&output_tokens=100000&requests=1&days=1',
    );
    expect(status).toBe(200);
    expect(body.model).toBe('anthropic-claude-sonnet-5@amazon-bedrock');
    const door = bedrock.door!.prices!;
    // One request of 1M input and 100K output: the input price plus a tenth of the output price.
    expect(body.costs.perRequest).toBe(Number((door.input + door.output / 10).toFixed(9)));
    expect(body.appliedPrices.input).toBe(door.input);
  });
  it("takes a seller by a source's name for it (bedrock) and any case", async () => {
    const { body } = await get('/api/calculate?model=Anthropic-Claude-Sonnet-5@Bedrock');
    expect(body.model).toBe('anthropic-claude-sonnet-5@amazon-bedrock');
  });
  it('compares one model at two sellers side by side', async () => {
    const { status, body } = await get(
      '/api/compare?models=deepseek-deepseek-v4-pro@deepseek,deepseek-deepseek-v4-pro@deepinfra',
    );
    expect(status).toBe(200);
    expect(JSON.stringify(body)).toContain('deepseek-deepseek-v4-pro@deepinfra');
  });
  it('gives the badge of a door', async () => {
    const { status, body } = await get('/api/badge?model=deepseek-deepseek-v4-pro@deepinfra&format=json');
    expect(status).toBe(200);
    expect(JSON.stringify(body)).toContain('deepseek-deepseek-v4-pro@deepinfra');
  });
  it("answers an unknown seller with a 404 that lists the model's doors", async () => {
    const { status, body } = await get('/api/calculate?model=deepseek-deepseek-v4-pro@deepinfr');
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ code: 'door_not_found', param: 'model' });
    expect(body.error.suggestions).toContain('deepseek-deepseek-v4-pro@deepinfra');
    expect(body.error.message).toContain('deepseek-deepseek-v4-pro@nebius');
    expect((await get('/api/calculate?model=nope@deepinfra')).status).toBe(404);
  });
});

describe('offers on records', () => {
  it("counts each record's doors in the list", async () => {
    const { body } = await get('/api/pricing');
    const pro = body.models.find((m: { id: string }) => m.id === 'deepseek-deepseek-v4-pro');
    expect(pro.offers).toBeGreaterThanOrEqual(15);
    for (const m of body.models) expect(m.offers).toBeGreaterThanOrEqual(1);
  });
  it('lists the doors, each with its source and date, on ?model=', async () => {
    const { body } = await get('/api/pricing?model=google-gemma-4-31b-it');
    expect(body.model.offers[0]).toMatchObject({ seller: 'google', makersDoor: true, keptOut: 'free_tier' });
    for (const door of body.model.offers) {
      expect(door.source.length).toBeGreaterThan(0);
      expect(door.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
