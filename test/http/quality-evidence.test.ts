/**
 * The evidence in the answers on the real catalogue: a model page's benchmark table, a record's
 * benchmarks, and recommend ranked by the coding evidence, by value, with unrated models counted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const ROOT = join(import.meta.dirname, '..', '..');
const catalogue = loadCatalogueFromDir(join(ROOT, 'data'));
const app = createService({ catalogue });
const evidence = JSON.parse(readFileSync(join(ROOT, 'data', 'quality', 'benchmarks.json'), 'utf8'));
const get = async (path: string) => (await app.request(`http://localhost${path}`)).json() as Promise<any>; // any: tests read arbitrary fields

describe('benchmarks in the record and on the model page', () => {
  it('the record carries each result with its metric, scale, date and source link', async () => {
    const { model } = await get('/api/pricing?model=anthropic-claude-opus-5');
    const ids = Object.keys(evidence.models['anthropic-claude-opus-5']).sort();
    expect(model.benchmarks.map((b: any) => b.id).sort()).toEqual(ids);
    expect(model.benchmarks.find((b: any) => b.id === 'lmarena_code_2026_08')).toEqual({
      id: 'lmarena_code_2026_08',
      name: 'Code Arena',
      metric: 'LMArena Code Arena (WebDev) Elo, top 50',
      scale: 'Elo',
      value: 1688,
      date: '2026-08-30',
      source: 'LMArena (arena.ai), late-August 2026 boards',
      url: 'https://arena.ai/leaderboard/code',
    });
    expect(typeof model.scores.coding).toBe('number');
  });

  it('the page shows them as a table: name, metric and scale, value, date, source link', async () => {
    const html = await (await app.request('http://localhost/models/anthropic-claude-opus-5')).text();
    expect(html).toContain('<h2>Benchmarks</h2>');
    expect(html).toContain(
      '<tr><td>Code Arena</td><td>LMArena Code Arena (WebDev) Elo, top 50 <small>(Elo)</small></td><td class="num">1,688</td><td>2026-08-30</td><td><a href="https://arena.ai/leaderboard/code" rel="noopener">LMArena (arena.ai), late-August 2026 boards</a></td></tr>',
    );
    // DesignArena's terms keep its rating out: only the derived value is shown.
    expect(html).toContain('<td class="num">92/100 (derived; the rating is not republished)</td>');
  });

  it('an unrated model says so, with no number', async () => {
    const id = catalogue.models.find((m) => !evidence.models[m.id])!.id;
    const { model } = await get(`/api/pricing?model=${id}`);
    expect(model.benchmarks).toEqual([]);
    expect(new Set(Object.values(model.scores))).toEqual(new Set(['unrated']));
    const html = await (await app.request(`http://localhost/models/${id}`)).text();
    expect(html).toContain('it is <b>unrated</b>');
  });
});

describe('recommend on the evidence', () => {
  // Every current model suited to coding (1-5 score >= 3) that can run 1000 in / 500 out and is sold as capacity.
  const rivals = catalogue.rankable.filter(
    (m) => m.status === 'current' && (m.useCases.coding ?? 0) >= 3 && !m.freeTierOnly,
  );
  const coding = (id: string) => catalogue.byId.get(id)!.scores!.coding;

  it('use_case=coding puts the model with the strongest coding evidence first, with its evidence', async () => {
    const body = await get('/api/recommend?use_case=coding');
    const best = Math.max(...rivals.map((m) => (typeof m.scores!.coding === 'number' ? m.scores!.coding : -1)));
    const [first] = body.recommendations;
    expect(first.score).toBe(best);
    // Kimi K3 and Claude Opus 5 both code at 94; the tie goes to the cheaper, K3 ($3 / $15 against $5 / $25).
    expect([first.id, body.recommendations[1].id]).toEqual(['moonshot-kimi-k3', 'anthropic-claude-opus-5']);
    expect(first.scoreOf).toBe('coding');
    expect(first.reason).toMatch(
      /^Coding 94\/100 from the AA Coding Index 76.2 and the Code Arena 1,674 and 1 more, Aug 2026; /,
    );
    expect(first.scoreEvidence.map((e: any) => [e.id, e.weight])).toEqual([
      ['or_aa_coding_index', 3],
      ['lmarena_code_2026_08', 2],
      ['designarena_code', 1],
    ]);
    // The second names its trade-off against the first.
    expect(body.recommendations[1].reason).toMatch(/Against #1: \d+ points? (lower|higher)|Against #1: the same score/);
    // Unrated suited models are counted, not ranked.
    const unrated = rivals.filter((m) => m.scores!.coding === 'unrated').length;
    expect(unrated).toBeGreaterThan(0);
    expect(body.excluded.byReason).toContainEqual(expect.objectContaining({ reason: 'unrated', count: unrated }));
  });

  it('sort=value puts the best score per dollar of the workload first', async () => {
    const body = await get('/api/recommend?use_case=coding&sort=value&limit=10');
    // Score per dollar, by hand: score / monthly cost (1000 in + 500 out × 1,000 a day × 30 days).
    const perDollar = rivals
      .filter((m) => typeof m.scores!.coding === 'number')
      .map((m) => ({
        id: m.id,
        value: (coding(m.id) as number) / (((1000 * m.input + 500 * m.output) / 1e6) * 30_000),
      }))
      .sort((a, b) => b.value - a.value);
    expect(body.recommendations[0].id).toBe(perDollar[0]!.id);
    expect(body.recommendations.map((r: any) => r.scorePerDollar)).toEqual(
      [...body.recommendations.map((r: any) => r.scorePerDollar)].sort((a, b) => b - a),
    );
  });

  it('min_score keeps models scoring at least that; frontier keeps those no other beats on both counts', async () => {
    const body = await get('/api/recommend?use_case=coding&min_score=85&limit=10');
    expect(body.recommendations.every((r: any) => r.score >= 85)).toBe(true);
    expect(body.criteria.min_score).toBe(85);
    const frontier = (await get('/api/recommend?use_case=coding&frontier=true&sort=cost&limit=10')).recommendations;
    // Cheapest first along the frontier, each better than every cheaper one.
    for (let i = 1; i < frontier.length; i++) {
      expect(frontier[i].costPerRequest).toBeGreaterThanOrEqual(frontier[i - 1].costPerRequest);
      expect(frontier[i].score).toBeGreaterThan(frontier[i - 1].score);
    }
    // Kimi K3 codes as well as Claude Opus 5 (94) for less, so Opus 5 is off the frontier.
    expect(frontier.at(-1).id).toBe('moonshot-kimi-k3');
    expect(frontier.map((r: any) => r.id)).not.toContain('anthropic-claude-opus-5');
    expect((await app.request('http://localhost/api/recommend?min_score=101')).status).toBe(400);
    expect((await app.request('http://localhost/api/recommend?sort=price')).status).toBe(400);
  });
});
