/**
 * The examples of /openapi.json are what /docs "Try it out" sends (test/browser/docs-try-it.test.ts
 * executes every operation): none for one of two alternative parameters, none for `at` (which
 * would switch models to their off-peak prices unasked), and model ids of the running catalogue.
 */
import { describe, expect, it } from 'vitest';
import { fixtureCatalogue, getJson } from '../fixtures/catalogue.js';

type Parameter = { name: string; in: string; example?: string };
type Doc = { paths: Record<string, { get: { parameters: Parameter[] } }> };

const example = (doc: Doc, path: string, name: string) =>
  doc.paths[path]?.get.parameters.find((p) => p.name === name)?.example;

describe('the examples /docs fills in', () => {
  it('give calculate model but not models, compare models, no operation at, and /models/{id} a model of the catalogue', async () => {
    const { body } = await getJson('/openapi.json');
    const doc = body as Doc;
    const [first, second] = fixtureCatalogue.models.map((m) => m.id);
    expect(example(doc, '/api/calculate', 'model')).toBe(first);
    expect(doc.paths['/api/calculate']!.get.parameters.map((p) => p.name)).toContain('models');
    expect(example(doc, '/api/calculate', 'models')).toBeUndefined();
    expect(example(doc, '/api/compare', 'models')).toBe(`${first},${second}`);
    const withAt = Object.entries(doc.paths).filter(([, op]) => op.get?.parameters.some((p) => p.name === 'at'));
    expect(withAt.length).toBeGreaterThan(0);
    for (const [path] of withAt) expect(example(doc, path, 'at'), path).toBeUndefined();
    expect(example(doc, '/models/{id}', 'id')).toBe(first);
  });
});
