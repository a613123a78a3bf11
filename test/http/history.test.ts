// as_of on /api/pricing and /api/calculate, and /api/changes (JSON, Atom, JSON Feed), on the
// fixture catalogue plus a provider whose models carry dated prices.
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/core/catalogue/catalogue.js';
import type { ModelData } from '../../src/core/schema/catalogue-schema.js';
import { fixtureApp, fixtureFiles, gammaBase, getJson } from '../fixtures/catalogue.js';

const base = gammaBase('Premium', 4);

const gammaModels: ModelData[] = [
  {
    // Launched at 2/10, raised to 3/15 on 2026-09-01, a rise to 4/20 scheduled for 2027-01-01.
    ...base,
    id: 'gamma-one',
    name: 'Gamma One',
    input: 3,
    output: 15,
    cachedInput: 0.3,
    releaseDate: '2026-06-30',
    priceHistory: [
      {
        effectiveFrom: '2026-06-30',
        input: 2,
        output: 10,
        cachedInput: 0.2,
        source: 'launch post',
        note: 'Introductory price.',
      },
      { effectiveFrom: '2026-09-01', input: 3, output: 15, cachedInput: 0.3, source: 'pricing page' },
      { effectiveFrom: '2027-01-01', input: 4, output: 20, source: 'announcement <b>"Q1"</b> & more' },
    ],
  },
  // A name with every XML special character, and a price cut.
  {
    ...base,
    id: 'gamma-two',
    name: `Gamma <Two> & "Co" 'Ltd'`,
    tier: 'Budget',
    input: 0.5,
    output: 1,
    releaseDate: '2026-01-01',
    priceHistory: [
      { effectiveFrom: '2026-01-01', input: 1, output: 2, source: 'launch' },
      { effectiveFrom: '2026-04-15', input: 0.5, output: 1, source: 'price cut' },
    ],
  },
];

const catalogue = buildCatalogue([
  ...fixtureFiles,
  {
    file: 'gamma.json',
    data: {
      provider: { slug: 'gamma', name: 'Gamma', pricingUrl: 'https://gamma.example/pricing' },
      models: gammaModels,
    },
  },
]);
const app = fixtureApp({ catalogue, baseUrl: 'https://prices.example' });
const get = (path: string) => getJson(path, app);

async function ok(path: string) {
  const { status, body } = await get(path);
  expect(status, `${path} → ${JSON.stringify(body)}`).toBe(200);
  return body;
}

async function expectError(path: string, status: number, param: string) {
  const { status: got, body } = await get(path);
  expect(got, `${path} → ${JSON.stringify(body)}`).toBe(status);
  expect(body.error.param).toBe(param);
  return body.error as { code: string; message: string };
}

