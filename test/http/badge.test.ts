import { describe, expect, it } from 'vitest';
import { fixtureApp } from '../fixtures/catalogue.js';
import { expectError, getJson, getText } from './helpers.js';

describe('GET /api/badge', () => {
  it('is an SVG image by default, naming the model and its prices', async () => {
    const { status, res, text } = await getText('/api/badge?model=beta-pro');
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(text).toMatch(/^<svg[\s>]/);
    expect(text).toContain('</svg>');
    expect(text).toContain('Beta Pro');
    expect(text).toContain('$1.25');
    expect(text).toContain('$10');
  });

  it('prints prices without float noise', async () => {
    const { text } = await getText('/api/badge?model=alpha-nano');
    expect(text).toContain('$0.05');
    expect(text).toContain('$0.4');
    expect(text).not.toMatch(/0\.0500000|0\.4000000/);
  });

  it('format=svg is the default answer', async () => {
    const plain = await getText('/api/badge?model=alpha-nano');
    const svg = await getText('/api/badge?model=alpha-nano&format=svg');
    expect(svg.res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.text).toBe(plain.text);
  });

  it('style=flat is the default; flat and flat-square look different', async () => {
    const plain = await getText('/api/badge?model=alpha-nano');
    const flat = await getText('/api/badge?model=alpha-nano&style=flat');
    const square = await getText('/api/badge?model=alpha-nano&style=flat-square');
    expect(flat.text).toBe(plain.text);
    expect(square.status).toBe(200);
    expect(square.res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(square.text).not.toBe(flat.text);
    // flat has rounded corners, flat-square none
    expect(flat.text).toMatch(/rx="[1-9]/);
    expect(square.text).not.toMatch(/rx="[1-9]/);
  });

  it('matches the model id case-insensitively', async () => {
    const { status, text } = await getText('/api/badge?model=BETA-PRO');
    expect(status).toBe(200);
    expect(text).toContain('Beta Pro');
  });

  it('format=json gives {embed: {markdown, html, rst}, badge_url, pricing}', async () => {
    const { status, body } = await getJson('/api/badge?model=alpha-nano&format=json');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['badge_url', 'embed', 'pricing']);
    expect(Object.keys(body.embed).sort()).toEqual(['html', 'markdown', 'rst']);
    const url = 'http://localhost/api/badge?model=alpha-nano';
    expect(body.badge_url).toBe(url);
    expect(body.embed.markdown).toContain(`![Alpha Nano price](${url})`);
    expect(body.embed.html).toContain(`<img src="${url}"`);
    expect(body.embed.html).toContain('alt="Alpha Nano price"');
    expect(body.embed.rst).toContain(`.. image:: ${url}`);
    expect(body.pricing).toMatchObject({
      id: 'alpha-nano',
      name: 'Alpha Nano',
      provider: 'Alpha AI',
      tier: 'Budget',
      input: 0.05,
      output: 0.4,
      context: '128K',
    });
  });

  it('format=json with flat-square puts the style in the badge URL', async () => {
    const { body } = await getJson('/api/badge?model=alpha-nano&format=json&style=flat-square');
    expect(body.badge_url).toBe('http://localhost/api/badge?model=alpha-nano&style=flat-square');
    expect(body.embed.html).toContain('model=alpha-nano&#38;style=flat-square'); // & escaped inside the attribute
  });

  it('format=md is the Markdown image as text', async () => {
    const { status, res, text } = await getText('/api/badge?model=alpha-nano&format=md');
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/(markdown|plain)/);
    expect(text).toContain('![Alpha Nano price](http://localhost/api/badge?model=alpha-nano)');
    const { body } = await getJson('/api/badge?model=alpha-nano&format=json');
    expect(text).toBe(body.embed.markdown);
  });

  it('format=url is the badge URL as text', async () => {
    const { status, res, text } = await getText('/api/badge?model=Alpha-Nano&format=url');
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text).toBe('http://localhost/api/badge?model=alpha-nano');
  });

  it('uses BASE_URL when set, the request origin otherwise', async () => {
    const app = fixtureApp({ baseUrl: 'https://prices.example.com/' });
    const { body } = await getJson('/api/badge?model=alpha-nano&format=json', app);
    expect(body.badge_url).toBe('https://prices.example.com/api/badge?model=alpha-nano');
    expect(body.embed.markdown).toContain('https://prices.example.com/');
    expect(body.embed.markdown).not.toContain('localhost');
    const res = await fixtureApp().request('https://api.example.org:8443/api/badge?model=alpha-nano&format=url');
    expect(await res.text()).toBe('https://api.example.org:8443/api/badge?model=alpha-nano');
  });

  it('needs a model (an empty value counts as absent)', async () => {
    await expectError('/api/badge', 400, 'missing_parameter', 'model');
    await expectError('/api/badge?model=', 400, 'missing_parameter', 'model');
  });

  it('an unknown model is a 404: JSON with suggestions for the text formats', async () => {
    for (const format of ['json', 'md', 'url']) {
      const error = await expectError(`/api/badge?model=beta-flsh&format=${format}`, 404, 'model_not_found', 'model');
      expect(error.suggestions?.[0]).toBe('beta-flash');
    }
  });

  it('an unknown model asked for as an image is a 404 image (issue 4: a broken badge says why)', async () => {
    const { status, res, text } = await getText('/api/badge?model=beta-flsh');
    expect(status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^(image\/svg\+xml|application\/json)/);
    if (res.headers.get('content-type')?.startsWith('image/svg+xml')) expect(text).toMatch(/not found/i);
  });

  it('an unknown style or format is a 400 naming what is allowed', async () => {
    const style = await expectError('/api/badge?model=alpha-nano&style=rounded', 400, 'invalid_parameter', 'style');
    expect(style.message).toContain('flat-square');
    const format = await expectError('/api/badge?model=alpha-nano&format=pdf', 400, 'invalid_parameter', 'format');
    expect(format.message).toMatch(/json.*md.*url/);
  });

  it('refuses a repeated and an unknown parameter', async () => {
    await expectError('/api/badge?model=alpha-nano&model=beta-pro', 400, 'duplicate_parameter', 'model');
    await expectError('/api/badge?model=alpha-nano&colour=red', 400, 'unknown_parameter', 'colour');
  });
});
