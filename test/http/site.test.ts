import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { hostileApp } from '../browser/harness.js';
import { fixtureApp } from '../fixtures/catalogue.js';
import { CONTENT_SECURITY_POLICY } from '../../src/http/middleware/security-headers/index.js';

const app = fixtureApp();
async function get(path: string, on = app) {
  const res = await on.request(`http://localhost${path}`);
  return { res, status: res.status, text: await res.text() };
}

describe('GET / (the site)', () => {
  it('lists every model with its prices and the default workload cost, under a strict CSP', async () => {
    const { status, res, text } = await get('/');
    expect(status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(text).not.toMatch(/<script(?![^>]*\b(src=|type="application\/json"))/); // no inline script
    expect(text).not.toMatch(/\sstyle=/); // no inline styles either
    for (const id of ['alpha-large', 'alpha-mini', 'alpha-nano', 'beta-pro', 'beta-flash', 'beta-classic']) {
      expect(text).toContain(`<tr data-id="${id}"`);
      expect(text).toContain(`href="/models/${id}"`);
    }
    // 2,000 in + 500 out tokens × 1,000 requests × 30 days, worked by hand:
    // alpha-nano 2000×0.05/1e6 + 500×0.4/1e6 = $0.0003 a request → $9 a month;
    // beta-pro 0.0025 + 0.005 = $0.0075 → $225; alpha-large 0.006 + 0.0075 = $0.0135 → $405.
    expect(text).toMatch(/data-id="alpha-nano"[^\n]*data-sort="9000000000">\$9\.00</);
    expect(text).toMatch(/data-id="beta-pro"[^\n]*data-sort="225000000000">\$225\.00</);
    expect(text).toMatch(/data-id="alpha-large"[^\n]*data-sort="405000000000">\$405\.00</);
    // beta-classic: 0.0002 + 0.0001 = $0.0003 too, but alpha-nano comes first in the catalogue.
    expect(text).toContain('<a href="/models/alpha-nano">Alpha Nano</a> at $9.00 a month');
    expect(text).toContain('<svg class="chart"');
    expect(text).toContain('<script defer src="/assets/site.js"></script>');
  });

  it('escapes catalogue text: a hostile model name stays text', async () => {
    const { text } = await get('/', hostileApp());
    expect(text).not.toContain('<img src=x');
    expect(text).toContain('&#60;img src=x onerror=&#34;window.__xss=1&#34;&#62;Evil');
    // Inside the JSON data block, "<" cannot close the script element.
    expect(text).toContain('\\u003cimg src=x');
  });

  it('serves the site script and stylesheet', async () => {
    const js = await get('/assets/site.js');
    expect(js.status).toBe(200);
    expect(js.res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.text).toBe('/* site */');
    const css = await get('/assets/site.css');
    expect(css.res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.text).toContain('.chart');
    const unbuilt = await get('/assets/site.js', fixtureApp({ assets: {} }));
    expect(unbuilt.status).toBe(404);
    expect(unbuilt.res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });
});

describe('GET /models/<id>', () => {
  it("is the model's page: prices, cost, badge and its embed snippets", async () => {
    const { status, text } = await get('/models/ALPHA-LARGE');
    expect(status).toBe(200);
    expect(text).toContain('<h1>Alpha Large</h1>');
    expect(text).toContain('$3 / $15 per 1M');
    expect(text).toContain(
      '<dt>Long context</dt><dd>above 200,000 input tokens: $6 input, $22.5 output, $0.6 cached per 1M</dd>',
    );
    expect(text).toContain('<b>$0.0135</b> a request, <b>$405.00</b> a month');
    expect(text).toContain('<img src="/api/badge?model=alpha-large"');
    // The page is the same for every Host: the address in its snippets is put in by its script.
    expect(text).toContain(
      '[![Alpha Large price](<span data-origin></span>/api/badge?model=alpha-large)](<span data-origin></span>/models/alpha-large)',
    );
  });

  it('an unknown id is a 404 page suggesting close ids', async () => {
    const { status, res, text } = await get('/models/beta-flsh');
    expect(status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(text).toContain('href="/models/beta-flash"');
    const hostile = await get('/models/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile.text).not.toContain('<script>alert');
  });
});

describe('GET /docs', () => {
  it('is Swagger UI from our own files, under the site CSP, with every path readable without it', async () => {
    const { status, res, text } = await get('/docs');
    expect(status).toBe(200);
    expect(text).toContain('<script defer src="/assets/docs.js"></script>');
    expect(text).toContain('<link rel="stylesheet" href="/assets/docs.css">');
    // Nothing from another host: every src and href is a path on this service (or an in-page anchor).
    for (const [, url] of text.matchAll(/(?:src|href)="([^"]*)"/g)) expect(url, url).toMatch(/^(?:\/(?!\/)|#|data:,)/);
    for (const path of [
      '/api/pricing',
      '/api/calculate',
      '/api/cheapest',
      '/api/compare',
      '/api/recommend',
      '/api/badge',
      '/models/{id}',
      '/openapi.json',
    ]) {
      expect(text).toContain(`<code>GET ${path}</code>`);
    }
    expect(text).toContain('<a href="/api/compare?models=alpha-large%2Calpha-mini">try it</a>');
    // The site's policy: scripts, styles, images and requests from this origin only.
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    for (const directive of ['default-src', 'script-src', 'connect-src']) {
      expect(csp.split('; ').find((d) => d.startsWith(`${directive} `))).toBe(`${directive} 'self'`);
    }
  });

  it("serves Swagger UI's script and stylesheet, followed by our start-up code and header styles", async () => {
    const assets = await bundleWeb();
    const app = fixtureApp({ assets });
    const js = await get('/assets/docs.js', app);
    expect(js.res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.text.startsWith(assets.docsJs.slice(0, 100))).toBe(true);
    expect(js.text).toContain('SwaggerUIBundle');
    expect(js.text).toContain('/openapi.json');
    expect(js.text).not.toContain('sourceMappingURL');
    const css = await get('/assets/docs.css', app);
    expect(css.res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.text).toContain('.swagger-ui');
    expect(css.text).not.toContain('sourceMappingURL');
    // Not built: a 404 that says so, and the page's plain reference stays.
    expect((await get('/assets/docs.js', fixtureApp({ assets: {} }))).status).toBe(404);
  });
});

describe('browser bundles', () => {
  it('the widget is under 12 KB gzipped and the site script is small too', async () => {
    const { widgetJs, siteJs } = await bundleWeb();
    expect(gzipSync(widgetJs).length).toBeLessThan(12 * 1024);
    // The site's script carries the cost engine, the fit rules and the seller choice (all the page's columns follow it): 14 KB.
    expect(gzipSync(siteJs).length).toBeLessThan(14 * 1024);
    expect(widgetJs).toContain('ai-pricing-widget');
  });
});