describe('/api/pricing?as_of', () => {
  it('gives one model with the prices in force that day', async () => {
    const before = await ok('/api/pricing?model=gamma-one&as_of=2026-08-31');
    expect(before.model).toMatchObject({ id: 'gamma-one', input: 2, output: 10, cachedInput: 0.2 });
    expect(before.model.asOf).toEqual({
      date: '2026-08-31',
      effectiveFrom: '2026-06-30',
      source: 'launch post',
      note: 'Introductory price.',
    });
    const after = await ok('/api/pricing?model=gamma-one&as_of=2026-09-01');
    expect(after.model).toMatchObject({ input: 3, output: 15, cachedInput: 0.3 });
    expect(after.model.asOf).toMatchObject({ effectiveFrom: '2026-09-01' });
  });

  it('applies a scheduled price only from its date', async () => {
    expect((await ok('/api/pricing?model=gamma-one&as_of=2026-12-31')).model).toMatchObject({ input: 3, output: 15 });
    const scheduled = (await ok('/api/pricing?model=gamma-one&as_of=2027-01-01')).model;
    expect(scheduled).toMatchObject({ input: 4, output: 20 });
    expect('cachedInput' in scheduled).toBe(false);
  });

  it('without as_of the record is unchanged and has no asOf', async () => {
    const body = await ok('/api/pricing?model=gamma-one');
    expect(body.model).toMatchObject({ input: 3, output: 15 });
    expect('asOf' in body.model).toBe(false);
  });

  it('leaves out models that did not exist yet', async () => {
    const body = await ok('/api/pricing?provider=gamma&as_of=2026-03-01');
    expect(body.models.map((m: { id: string; input: number }) => [m.id, m.input])).toEqual([['gamma-two', 1]]);
    expect(body.meta.count).toBe(1);
    expect(body.meta.asOf).toBe('2026-03-01');
  });

  it('knows models with neither release date nor history only from the day they were checked', async () => {
    // The fixture models have neither; they were checked on 2026-11-21 (beta-classic 2026-10-02),
    // and gamma's did not exist in 2020.
    expect((await ok('/api/pricing?as_of=2020-01-01')).models).toEqual([]);
    const october = await ok('/api/pricing?as_of=2026-10-15&provider=alpha,beta');
    expect(october.models.map((m: { id: string }) => m.id)).toEqual(['beta-classic']);
    const body = await ok('/api/pricing?as_of=2026-11-21&provider=alpha,beta');
    expect(body.models.map((m: { id: string }) => m.id)).toEqual([
      'alpha-large',
      'alpha-mini',
      'alpha-nano',
      'beta-pro',
      'beta-flash',
      'beta-classic',
    ]);
    expect(body.models[0]).toMatchObject({
      input: 3,
      output: 15,
      asOf: { date: '2026-11-21', effectiveFrom: '2026-11-21' },
    });
  });

  it('is a 404 naming the release date for one model asked before it existed', async () => {
    const error = await expectError('/api/pricing?model=gamma-one&as_of=2026-06-29', 404, 'model');
    expect(error.code).toBe('model_not_found');
    expect(error.message).toContain('2026-06-30');
  });

  it.each(['2026-13-01', '2026-02-30', '2026-2-3', '20260901', 'yesterday', '2026-09-01T00:00:00Z'])(
    'refuses as_of=%s with a 400',
    async (date) => {
      const error = await expectError(`/api/pricing?as_of=${encodeURIComponent(date)}`, 400, 'as_of');
      expect(error.code).toBe('invalid_parameter');
      expect(error.message).toContain('YYYY-MM-DD');
    },
  );

  it('accepts a leap day', async () => {
    await ok('/api/pricing?model=gamma-two&as_of=2028-02-29');
  });
});

describe('/api/calculate?as_of', () => {
  it('costs a workload at the prices of that day', async () => {
    // 2026-08-31: 2,000 × 2 + 500 × 10 = 9,000 per 1M → $0.009; × 1,000 × 30 = $270 a month.
    const before = await ok('/api/calculate?model=gamma-one&as_of=2026-08-31');
    expect(before.as_of).toBe('2026-08-31');
    // yearly: twelve months from 2026-08-31, each at the prices of most of its days: 08-31..09-30
    // has 29 days at the prices of 09-01 ($405 a month), as do the next three (to 12-30); from
    // 12-31..01-30 (30 days at 2027-01-01's $4/$20: 18,000 per 1M → $540 a month) eight months:
    // 4 × 405 + 8 × 540 = 5,940.
    expect(before.costs).toEqual({ perRequest: 0.009, daily: 9, monthly: 270, yearly: 5940 });
    // 2026-09-01: 2,000 × 3 + 500 × 15 = 13,500 per 1M → $0.0135.
    const after = await ok('/api/calculate?model=gamma-one&as_of=2026-09-01');
    // From 09-01: four months at $405 (to 12-31), eight at $540 from 2027-01-01.
    expect(after.costs).toEqual({ perRequest: 0.0135, daily: 13.5, monthly: 405, yearly: 5940 });
  });

  it('uses the cached-input price of that day, and none where that day has none', async () => {
    // 2026-08-31: 1,000 × 2 + 1,000 × 0.2 + 500 × 10 = 7,200 per 1M → $0.0072
    const then = await ok(
      '/api/calculate?model=gamma-one&input_tokens=2000&cached_input_tokens=1000&as_of=2026-08-31&requests=1&days=1',
    );
    expect(then.costs.perRequest).toBe(0.0072);
    // 2027-01-01 publishes no cached-input price: 2,000 × 4 + 500 × 20 = 18,000 per 1M → $0.018
    const later = await ok(
      '/api/calculate?model=gamma-one&input_tokens=2000&cached_input_tokens=1000&as_of=2027-01-01&requests=1&days=1',
    );
    expect(later.costs.perRequest).toBe(0.018);
  });

  it('prices each of several models as of the day', async () => {
    // On 2026-09-15: gamma-two after its cut, 2,000 × 0.5 + 500 × 1 = 1,500 per 1M → $0.0015;
    // gamma-one at 3 / 15: 2,000 × 3 + 500 × 15 = 13,500 per 1M → $0.0135.
    const body = await ok('/api/calculate?models=gamma-two,gamma-one&as_of=2026-09-15');
    expect(body.as_of).toBe('2026-09-15');
    expect(body.results.map((r: { id: string; costs: { perRequest: number } }) => [r.id, r.costs.perRequest])).toEqual([
      ['gamma-two', 0.0015],
      ['gamma-one', 0.0135],
    ]);
    // gamma-two on 2026-04-14, before the cut: 2,000 × 1 + 500 × 2 = 3,000 per 1M → $0.003.
    expect((await ok('/api/calculate?model=gamma-two&as_of=2026-04-14')).costs.perRequest).toBe(0.003);
  });

  it('is a 404 for a model that did not exist that day', async () => {
    const error = await expectError('/api/calculate?models=gamma-two,gamma-one&as_of=2026-01-01', 404, 'models');
    expect(error.message).toMatch(/gamma-one.*did not exist on 2026-01-01.*released on 2026-06-30/);
  });

  it('is a 404 for a model whose price that day is unknown', async () => {
    // alpha-nano has no release date or history: its price is known from 2026-11-21 only.
    const error = await expectError('/api/calculate?model=alpha-nano&as_of=2026-01-01', 404, 'model');
    expect(error.message).toContain('2026-11-21');
  });

  it('without as_of the answer has no as_of', async () => {
    const body = await ok('/api/calculate?model=gamma-one');
    expect('as_of' in body).toBe(false);
  });

  it('refuses a malformed as_of', async () => {
    await expectError('/api/calculate?model=gamma-one&as_of=2026-04-31', 400, 'as_of');
  });
});

