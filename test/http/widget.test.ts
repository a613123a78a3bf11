import { describe, expect, it } from 'vitest';
import { compareQuery } from '../../src/endpoints/compare/index.js';
import { WORKLOAD_ATTRIBUTES } from '../../web/widget-attributes.js';
import { fixtureApp } from '../fixtures/catalogue.js';
import { getText } from './helpers.js';

describe('GET /widget.js', () => {
  it('serves the bundled script as JavaScript', async () => {
    const app = fixtureApp({ assets: { widgetJs: 'console.log("widget");' } });
    const { status, res, text } = await getText('/widget.js', app);
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(text).toBe('console.log("widget");');
  });

  it('ignores a cache-busting query string', async () => {
    const app = fixtureApp({ assets: { widgetJs: '/* w */' } });
    const { status, text } = await getText('/widget.js?v=3', app);
    expect(status).toBe(200);
    expect(text).toBe('/* w */');
  });

  it('answers 404, still as JavaScript, when the bundle was not built', async () => {
    const { status, res, text } = await getText('/widget.js', fixtureApp({ assets: {} }));
    expect(status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(text).toContain('console.error');
  });
});

describe('the compare widget', () => {
  it('takes every workload parameter of /api/compare as a data attribute of the same name', () => {
    const { models: _models, ...workload } = compareQuery.shape;
    expect(Object.values(WORKLOAD_ATTRIBUTES).sort()).toEqual(Object.keys(workload).sort());
    for (const [attribute, param] of Object.entries(WORKLOAD_ATTRIBUTES)) {
      expect(
        attribute.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        attribute,
      ).toBe(param);
    }
  });
});
