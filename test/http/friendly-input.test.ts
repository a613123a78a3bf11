/** Input as people type it: grouped digits, lists with spaces, a trailing slash; and errors that say what to type. */
import { describe, expect, it } from 'vitest';
import { expectError, fixtureApp, getJson, getText } from './helpers.js';

describe('numbers', () => {
  it('input_tokens=1,000 reads as 1000 (digits grouped in threes by commas)', async () => {
    const grouped = await getJson('/api/calculate?model=alpha-nano&input_tokens=1,000&requests=1,000,000');
    const plain = await getJson('/api/calculate?model=alpha-nano&input_tokens=1000&requests=1000000');
    expect(grouped.status).toBe(200);
    expect(grouped.body.workload).toMatchObject({ input_tokens: 1000, requests: 1_000_000 });
    expect(grouped.body).toEqual(plain.body);
  });

  it.each(['1,00', '1,0000', ',100', '100,', '1.5', '1e3', '1 000'])(
    'input_tokens=%s is refused in plain words: plain digits, e.g. 1000',
    async (value) => {
      const error = await expectError(
        `/api/calculate?model=alpha-nano&input_tokens=${encodeURIComponent(value)}`,
        400,
        'invalid_parameter',
        'input_tokens',
      );
      expect(error.message).toBe(
        `input_tokens must be a whole number from 0 to 100000000 in plain digits, e.g. 1000; got ${JSON.stringify(value)}.`,
      );
    },
  );

  it('a small range gives an example within it', async () => {
    const error = await expectError('/api/cheapest?limit=eleven', 400, 'invalid_parameter', 'limit');
    expect(error.message).toBe('limit must be a whole number from 1 to 10 in plain digits, e.g. 10; got "eleven".');
  });

  it('budget=$1,000.50 reads as 1000.5; a malformed amount says plain digits', async () => {
    expect((await getJson('/api/cheapest?budget=%241%2C000.50')).body.filters.budget).toBe(1000.5);
    expect((await getJson('/api/cheapest?budget=1,000')).body.filters.budget).toBe(1000);
    const error = await expectError('/api/cheapest?budget=1,00', 400, 'invalid_parameter', 'budget');
    expect(error.message).toBe(
      'budget must be an amount of USD in plain digits, e.g. 25 or 0.01 (at most 9 decimals); got "1,00".',
    );
  });
});

describe('lists with spaces', () => {
  const compared = async (models: string) =>
    (await getJson(`/api/compare?models=${encodeURIComponent(models)}`)).body.comparison.map(
      (r: { id: string }) => r.id,
    );

  it.each(['alpha-nano,beta-pro', 'alpha-nano beta-pro', 'alpha-nano, beta-pro', ' alpha-nano ,beta-pro '])(
    'models=%j reads as two ids',
    async (models) => {
      expect(await compared(models)).toEqual(['alpha-nano', 'beta-pro']);
    },
  );

  it('models=a+b (a space in a query) reads as two ids', async () => {
    expect((await getJson('/api/compare?models=alpha-nano+beta-pro')).body.comparison).toHaveLength(2);
  });

  it('too few ids names the count and the ids read, never a bare "got 1"', async () => {
    const error = await expectError('/api/compare?models=alpha-nano', 400, 'invalid_parameter', 'models');
    expect(error.message).toBe(
      'models must list 2 to 10 model ids separated by commas, e.g. openai-gpt-5.6-terra,anthropic-claude-sonnet-5; got 1 ("alpha-nano").',
    );
  });

  it('provider=alpha beta reads as two providers', async () => {
    const { body } = await getJson('/api/pricing?provider=alpha%20beta');
    expect(body.meta.count).toBe(6);
  });
});

describe('a trailing slash on a path', () => {
  it.each([
    ['/api/pricing/', '/api/pricing'],
    ['/api/pricing/?tier=mid&provider=beta', '/api/pricing?tier=mid&provider=beta'],
    ['/models/beta-pro/', '/models/beta-pro'],
    ['/docs/', '/docs'],
    ['/docs///', '/docs'],
    ['/assets/docs.css//?v=2', '/assets/docs.css?v=2'],
    [`/${'/'.repeat(8000)}`, '/'],
  ])('%s redirects (301) to %s, query kept, in one step and with no body type', async (path, target) => {
    const { res, text } = await getText(path, fixtureApp({ maxUrlBytes: 16_384 }), { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`http://localhost${target}`);
    expect(res.headers.get('content-type')).toBeNull();
    expect(text).toBe('');
  });

  it('redirects to BASE_URL when set, whatever the Host header says, and never to another site', async () => {
    const app = fixtureApp({ baseUrl: 'https://prices.example' });
    const res = await app.request('http://evil.example/api/pricing/?tier=mid', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('https://prices.example/api/pricing?tier=mid');
    // `//evil.example/` is no path of this site: a 404, never a redirect that could read as another site's address.
    const slashes = await app.request('http://localhost//evil.example/', { redirect: 'manual' });
    expect(slashes.status).toBe(404);
    expect(slashes.headers.get('location')).toBeNull();
  });

  it('the redirect target answers; / is left alone; a path nothing serves without its slash is a 404 at once', async () => {
    expect((await getJson('/api/pricing?tier=mid&provider=beta')).body.meta.count).toBe(2);
    expect((await getText('/')).status).toBe(200);
    for (const path of ['/api/nope/', '/assets/', '/assets//', '/api/']) {
      const { res, text } = await getText(path, undefined, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
      expect(JSON.parse(text).error.code).toBe('not_found');
    }
  });
});