describe('/api/changes', () => {
  it('lists every price change newest first', async () => {
    const body = await ok('/api/changes');
    expect(
      body.changes.map((c: { id: string; date: string; scheduled: boolean }) => [c.id, c.date, c.scheduled]),
    ).toEqual([
      ['gamma-one', '2027-01-01', true],
      ['gamma-one', '2026-09-01', false],
      ['gamma-two', '2026-04-15', false],
    ]);
    expect(body.changes[1]).toEqual({
      date: '2026-09-01',
      scheduled: false,
      id: 'gamma-one',
      name: 'Gamma One',
      provider: 'Gamma',
      providerSlug: 'gamma',
      from: { input: 2, output: 10, cachedInput: 0.2 },
      to: { input: 3, output: 15, cachedInput: 0.3 },
      percent: { input: 50, output: 50, cachedInput: 50 },
      source: 'pricing page',
    });
    expect(body.changes[2].percent).toEqual({ input: -50, output: -50 });
    expect(body.meta).toMatchObject({
      count: 3,
      lastUpdated: '2026-11-21',
      feeds: {
        atom: 'https://prices.example/api/changes?format=atom',
        jsonfeed: 'https://prices.example/api/changes?format=jsonfeed',
      },
    });
  });

  it('filters by provider and by model', async () => {
    const byProvider = await ok('/api/changes?provider=ALPHA,beta');
    expect(byProvider.changes).toEqual([]);
    expect(byProvider.meta.count).toBe(0);
    const byModel = await ok('/api/changes?model=GAMMA-TWO');
    expect(byModel.changes.map((c: { id: string }) => c.id)).toEqual(['gamma-two']);
    expect(byModel.meta.feeds.atom).toBe('https://prices.example/api/changes?model=gamma-two&format=atom');
  });

  it('refuses unknown filters and formats', async () => {
    await expectError('/api/changes?provider=zeta', 400, 'provider');
    await expectError('/api/changes?model=gamma-tree', 404, 'model');
    await expectError('/api/changes?format=rss', 400, 'format');
    await expectError('/api/changes?since=2026-01-01', 400, 'since');
  });

  it('is an Atom feed with every piece of text escaped', async () => {
    const res = await app.request('http://localhost/api/changes?format=atom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">')).toBe(
      true,
    );
    expect(xml).toContain('<id>tag:ai-model-pricing,2026:price-changes</id>');
    expect(xml).toContain('<updated>2026-11-21T00:00:00Z</updated>');
    expect(xml).toContain(
      '<link rel="self" type="application/atom+xml" href="https://prices.example/api/changes?format=atom"/>',
    );
    expect(xml.match(/<entry>/g)).toHaveLength(3);
    expect(xml).toContain('<id>tag:ai-model-pricing,2026:price-change/gamma-one/2026-09-01</id>');
    expect(xml).toContain(
      '<title>Gamma One (Gamma): input $2 → $3 (+50%), output $10 → $15 (+50%), cached input $0.2 → $0.3 (+50%) per 1M tokens, from 2026-09-01</title>',
    );
    // A scheduled change is dated the day it was recorded; its title says when it applies.
    expect(xml).toContain('scheduled from 2027-01-01</title><updated>2026-11-21T00:00:00Z</updated>');
    expect(xml).toContain('Gamma &lt;Two&gt; &amp; &quot;Co&quot; &apos;Ltd&apos; (Gamma): input $1 → $0.5 (-50%)');
    expect(xml).toContain('Source: announcement &lt;b&gt;&quot;Q1&quot;&lt;/b&gt; &amp; more.');
    // Outside tags, no raw markup characters are left in the text.
    const text = xml.replace(/<[^>]*>/g, '');
    expect(text).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|apos);)/);
  });

  it('is a JSON Feed 1.1', async () => {
    const res = await app.request('http://localhost/api/changes?format=jsonfeed&provider=gamma');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed = (await res.json()) as any; // any: the test reads arbitrary feed fields
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'AI model price changes: Gamma',
      home_page_url: 'https://prices.example/',
      feed_url: 'https://prices.example/api/changes?provider=gamma&format=jsonfeed',
    });
    expect(feed.items).toHaveLength(3);
    expect(feed.items[2]).toMatchObject({
      id: 'tag:ai-model-pricing,2026:price-change/gamma-two/2026-04-15',
      url: 'https://prices.example/api/pricing?model=gamma-two',
      title: `Gamma <Two> & "Co" 'Ltd' (Gamma): input $1 → $0.5 (-50%), output $2 → $1 (-50%) per 1M tokens, from 2026-04-15`,
      date_published: '2026-04-15T00:00:00Z',
      tags: ['gamma'],
      _price_change: { id: 'gamma-two', from: { input: 1, output: 2 }, to: { input: 0.5, output: 1 } },
    });
  });

  it('an empty feed is still a valid feed', async () => {
    const res = await app.request('http://localhost/api/changes?format=atom&provider=alpha');
    const xml = await res.text();
    expect(xml).toContain('<id>tag:ai-model-pricing,2026:price-changes?provider=alpha</id>');
    expect(xml).toContain('<title>AI model price changes: Alpha AI</title>');
    expect(xml).not.toContain('<entry>');
  });
});

