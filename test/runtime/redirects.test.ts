/**
 * Issue 24, on the wire: a redirect is one step and has no body type; a path the app does not
 * serve, slash or not, is a 404 at once. (Node's server used to add a Content-Type to bodiless
 * answers, and a run of slashes lost one slash a redirect.)
 */
import { describe, expect, it } from 'vitest';
import { inProcessServers } from './in-process.js';
import { rawRequest } from './raw-http.js';

const serve = inProcessServers();
const get = (target: string, method = 'GET') =>
  `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

describe('trailing slashes on the wire', () => {
  it.each([
    [`/${'/'.repeat(8000)}`, '/'],
    ['/api/pricing/?tier=mid', '/api/pricing?tier=mid'],
    [`/docs${'/'.repeat(500)}`, '/docs'],
  ])('%#: one 301 to the path without them, no Content-Type, no body', async (target, to) => {
    const { port } = await serve();
    for (const method of ['GET', 'HEAD']) {
      const res = await rawRequest(port, get(target, method));
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(`http://localhost${to}`);
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.body).toBe('');
    }
    // The Location is served: no second hop.
    const next = await fetch(`http://127.0.0.1:${port}${to}`, { redirect: 'manual' });
    expect(next.status).toBe(200);
  });

  it.each(['/assets/', '/assets//', `/api/nope${'/'.repeat(100)}`])(
    '%s: a 404 in the JSON envelope, at once',
    async (target) => {
      const { port } = await serve();
      const res = await rawRequest(port, get(target));
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body).error.code).toBe('not_found');
    },
  );
});
