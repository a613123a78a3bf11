/**
 * A seller is named alike on every surface (sellers=, `<model-id>@<seller>`, re-pricing targets and
 * an export's seller column, the CLI, MCP, the site's choice): by slug, alias or display name, in
 * any case, commas only between sellers. Each spelling answers as the slug does.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { sellerResolverOf } from '../../src/core/offers/sellers.js';
import { splitList } from '../../src/endpoints/params.js';
import { CLOUD_CHOICES } from '../../src/http/pages/site-doors.js';
import { createService } from '../../src/http/service.js';
import { mcpRoute } from '../../src/mcp/route.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data'));
const app = createService({ catalogue, baseUrl: 'https://prices.example', mcp: mcpRoute, assets: {} });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
async function get(path: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const res = await app.request(`https://prices.example${path}`, init);
  return { status: res.status, body: await res.json() };
}
const q = encodeURIComponent;
const BEDROCK = ['amazon-bedrock', 'Amazon Bedrock', 'AMAZON BEDROCK', ' amazon bedrock ', 'bedrock', 'AWS'];
const VERTEX = ['google-vertex', 'Google Cloud Vertex AI', 'google cloud vertex ai', 'Google Vertex', 'vertex_ai'];
const MODEL = 'anthropic-claude-haiku-4-5';

describe('sellers= on cheapest and recommend', () => {
  it('reads each spelling of a seller as its slug, and a name with a space as one seller', async () => {
    for (const path of ['/api/cheapest?limit=10', '/api/recommend?use_case=coding']) {
      for (const [slug, spellings] of [
        ['amazon-bedrock', BEDROCK],
        ['google-vertex', VERTEX],
      ] as const) {
        const bySlug = await get(`${path}&sellers=${slug}`);
        expect(bySlug.status).toBe(200);
        expect(bySlug.body.recommendations.length).toBeGreaterThan(0);
        for (const item of bySlug.body.recommendations) expect(item.seller).toBe(slug);
        for (const spelling of spellings) {
          const { status, body } = await get(`${path}&sellers=${q(spelling)}`);
          expect([spelling, status]).toEqual([spelling, 200]);
          expect(body.recommendations).toEqual(bySlug.body.recommendations);
        }
      }
    }
  });

  it('separates sellers by commas only', async () => {
    const two = await get(`/api/cheapest?limit=10&sellers=${q('Amazon Bedrock, Google Cloud Vertex AI')}`);
    const bySlugs = await get('/api/cheapest?limit=10&sellers=amazon-bedrock,google-vertex');
    expect(two.status).toBe(200);
    expect(two.body.recommendations).toEqual(bySlugs.body.recommendations);
    for (const item of two.body.recommendations) expect(['amazon-bedrock', 'google-vertex']).toContain(item.seller);
    // Two words of one name are not two sellers: "Amazon" alone is no seller.
    const amazon = await get('/api/cheapest?sellers=amazon');
    expect(amazon.status).toBe(400);
  });

  it('refuses an unknown seller naming the parameter, with the closest sellers', async () => {
    const { status, body } = await get(`/api/cheapest?sellers=${q('Amazon Bedrok')}`);
    expect(status).toBe(400);
    expect(body.error.param).toBe('sellers');
    expect(body.error.suggestions[0]).toBe('amazon-bedrock');
  });
});

describe('<model-id>@<seller> and re-pricing', () => {
  it('names the same door by any spelling of its seller', async () => {
    const bySlug = await get(`/api/calculate?model=${MODEL}@google-vertex`);
    expect(bySlug.status).toBe(200);
    for (const spelling of VERTEX) {
      const { status, body } = await get(`/api/calculate?model=${q(`${MODEL}@${spelling}`)}`);
      expect([spelling, status]).toEqual([spelling, 200]);
      expect(body.costs).toEqual(bySlug.body.costs);
      expect(body.model).toBe(`${MODEL}@google-vertex`);
    }
  });

  it('prices a target and a row by the seller as named, its display name with spaces included', async () => {
    const csv = (seller: string) =>
      `date,model,seller,input_tokens,output_tokens\n2026-11-01,${MODEL},${seller},1000000,1000000\n`;
    const post = (targets: string, seller: string) =>
      get(`/api/reprice?format=csv&detail=rows&targets=${q(targets)}`, {
        method: 'POST',
        body: csv(seller),
        headers: { 'content-type': 'text/csv' },
      });
    const bySlug = await post(`${MODEL}@amazon-bedrock`, 'amazon-bedrock');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.rows[0].door).toBe(`${MODEL}@amazon-bedrock`);
    for (const spelling of BEDROCK) {
      const { status, body } = await post(`${MODEL}, ${MODEL}@${spelling}`, spelling);
      expect([spelling, status]).toEqual([spelling, 200]);
      expect(body.rows[0].door).toBe(`${MODEL}@amazon-bedrock`);
      expect(body.rows[0].cost).toBe(bySlug.body.rows[0].cost);
      expect(body.totals.targets[`${MODEL}@amazon-bedrock`]).toBe(
        bySlug.body.totals.targets[`${MODEL}@amazon-bedrock`],
      );
    }
  });

  it('keeps a door named with spaces whole in a list, other ids split as people type them', () => {
    expect(splitList('a b, x@Amazon Bedrock,y')).toEqual(['a', 'b', 'x@Amazon Bedrock', 'y']);
    expect(splitList('a b x@Google Cloud Vertex AI')).toEqual(['a', 'b', 'x@Google Cloud Vertex AI']);
  });
});

describe('the CLI, MCP and the site', () => {
  const cli = async (...args: string[]) => {
    let stdout = '';
    const code = await run(args, { out: (t) => void (stdout += t), err: () => {}, env: { PATH: '' } });
    return { code, stdout };
  };

  it('the CLI takes a seller by name in --sellers and in a door id', async () => {
    const bySlug = await cli('cheapest', '--sellers', 'amazon-bedrock', '--json');
    const byName = await cli('cheapest', '--sellers', 'Amazon Bedrock', '--json');
    expect(byName.code).toBe(0);
    expect(JSON.parse(byName.stdout).recommendations).toEqual(JSON.parse(bySlug.stdout).recommendations);
    const door = await cli('calc', `${MODEL}@Google Cloud Vertex AI`, '--json');
    expect(door.code).toBe(0);
    expect(JSON.parse(door.stdout).model).toBe(`${MODEL}@google-vertex`);
  });

  describe('MCP', () => {
    const client = new Client({ name: 'seller-names', version: '1.0.0' });
    beforeAll(async () => {
      await client.connect(
        new StreamableHTTPClientTransport(new URL('https://prices.example/mcp'), {
          fetch: (url, init) => Promise.resolve(app.request(String(url), init)),
        }),
      );
    });
    afterAll(() => client.close());

    it('find_cheapest takes a seller by display name', async () => {
      const result = (await client.callTool({
        name: 'find_cheapest',
        arguments: { sellers: 'Google Cloud Vertex AI' },
      })) as { isError?: boolean; content: Array<{ text: string }> };
      expect(result.isError).toBe(false);
      const { recommendations } = JSON.parse(result.content[0]!.text);
      expect(recommendations.length).toBeGreaterThan(0);
      for (const item of recommendations) expect(item.seller).toBe('google-vertex');
    });
  });

  it("the site's seller choices are sellers the resolver knows, by slug and by the name the site shows", () => {
    const resolver = sellerResolverOf(catalogue);
    for (const [slug, name] of CLOUD_CHOICES) {
      expect(resolver.resolve(slug)?.slug).toBe(slug);
      expect(resolver.resolve(name)?.slug).toBe(slug);
    }
  });
});
