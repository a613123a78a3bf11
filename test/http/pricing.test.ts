import { describe, expect, it } from 'vitest';
import { fixtureApp } from '../fixtures/catalogue.js';
import { expectError, getJson, getText } from './helpers.js';

const ALL = ['alpha-large', 'alpha-mini', 'alpha-nano', 'beta-pro', 'beta-flash', 'beta-classic'];
const ids = (body: { models: Array<{ id: string }> }) => body.models.map((m) => m.id);
const SPEC_FIELDS = ['id', 'name', 'provider', 'providerSlug', 'tier', 'input', 'output', 'context', 'verified'];

describe('GET /api/pricing', () => {
  it('without parameters: the whole catalogue as {models, meta}', async () => {
    const { status, body } = await getJson('/api/pricing');
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['models', 'meta']);
    expect(ids(body)).toEqual(ALL);
    expect(body.meta).toEqual({
      count: 6,
      providers: ['Alpha AI', 'Beta Labs'],
      tiers: ['Budget', 'Mid', 'Premium'],
      lastUpdated: '2026-11-21',
      source: '/',
      docs: '/docs',
    });
  });

  it('serves every record with the nine SPEC 2.1 fields first, as typed', async () => {
    const { body } = await getJson('/api/pricing');
    for (const m of body.models) {
      expect(Object.keys(m).slice(0, 9)).toEqual(SPEC_FIELDS);
      expect(typeof m.input).toBe('number');
      expect(typeof m.output).toBe('number');
      for (const f of ['id', 'name', 'provider', 'providerSlug', 'tier', 'context', 'verified'])
        expect(typeof m[f]).toBe('string');
    }
    expect(body.models[3]).toMatchObject({
      id: 'beta-pro',
      name: 'Beta Pro',
      provider: 'Beta Labs',
      providerSlug: 'beta',
      tier: 'Mid',
      input: 1.25,
      output: 10,
      context: '1M',
      verified: 'November 2026',
    });
  });

  it('provider filters by slug, case-insensitively, and takes a comma list', async () => {
    expect(ids((await getJson('/api/pricing?provider=beta')).body)).toEqual(['beta-pro', 'beta-flash', 'beta-classic']);
    expect(ids((await getJson('/api/pricing?provider=ALPHA')).body)).toEqual([
      'alpha-large',
      'alpha-mini',
      'alpha-nano',
    ]);
    expect(ids((await getJson('/api/pricing?provider=beta,Alpha')).body)).toEqual(ALL);
    expect(ids((await getJson('/api/pricing?provider=alpha,%20alpha')).body)).toEqual([
      'alpha-large',
      'alpha-mini',
      'alpha-nano',
    ]);
    const { body } = await getJson('/api/pricing?provider=beta');
    expect(body.meta.count).toBe(3);
  });

  it('tier filters case-insensitively', async () => {
    for (const tier of ['Budget', 'budget', 'BUDGET']) {
      expect(ids((await getJson(`/api/pricing?tier=${tier}`)).body)).toEqual([
        'alpha-mini',
        'alpha-nano',
        'beta-flash',
      ]);
    }
    expect(ids((await getJson('/api/pricing?tier=mid')).body)).toEqual(['beta-pro', 'beta-classic']);
    expect(ids((await getJson('/api/pricing?tier=Premium')).body)).toEqual(['alpha-large']);
  });

  it('combines filters with AND; meta.count is the number returned', async () => {
    const { body } = await getJson('/api/pricing?provider=alpha&tier=budget');
    expect(ids(body)).toEqual(['alpha-mini', 'alpha-nano']);
    expect(body.meta.count).toBe(2);
    const none = await getJson('/api/pricing?provider=beta&tier=premium');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ models: [], meta: { count: 0 } });
    // Beta Labs has Mid and Budget models only: the hint says so.
    expect(none.body.hint).toEqual({
      param: 'tier',
      message: 'No model meets provider=beta and tier=Premium. Without tier, beta has models in tiers Budget, Mid.',
      without: ['tier'],
    });
    expect(body.hint).toBeUndefined();
  });

  it('model answers {model, source, docs}, matching the id case-insensitively', async () => {
    // Surrounding spaces are trimmed, as in models lists.
    for (const id of ['alpha-large', 'ALPHA-LARGE', 'Alpha-Large', '%20alpha-large%20']) {
      const { status, body } = await getJson(`/api/pricing?model=${id}`);
      expect(status).toBe(200);
      expect(Object.keys(body)).toEqual(['model', 'source', 'docs']);
      expect(body.model).toMatchObject({
        id: 'alpha-large',
        name: 'Alpha Large',
        provider: 'Alpha AI',
        tier: 'Premium',
        input: 3,
        output: 15,
        context: '1M',
      });
      expect(body.source).toBe('/');
      expect(body.docs).toBe('/docs');
    }
  });

  it('model with filters it matches answers the model; with filters it does not, a 404', async () => {
    expect((await getJson('/api/pricing?model=alpha-large&provider=alpha&tier=premium')).status).toBe(200);
    await expectError('/api/pricing?model=alpha-large&provider=beta', 404, 'model_not_found', 'model');
    await expectError('/api/pricing?model=alpha-large&tier=budget', 404, 'model_not_found', 'model');
  });

  it('an unknown model is a 404 with the closest ids', async () => {
    const error = await expectError('/api/pricing?model=alpha-larg', 404, 'model_not_found', 'model');
    expect(error.suggestions?.[0]).toBe('alpha-large');
    expect(Array.isArray(error.suggestions)).toBe(true);
  });

  it('an unknown provider is a 400 naming the allowed slugs', async () => {
    const error = await expectError('/api/pricing?provider=gamma', 400, 'invalid_parameter', 'provider');
    expect(error.message).toContain('alpha, beta');
    expect(error.message).toContain('gamma');
    await expectError('/api/pricing?provider=alpha,gamma', 400, 'invalid_parameter', 'provider');
    expect(
      (await expectError('/api/pricing?provider=alpah', 400, 'invalid_parameter', 'provider')).suggestions,
    ).toEqual(['alpha']);
  });

  it('a provider list naming no slug is a 400, not an empty answer', async () => {
    const error = await expectError('/api/pricing?provider=,', 400, 'invalid_parameter', 'provider');
    expect(error.message).toContain('alpha, beta');
    await expectError('/api/pricing?provider=%20,%20', 400, 'invalid_parameter', 'provider');
  });

  it('an unknown tier is a 400 naming the allowed tiers', async () => {
    const error = await expectError('/api/pricing?tier=cheap', 400, 'invalid_parameter', 'tier');
    expect(error.message.toLowerCase()).toContain('budget, mid, premium');
  });

  it('refuses a repeated and an unknown parameter; empty values are absent', async () => {
    await expectError('/api/pricing?tier=mid&tier=budget', 400, 'duplicate_parameter', 'tier');
    await expectError('/api/pricing?provider=alpha&provider=beta', 400, 'duplicate_parameter', 'provider');
    await expectError('/api/pricing?models=alpha-large', 400, 'unknown_parameter', 'models');
    const whole = await getText('/api/pricing');
    const empty = await getText('/api/pricing?provider=&tier=&model=');
    expect(empty.status).toBe(200);
    expect(empty.text).toBe(whole.text);
  });

  it('prints prices as they are in the data', async () => {
    const { text } = await getText('/api/pricing?model=alpha-large');
    expect(text).toContain('"input":3,"output":15,');
    expect(text).toContain('"longContext":{"threshold":200000,"input":6,"output":22.5,"cachedInput":0.6}');
  });
});

describe('GET /data/pricing.json', () => {
  it('equals /api/pricing without parameters', async () => {
    const app = fixtureApp();
    const file = await getText('/data/pricing.json', app);
    const api = await getText('/api/pricing', app);
    expect(file.status).toBe(200);
    expect(file.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(file.text).toBe(api.text);
    expect(file.res.headers.get('etag')).toBe(api.res.headers.get('etag'));
  });

  it('takes no parameters: a query string changes nothing', async () => {
    const plain = await getText('/data/pricing.json');
    const busted = await getText('/data/pricing.json?v=2&provider=alpha');
    expect(busted.status).toBe(200);
    expect(busted.text).toBe(plain.text);
  });
});
