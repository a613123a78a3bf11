/**
 * The home page's advice (src/http/pages/site-model.ts, chart.ts): the headline and the table
 * follow the fit rules of core/pricing/fit.ts, free-tier-only models never read as a $0 price, and the
 * browser's smaller model records price every workload exactly as the API does.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculateCost, type Workload } from '../../src/core/pricing/cost.js';
import type { Model } from '../../src/core/schema/catalogue-schema.js';
import { priceQualityChart } from '../../src/http/pages/chart.js';
import { escapeHtml, modelPagePath } from '../../src/lib/escape.js';
import {
  DEFAULT_WORKLOAD,
  headlineHtml,
  priceAll,
  siteModel,
  tableNoteText,
  workloadText,
} from '../../src/http/pages/site-model.js';
import { displayUsd } from '../../src/core/schema/display-usd.js';
import { Usd } from '../../src/core/schema/money.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import { siteCatalogue, siteFixtureApp } from '../fixtures/site-catalogue.js';

const real = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data'));
const w = (over: Partial<Workload>): Workload => ({ ...DEFAULT_WORKLOAD, ...over });

describe('the home page as the server renders it', () => {
  it('names the cheapest model that can run the workload, never a free-tier-only one, and says what it left out', async () => {
    const res = await siteFixtureApp().request('http://localhost/');
    const text = await res.text();
    // beta-free costs $0 and beta-tiny $0.01×2000/1e6 + $0.02×500/1e6 = $0.00003 a request → $0.90 a
    // month, less than alpha-nano's $9; neither is named: one is free-tier only, one has a 2K window.
    const summary = /<p class="summary" id="calc-summary"[^>]*>(.*?)<\/p>/.exec(text)?.[1];
    expect(summary).toBe(
      'Cheapest for 2,000 input + 500 output tokens × 1,000 requests a day × 30 days (standard): <a href="/models/alpha-nano">Alpha Nano</a> at $9.00 a month. ' +
        'Left out: 1 model whose context window cannot take input + output tokens this large and 1 model served only on a free, rate-limited tier (its $0 is not capacity anyone can buy).',
    );
    // The table hides the model that does not fit and says why; it marks the free-tier one instead of showing $0.
    expect(text).toMatch(/<tr data-id="beta-tiny"[^>]* hidden>/);
    expect(text).toMatch(
      /<tr data-id="beta-free"[^>]*>(?:(?!<\/tr>).)*<td class="num monthly free" data-sort="0">free tier only<\/td><td class="num opt score" data-sort="40">40<\/td><\/tr>/,
    );
    expect(text).not.toMatch(/<tr data-id="beta-free"[^>]* hidden/);
    expect(text).toContain(
      '<p id="fit-note">Hidden: 1 model whose context window cannot take input + output tokens this large; the provider would refuse the request.</p>',
    );
    // Beta Tiny (2K window) and the legacy Beta Classic (current models by default, as the API ranks) are hidden.
    expect(text).toContain('<p id="f-count" aria-live="polite">6 of 8 models</p>');
    // The chart draws the 5 current fixture models that can be bought and run (not the legacy Beta
    // Classic: the API's rankings weigh current models by default), neither of the two, and its caption says why.
    const chart = /<figure>[\s\S]*?<\/figure>/.exec(text)?.[0] ?? '';
    expect(chart.match(/<circle /g)?.length).toBe(5);
    expect(chart).not.toContain('Beta Free');
    expect(chart).toContain(
      'Not drawn: 1 model whose context window cannot take input + output tokens this large and 1 model served only on a free, rate-limited tier (its $0 is not capacity anyone can buy).',
    );
    // The mode options say what each is.
    expect(text).toContain('<option value="streaming">streaming (+15% output margin)</option>');
    expect(text).toContain('<option value="batch">batch (provider&#39;s batch discount, where offered)</option>');
    for (const name of ['cached_input_tokens', 'cache_write_tokens', 'off_peak_share'])
      expect(text).toContain(`name="${name}"`);
  });

  it("a free-tier-only model's page says so", async () => {
    const text = await (await siteFixtureApp().request('http://localhost/models/beta-free')).text();
    expect(text).toContain('· free tier only ·');
    expect(text).toMatch(
      /<dt>Availability<\/dt><dd>Free tier only: the provider serves this model only on a free, rate-limited tier/,
    );
    const other = await (await siteFixtureApp().request('http://localhost/models/beta-pro')).text();
    expect(other).not.toContain('Availability');
  });
});

describe('the advice for other workloads (what /assets/site.js shows)', () => {
  const models = siteCatalogue.models.map(siteModel);

  it('500,000 input tokens: only models with a window of at least 500,000 + 500 tokens are named or drawn', () => {
    const work = w({ inputTokens: 500_000 });
    const priced = priceAll(models, work);
    // Windows: alpha-large 1M, beta-pro 1,048,576, beta-flash 1,048,576 fit; alpha-mini 400K,
    // alpha-nano 128K, beta-classic 32K, beta-tiny 2K and beta-free 128K do not. The headline,
    // as /api/cheapest by default, weighs current models (not the legacy beta-classic); the table all.
    // beta-flash: 500000×0.1/1e6 + 500×0.4/1e6 = $0.0502 a request → $1,506 a month, the cheapest that fits.
    expect(headlineHtml(priced, work)).toBe(
      'Cheapest for 500,000 input + 500 output tokens × 1,000 requests a day × 30 days (standard): <a href="/models/beta-flash">Beta Flash</a> at $1,506.00 a month. ' +
        'Left out: 4 models whose context window cannot take input + output tokens this large.',
    );
    expect(tableNoteText(priced)).toBe(
      'Hidden: 5 models whose context window cannot take input + output tokens this large; the provider would refuse the request.',
    );
    const chart = priceQualityChart(priced, workloadText(work));
    expect(chart.match(/<circle /g)?.length).toBe(3);
    expect(chart).toContain('Monthly cost of 500,000 input + 500 output tokens');
  });

  it('output past the largest output is a reason of its own; nothing left says so', () => {
    const work = w({ inputTokens: 2_000_000, outputTokens: 10_000 });
    const priced = priceAll(models, work);
    expect(headlineHtml(priced, work)).toBe(
      'No model in the catalogue can run 2,000,000 input + 10,000 output tokens × 1,000 requests a day × 30 days (standard). Left out: 7 models whose context window cannot take input + output tokens this large.',
    );
    const big = priceAll(models, w({ outputTokens: 10_000 }));
    expect(big.find((p) => p.model.id === 'beta-free')?.exclusion).toBe('max_output');
  });

  it('escapes every HTML-special character and encodes a model page path', () => {
    const hostile = `<img src=x onerror="a('b')">&`;
    expect(escapeHtml(hostile)).toBe('&#60;img src=x onerror=&#34;a(&#39;b&#39;)&#34;&#62;&#38;');
    expect(modelPagePath('a b/c')).toBe('/models/a%20b%2Fc');
  });
});

describe('the headline and /api/cheapest (real catalogue)', () => {
  it('name a model at the same monthly cost and leave out the same number of models, workload by workload', async () => {
    const app = createService({ catalogue: real, assets: {} });
    const cases: Array<[Workload, string]> = [
      [DEFAULT_WORKLOAD, ''],
      [w({ inputTokens: 500_000, outputTokens: 4000 }), '&input_tokens=500000&output_tokens=4000'],
      [
        w({ inputTokens: 20_000, outputTokens: 40_000, mode: 'batch' }),
        '&input_tokens=20000&output_tokens=40000&mode=batch',
      ],
      // Every model costs $0: the tie rule alone names the model.
      [w({ inputTokens: 0, outputTokens: 0 }), '&input_tokens=0&output_tokens=0'],
    ];
    for (const [work, query] of cases) {
      // The site's headline ranks current models, as /api/cheapest does by default.
      const res = await app.request(`http://localhost/api/cheapest?limit=1${query}`);
      const body = (await res.json()) as {
        recommendations: Array<{ id: string; name: string; costs: { monthly: number } }>;
        excluded: { count: number; byReason: Array<{ reason: string; count: number }> };
      };
      const priced = priceAll(real.models.map(siteModel), work);
      const headline = headlineHtml(priced, work);
      const top = body.recommendations[0]!;
      expect(headline, query).toContain(
        ` at ${displayUsd(new Usd(BigInt(Math.round(top.costs.monthly * 1e9))))} a month.`,
      );
      expect(headline, query).toContain(`href="/models/${top.id}"`);
      // The API also counts the legacy models that would rank with status=all; the headline does not.
      const unfit = body.excluded.byReason.filter((r) => r.reason !== 'legacy').reduce((n, r) => n + r.count, 0);
      expect(priced.filter((p) => p.exclusion && p.model.status === 'current').length, query).toBe(unfit);
    }
  });
});

describe("the browser's model records (SiteModel)", () => {
  it('price every model of the real catalogue exactly as the API engine does, for every part of the workload', () => {
    const workloads: Workload[] = [
      DEFAULT_WORKLOAD,
      w({ mode: 'batch' }),
      w({ mode: 'streaming', outputTokens: 3000 }),
      w({ inputTokens: 300_000, cachedInputTokens: 100_000, cacheWriteTokens: 50_000, cacheTtl: '5m' }),
      w({ timeOfDay: { offPeakPercent: 40 }, cachedInputTokens: 1000 }),
    ];
    let compared = 0;
    for (const model of real.models) {
      const small = siteModel(model) as Model;
      for (const work of workloads) {
        expect(calculateCost(small, work).monthly.nanos, `${model.id} ${JSON.stringify(work)}`).toBe(
          calculateCost(model, work).monthly.nanos,
        );
        compared++;
      }
    }
    expect(compared).toBe(real.models.length * workloads.length);
    // The records do carry the parts those workloads reach.
    expect(real.models.some((m) => m.offPeak && siteModel(m).offPeak)).toBe(true);
    expect(real.models.some((m) => m.cacheWrite !== undefined && siteModel(m).cacheWrite === m.cacheWrite)).toBe(true);
  });
});
