import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, PAGE_ROUTES } from '../../src/http/app.js';
import { openApiPath } from '../../src/http/openapi.js';
import {
  badgeJsonResponseSchema,
  calculateResponseSchema,
  catalogueSchema,
  cheapestResponseSchema,
  compareResponseSchema,
  errorBodySchema,
  healthResponseSchema,
  recommendResponseSchema,
  repriceResponseSchema,
  shieldsResponseSchema,
} from '../../src/endpoints/responses/index.js';
import { fixtureApp, getJson } from '../fixtures/catalogue.js';

/** The operation of an endpoint in the document: get, or post for an endpoint that takes a body. */
const operation = (e: { method?: string }) => (e.method === 'POST' ? 'post' : 'get');

type Operation = {
  parameters: Array<{ name: string; in: string; example?: string }>;
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
type Doc = {
  openapi: string;
  paths: Record<string, { get: Operation; post?: Operation }>;
  components: { schemas: Record<string, unknown> };
};

async function document(): Promise<Doc> {
  const { status, body } = await getJson('/openapi.json');
  expect(status).toBe(200);
  return body as Doc;
}

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every GET route the app serves, ENDPOINTS and pages alike', async () => {
    const doc = await document();
    const app = fixtureApp();
    const served = new Set(
      app.app.routes.filter((r) => r.method === 'GET' && !r.path.includes('*')).map((r) => openApiPath(r.path)),
    );
    expect(served.size).toBe(ENDPOINTS.filter((e) => e.method !== 'POST').length + PAGE_ROUTES.length);
    for (const path of served) expect(Object.keys(doc.paths)).toContain(path);
    // The POST endpoints (/mcp, outside the endpoints, is not in the document): /api/reprice.
    const posted = [...new Set(app.app.routes.filter((r) => r.method === 'POST').map((r) => openApiPath(r.path)))];
    expect(posted).toEqual(ENDPOINTS.filter((e) => e.method === 'POST').map((e) => e.path));
    expect(posted).toEqual(['/api/reprice']);
    expect(Object.keys(doc.paths['/api/reprice']!)).toEqual(['post']);
    expect(Object.keys(doc.paths).sort()).toEqual([...served, ...posted].sort());
  });

  it('documents each endpoint parameter from its zod query schema', async () => {
    const doc = await document();
    for (const e of ENDPOINTS) {
      const documented = doc.paths[e.path]![operation(e)]!.parameters.map((p) => p.name);
      expect(documented, e.path).toEqual(e.ignoreQuery ? [] : Object.keys(e.query.shape));
    }
    const calculate = doc.paths['/api/calculate']!.get.parameters;
    expect(calculate.find((p) => p.name === 'mode')).toMatchObject({
      in: 'query',
      schema: { enum: ['standard', 'streaming', 'batch'] },
    });
    expect(calculate.find((p) => p.name === 'input_tokens')).toMatchObject({
      schema: { default: '2000', type: 'string' },
    });
    // The parts billed beyond text tokens, on every cost endpoint.
    for (const path of ['/api/calculate', '/api/compare', '/api/cheapest', '/api/recommend']) {
      const names = doc.paths[path]!.get.parameters.map((p) => p.name);
      expect(names, path).toEqual(
        expect.arrayContaining([
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
        ]),
      );
    }
    expect(calculate.find((p) => p.name === 'service_tier')).toMatchObject({
      schema: { enum: ['standard', 'flex', 'priority', 'fast', 'default'], default: 'standard' },
    });
    expect(doc.paths['/models/{id}']!.get.parameters).toMatchObject([{ name: 'id', in: 'path' }]);
  });

  it('gives examples with model ids of the running catalogue, so "try it" works', async () => {
    const doc = await document();
    const model = doc.paths['/api/badge']!.get.parameters.find((p) => p.name === 'model');
    expect(model?.example).toBe('alpha-large');
    const models = doc.paths['/api/compare']!.get.parameters.find((p) => p.name === 'models');
    expect(models?.example).toBe('alpha-large,alpha-mini');
    expect((await getJson(`/api/compare?models=${models?.example}`)).status).toBe(200);
  });

  it('documents the error envelope for 400, 404 and 405', async () => {
    const doc = await document();
    const errorRef = '#/components/schemas/Error';
    for (const status of ['400', '404', '405']) {
      expect(doc.paths['/api/calculate']!.get.responses[status]?.content?.['application/json']?.schema.$ref).toBe(
        errorRef,
      );
    }
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['error'] });
    // A real error body fits the documented envelope.
    const { body } = await getJson('/api/calculate?model=alpha-nan');
    expect(errorBodySchema.safeParse(body).success).toBe(true);
    expect(body.error).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
  });
});

describe('the documented response schemas hold the real answers', () => {
  const cases = [
    ['/api/pricing', catalogueSchema],
    ['/data/pricing.json', catalogueSchema],
    ['/api/calculate?model=alpha-large', calculateResponseSchema],
    ['/api/calculate?models=alpha-large,beta-pro&mode=batch', calculateResponseSchema],
    ['/api/cheapest?budget=100&use_case=coding', cheapestResponseSchema],
    ['/api/cheapest?budget=1&use_case=reasoning', cheapestResponseSchema],
    ['/api/recommend?use_case=vision&budget=premium', recommendResponseSchema],
    ['/api/pricing?provider=beta&tier=premium', catalogueSchema],
    ['/api/compare?models=alpha-nano,beta-pro', compareResponseSchema],
    ['/api/recommend?use_case=coding&max_cost=0.01', recommendResponseSchema],
    ['/api/badge?model=beta-pro&format=json', badgeJsonResponseSchema],
    ['/api/badge?model=beta-pro&format=shields', shieldsResponseSchema],
    ['/healthz', healthResponseSchema],
  ] as const;
  it.each(cases)('%s', async (path, schema) => {
    const { status, body } = await getJson(path);
    expect(status).toBe(200);
    const parsed = schema.safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('POST /api/reprice', async () => {
    const csv =
      'date,model,input_tokens,output_tokens,cost\n2026-11-20,alpha-large,1000000,100000,1.5\n2026-11-21,alpha-mini,1000,100,\n2026-11-21,nope-model,1,1,\nbad-date,alpha-large,1,1,\n';
    const res = await fixtureApp().request('http://localhost/api/reprice?targets=beta-pro&detail=rows', {
      method: 'POST',
      body: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      rows: unknown[];
      unknownModels: unknown[];
      errors: unknown[];
      targets: unknown[];
    };
    expect([body.rows.length, body.unknownModels.length, body.errors.length, body.targets.length]).toEqual([
      2, 1, 1, 1,
    ]);
    const parsed = repriceResponseSchema.safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});

describe('coverage of responses', () => {
  it('every endpoint has a documented success response, not a generic one', async () => {
    const doc = await document();
    for (const e of ENDPOINTS) {
      const ok = doc.paths[e.path]![operation(e)]!.responses['200'] as { description: string };
      expect(ok.description, e.path).not.toBe('Success.');
    }
  });
});