describe("a model's page shows its price history", () => {
  const rowsOf = (html: string) => {
    const table = /<table class="history">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
    return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
      [...(m[1] ?? '').matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((c) => (c[1] ?? '').replace(/<[^>]+>/g, '')),
    );
  };

  it('every dated price set: its day, prices, source and note; the one in force and the scheduled one marked', async () => {
    const res = await app.request('/models/gamma-one');
    const html = await res.text();
    expect(html).toContain('<h2 id="history">Price history</h2>');
    expect(rowsOf(html)).toEqual([
      ['From', 'Input', 'Output', 'Cached input', 'Source'],
      ['2026-06-30', '$2', '$10', '$0.2', 'launch postIntroductory price.'],
      ['2026-09-01 (in force)', '$3', '$15', '$0.3', 'pricing page'],
      ['2027-01-01 (scheduled)', '$4', '$20', '—', 'announcement &#60;b&#62;&#34;Q1&#34;&#60;/b&#62; &#38; more'],
    ]);
    expect(html).toContain('<a href="/api/changes?model=gamma-one"><code>/api/changes?model=gamma-one</code></a>');
  });

  it('no cached-input column when no set has one; a model without dated prices shows its one price', async () => {
    const html = await (await app.request('/models/gamma-two')).text();
    expect(rowsOf(html)).toEqual([
      ['From', 'Input', 'Output', 'Source'],
      ['2026-01-01', '$1', '$2', 'launch'],
      ['2026-04-15 (in force)', '$0.5', '$1', 'price cut'],
    ]);
    const plain = await (await app.request('/models/beta-pro')).text();
    // No priceHistory and no release date: the record's prices, known from the day they were checked.
    expect(rowsOf(plain)).toEqual([
      ['From', 'Input', 'Output', 'Source'],
      ['2026-11-21 (in force)', '$1.25', '$10', 'test fixture'],
    ]);
  });
});
