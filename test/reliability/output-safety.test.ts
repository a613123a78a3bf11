/**
 * Outputs are safe by construction: nosniff everywhere, a strict CSP on HTML, markup from the
 * catalogue escaped, client input never echoed as markup, and URLs past the bound refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/core/catalogue/catalogue.js';
import { ENDPOINTS } from '../../src/http/app.js';
import { CONTENT_SECURITY_POLICY } from '../../src/http/middleware/security-headers/index.js';
import { fixtureFiles } from '../fixtures/catalogue.js';
import { reliabilityApp as fixtureApp } from './app.js';
import { PARAM_NAMES } from './arbitraries.js';
import { checkResponse } from './check-response.js';

const app = fixtureApp();

describe('headers', () => {
  it('sets nosniff on answers of every kind: 200, 304, 400, 404, 405, 414, preflight', async () => {
    const ok = await app.request('/api/pricing');
    const etag = ok.headers.get('ETag') ?? '';
    const answers = await Promise.all([
      Promise.resolve(ok),
      app.request('/api/pricing', { headers: { 'If-None-Match': etag } }),
      app.request('/api/pricing?tier=none'),
      app.request('/nowhere'),
      app.request('/api/pricing', { method: 'POST' }),
      app.request(`/api/pricing?model=${'a'.repeat(9000)}`),
      app.request('/api/pricing', {
        method: 'OPTIONS',
        headers: { Origin: 'https://x.example', 'Access-Control-Request-Method': 'GET' },
      }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 304, 400, 404, 405, 414, 204]);
    for (const res of answers) expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('gives HTML pages the strict Content-Security-Policy, and JSON none', async () => {
    const page = await app.request('/');
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(page.headers.get('Content-Security-Policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect((await app.request('/api/pricing')).headers.get('Content-Security-Policy')).toBeNull();
  });
});

describe('URL bound', () => {
  it('refuses a path and query over 8,192 bytes with a 414 naming the bound, and serves 8,192', async () => {
    const path = '/api/pricing?model=';
    const under = await app.request(`${path}${'a'.repeat(8192 - path.length)}`);
    expect(under.status).toBe(404);
    const over = await app.request(`${path}${'a'.repeat(8193 - path.length)}`);
    expect(over.status).toBe(414);
    expect(await over.json()).toMatchObject({
      error: { status: 414, code: 'uri_too_long', message: expect.stringContaining('8192') },
    });
  });

  it('counts bytes of the percent-encoded form: 2,000 "é" are 12,000 bytes', async () => {
    const res = await app.request(`/api/pricing?model=${'é'.repeat(2000)}`);
    expect(res.status).toBe(414);
  });

  it('follows maxUrlBytes when the runtime sets it', async () => {
    const small = fixtureApp({ maxUrlBytes: 300 });
    expect((await small.request(`/api/pricing?model=${'a'.repeat(280)}`)).status).toBe(404);
    expect((await small.request(`/api/pricing?model=${'a'.repeat(300)}`)).status).toBe(414);
  });
});

describe('markup in the catalogue is escaped', () => {
  const hostile = '<script>alert("x")</script> & \'q\'';
  const files = structuredClone(fixtureFiles);
  const alpha = files[0]!.data as { provider: { name: string }; models: { name: string }[] };
  alpha.provider.name = `Alpha ${hostile}`;
  alpha.models[0]!.name = `Large ${hostile}`;
  const hostileApp = fixtureApp({ catalogue: buildCatalogue(files) });

  it('in the SVG badge (badge-maker escapes its text)', async () => {
    const svg = await (await hostileApp.request('/api/badge?model=alpha-large')).text();
    expect(svg).toMatch(/^<svg/);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('in the badge embed HTML and in the HTML page', async () => {
    const embed = (await (await hostileApp.request('/api/badge?model=alpha-large&format=json')).json()) as {
      embed: { html: string };
    };
    expect(embed.embed.html).not.toContain('<script');
    const page = await (await hostileApp.request('/')).text();
    expect(page).not.toContain('<script>alert');
    expect(page).toMatch(/&(lt|#60);script&(gt|#62);/);
  });
});

describe('client input is never echoed as markup', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '"><svg onload=alert(1)>',
    "'><img src=x onerror=alert(1)>",
    '</title><script>x</script>',
    '${alert(1)}',
  ];
  // The payloads' own markup, not tags a page carries anyway.
  const marker = /<script>alert\(1\)|<svg onload=|<img src=x|<\/title><script>x/;

  it('in any endpoint, any parameter, any encoding (500 cases per endpoint)', async () => {
    for (const endpoint of ENDPOINTS) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...PARAM_NAMES), fc.constantFrom(...payloads), fc.boolean()), {
            minLength: 1,
            maxLength: 3,
          }),
          fc.constantFrom('', '/', '/x<script>'),
          async (pairs, suffix) => {
            const query = pairs.map(([n, v, encode]) => `${n}=${encode ? encodeURIComponent(v) : v}`).join('&');
            const path = `${endpoint.path}${suffix}`;
            const res = await app.request(`http://localhost${path}?${query}`);
            const body = await checkResponse(res, path);
            const type = res.headers.get('Content-Type') ?? '';
            // JSON carries input only inside strings (checkResponse parsed it); every other type carries none raw.
            if (!/^application\/json\b/.test(type)) expect(body).not.toMatch(marker);
            for (const [, value] of res.headers) expect(value).not.toMatch(marker);
          },
        ),
        { numRuns: 500 },
      );
    }
  }, 60_000);
});
