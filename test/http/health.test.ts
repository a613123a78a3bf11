import { describe, expect, it } from 'vitest';
import { expectError, getJson } from './helpers.js';

describe('GET /healthz', () => {
  it('answers {status: "ok", models, lastUpdated}', async () => {
    const { status, res, body } = await getJson('/healthz');
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual({ status: 'ok', models: 6, lastUpdated: '2026-11-21' });
  });

  it('takes no parameters', async () => {
    await expectError('/healthz?verbose=1', 400, 'unknown_parameter', 'verbose');
  });
});
