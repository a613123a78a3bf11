// Suggestions wherever an id or a name is refused (issue 56, item 1), on the real catalogue.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const app = createService({ catalogue: loadCatalogueFromDir(join(resolve(import.meta.dirname, '..', '..'), 'data')) });

async function refused(path: string, status: number) {
  const res = await app.request(`http://localhost${path}`);
  expect(res.status, path).toBe(status);
  return ((await res.json()) as { error: { param?: string; message: string; suggestions?: string[] } }).error;
}

describe('model ids, with or without the maker’s slug', () => {
  it('claude-sonet-5 suggests anthropic-claude-sonnet-5 first, as anthropic-claude-sonet-5 does', async () => {
    for (const id of ['claude-sonet-5', 'anthropic-claude-sonet-5', 'Claude-Sonet-5']) {
      const error = await refused(`/api/pricing?model=${id}`, 404);
      expect(error.param).toBe('model');
      expect(error.suggestions?.[0], id).toBe('anthropic-claude-sonnet-5');
      expect(error.message).toContain('Did you mean anthropic-claude-sonnet-5');
    }
  });

  it('on every endpoint that takes ids, and on the model page', async () => {
    expect((await refused('/api/calculate?models=openai-gpt-5.6-terra,claude-sonet-5', 404)).suggestions?.[0]).toBe(
      'anthropic-claude-sonnet-5',
    );
    expect((await refused('/api/offers?model=kimi-k2.7', 404)).suggestions).toContain('moonshot-kimi-k2.6');
    const page = await app.request('http://localhost/models/claude-sonet-5');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('href="/models/anthropic-claude-sonnet-5"');
  });
});

describe('sellers, and <model-id>@<seller>', () => {
  it('sellers=bedrok suggests amazon-bedrock (its alias bedrock is one letter off)', async () => {
    const error = await refused('/api/cheapest?sellers=bedrok', 400);
    expect(error.param).toBe('sellers');
    expect(error.suggestions?.[0]).toBe('amazon-bedrock');
  });

  it('moonshot-kimi-k2.6@grok: a handful of Kimi K2.6’s doors, the closest first, not all of them', async () => {
    const offers = (await (await app.request('http://localhost/api/offers?model=moonshot-kimi-k2.6')).json()) as {
      counts: { doors: number };
    };
    expect(offers.counts.doors).toBeGreaterThan(10);
    const error = await refused('/api/pricing?model=moonshot-kimi-k2.6@grok', 404);
    expect(error.param).toBe('model');
    expect(error.suggestions).toHaveLength(5);
    // Groq sells no Kimi K2.6; CROF is two letters from grok (g for c, k for f), no other seller of it nearer.
    expect(error.suggestions?.[0]).toBe('moonshot-kimi-k2.6@crof');
    for (const door of error.suggestions ?? []) expect(door).toMatch(/^moonshot-kimi-k2\.6@/);
    expect(error.message).toContain(`of its ${offers.counts.doors}`);
    expect(error.message.length).toBeLessThan(400);
    expect((await refused('/api/pricing?model=moonshot-kimi-k2.6@togther', 404)).suggestions?.[0]).toBe(
      'moonshot-kimi-k2.6@together',
    );
    // A seller named by a source's name for it, misspelt, is read as the resolver reads names.
    expect((await refused('/api/pricing?model=moonshot-kimi-k2.6@Together%20A', 404)).suggestions?.[0]).toBe(
      'moonshot-kimi-k2.6@together',
    );
  });
});
