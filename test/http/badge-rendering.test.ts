import { describe, expect, it } from 'vitest';
import { BADGE_STYLES, formatPrice, priceBadgeContent } from '../../src/badge/price-badge.js';
import { fixtureCatalogue, fixtureApp, getJson } from '../fixtures/catalogue.js';

const app = fixtureApp();
async function get(path: string) {
  const res = await app.request(`http://localhost${path}`);
  return { res, status: res.status, text: await res.text() };
}

describe('badge content', () => {
  it('reads "<name> | $in / $out per 1M", coloured by tier', () => {
    const content = (id: string) => priceBadgeContent(fixtureCatalogue.byId.get(id)!);
    expect(content('beta-pro')).toEqual({ label: 'Beta Pro', message: '$1.25 / $10 per 1M', color: 'blue' });
    expect(content('alpha-nano')).toEqual({
      label: 'Alpha Nano',
      message: '$0.05 / $0.4 per 1M',
      color: 'brightgreen',
    });
    expect(content('alpha-large')).toEqual({ label: 'Alpha Large', message: '$3 / $15 per 1M', color: 'blueviolet' });
  });

  it('prints prices as exact decimals, never exponents or float noise', () => {
    expect(formatPrice(0.0000001)).toBe('$0.0000001');
    expect(formatPrice(0.1 + 0.2 - 0.0000000000000000556)).toBe('$0.3');
    expect(formatPrice(22.5)).toBe('$22.5');
  });
});

describe('GET /api/badge as an image', () => {
  it.each(BADGE_STYLES)('style=%s renders the same SVG every time (snapshot)', async (style) => {
    const { status, res, text } = await get(`/api/badge?model=beta-pro&style=${style}`);
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    // for-the-badge writes its text in capitals.
    expect(text.toLowerCase()).toContain('<title>beta pro: $1.25 / $10 per 1m</title>');
    expect(text).toMatchSnapshot();
  });

  it('has an accessible name and the tier colour (Mid is blue, #007ec6)', async () => {
    const { text } = await get('/api/badge?model=beta-pro');
    expect(text).toContain('aria-label="Beta Pro: $1.25 / $10 per 1M"');
    expect(text).toContain('fill="#007ec6"');
    expect((await get('/api/badge?model=alpha-nano')).text).toContain('fill="#4b0"'); // badge-maker's brightgreen
  });

  it('an unknown model is an SVG error badge with status 404, in the asked style', async () => {
    const { status, res, text } = await get('/api/badge?model=nope&style=for-the-badge');
    expect(status).toBe(404);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(text.toLowerCase()).toContain('aria-label="price: model not found"');
    expect(text).toMatchSnapshot();
  });

  it('a bad style is a 400 naming the styles', async () => {
    const { status, body } = await getJson('/api/badge?model=beta-pro&style=rounded');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_parameter', param: 'style' });
    expect(body.error.message).toContain('for-the-badge');
  });
});

describe('GET /api/badge as data', () => {
  it('format=shields is shields.io endpoint-badge JSON', async () => {
    const { status, body } = await getJson('/api/badge?model=alpha-large&format=shields&style=flat-square');
    expect(status).toBe(200);
    expect(body).toEqual({
      schemaVersion: 1,
      label: 'Alpha Large',
      message: '$3 / $15 per 1M',
      color: 'blueviolet',
      style: 'flat-square',
    });
  });

  it('format=shields for an unknown model keeps the JSON 404', async () => {
    const { status, body } = await getJson('/api/badge?model=nope&format=shields');
    expect(status).toBe(404);
    expect(body.error.code).toBe('model_not_found');
  });

  it("embed snippets link the badge to the model's page on the site", async () => {
    const { body } = await getJson('/api/badge?model=beta-pro&format=json');
    const page = 'http://localhost/models/beta-pro';
    expect(body.embed.markdown).toBe(`[![Beta Pro price](http://localhost/api/badge?model=beta-pro)](${page})`);
    expect(body.embed.html).toBe(
      `<a href="${page}"><img src="http://localhost/api/badge?model=beta-pro" alt="Beta Pro price"></a>`,
    );
    expect(body.embed.rst).toContain(`:target: ${page}`);
    expect(body.pricing.message).toBe('$1.25 / $10 per 1M');
    expect((await get('/models/beta-pro')).status).toBe(200);
  });
});
