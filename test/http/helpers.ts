/** Small request helpers for the HTTP tests, on top of fixtureApp()/getJson(). */
import { expect } from 'vitest';
import { fixtureApp, getJson } from '../fixtures/catalogue.js';

export { fixtureApp, getJson };

/** GET a path and read the body as text (for raw-number and non-JSON checks). */
export async function getText(path: string, app = fixtureApp(), init?: RequestInit) {
  const res = await app.request(`http://localhost${path}`, init);
  return { res, status: res.status, text: await res.text() };
}

/** GET a path that must fail; checks the error envelope and returns its `error` object. */
export async function expectError(path: string, status: number, code: string, param?: string, app = fixtureApp()) {
  const { res, body } = await getJson(path, app);
  expect(res.status, `${path} → ${JSON.stringify(body)}`).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(body.error.status).toBe(status);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  if (param !== undefined) expect(body.error.param).toBe(param);
  return body.error as { status: number; code: string; message: string; param?: string; suggestions?: string[] };
}
