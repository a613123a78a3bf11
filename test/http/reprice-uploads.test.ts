/**
 * POST /api/reprice inside the service's budgets (issue 58): a body reserves its bytes in the memory
 * budget while it is received and gives them back once answered (a 503 with Retry-After when the
 * budget says no); the rate limit charges the work an upload buys (rows x targets, and each distinct
 * name's suggestions); one upload's work is done in slices, other requests answered between
 * them; and the answer stays within a few times the body unless each row is asked for.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import type { UploadBudget } from '../../src/http/middleware/upload/index.js';
import { answerJson, SLICE_WORK, WORK_PER_REQUEST } from '../../src/endpoints/reprice/index.js';
import { Usd } from '../../src/core/schema/money.js';
import { repriceSlices, repriceWork, SUGGESTION_WORK } from '../../src/core/usage/reprice.js';
import { parseUsageText } from '../../src/core/usage/formats.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const catalogue = loadCatalogueFromDir(resolve(import.meta.dirname, '..', '..', 'data'));
const ids = catalogue.models.slice(0, 20).map((m) => m.id);
const TARGETS = ids.slice(0, 10).join(',');

/** `n` CSV rows of known models. */
const knownCsv = (n: number) =>
  `date,model,input_tokens,output_tokens\n${Array.from({ length: n }, (_, i) => `2026-${String(1 + (i % 11)).padStart(2, '0')}-01,${ids[i % 20]},${1000 + i},${500 + i}`).join('\n')}\n`;
/** `n` CSV rows, each a distinct unknown name. */
const unknownCsv = (n: number) =>
  `date,model\n${Array.from({ length: n }, (_, i) => `2026-11-01,zq-unknown-${i}-xv`).join('\n')}\n`;

/** A budget that counts what is reserved, and refuses past `limit`. */
function countingBudget(limit = Infinity) {
  const log = { reserved: 0, most: 0, refused: 0 };
  const budget: UploadBudget = {
    reserve(bytes) {
      if (log.reserved + bytes > limit) {
        log.refused += 1;
        return false;
      }
      log.reserved += bytes;
      log.most = Math.max(log.most, log.reserved);
      return true;
    },
    release(bytes) {
      log.reserved -= bytes;
    },
  };
  return { budget, log };
}

/** A body sent as a stream (no Content-Length), in chunks of `size` bytes. */
function chunked(text: string, size = 16 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else {
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      }
    },
  });
}

const post = (service: ReturnType<typeof createService>, query: string, body: string | ReadableStream<Uint8Array>) =>
  service.request(`/api/reprice${query}`, {
    method: 'POST',
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);

describe('uploads and the memory budget', () => {
  it('reserve the body as it arrives, and give it all back once answered', async () => {
    const { budget, log } = countingBudget();
    const service = createService({ catalogue, assets: {}, uploadBudget: budget });
    const csv = knownCsv(2000);
    const res = await post(service, '', chunked(csv));
    expect(res.status).toBe(200);
    expect(log.most).toBe(new TextEncoder().encode(csv).length);
    expect(log.reserved).toBe(0);
    // A declared length is reserved before a byte is read, and given back after an error too.
    const bad = await post(service, '', 'date,model,nope\n2026-11-01,x,1\n');
    expect(bad.status).toBe(400);
    expect(log.reserved).toBe(0);
  });

  it('past the budget: a 503 with Retry-After, nothing reserved beyond it, and all given back', async () => {
    const { budget, log } = countingBudget(100 * 1024);
    const service = createService({ catalogue, assets: {}, uploadBudget: budget });
    const res = await post(service, '', chunked(knownCsv(5000)));
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error).toMatchObject({ code: 'busy', param: 'body' });
    expect(log.refused).toBe(1);
    expect(log.most).toBeLessThanOrEqual(100 * 1024);
    expect(log.reserved).toBe(0);
    // A body that fits is still served.
    expect((await post(service, '', knownCsv(10))).status).toBe(200);
  });

  it('a stream past 1 MiB is a 413 as soon as it passes, having reserved at most 1 MiB', async () => {
    const { budget, log } = countingBudget();
    const service = createService({ catalogue, assets: {}, uploadBudget: budget });
    const res = await post(service, '', chunked(`[${' '.repeat(3 * 1024 * 1024)}]`, 64 * 1024));
    expect(res.status).toBe(413);
    expect(log.most).toBeLessThanOrEqual(1024 * 1024);
    expect(log.reserved).toBe(0);
  });
});

describe('the rate limit charges the work an upload buys', () => {
  const limited = (perMinute: number) => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 30);
    return createService({
      catalogue,
      assets: {},
      rateLimit: { perMinute, clientIp: () => '192.0.2.1', now: () => now },
    });
  };

  /** `n` rows of one known model. */
  const oneModel = (n: number) => `date,model,input_tokens\n${'2026-11-01,openai-gpt-5,1000\n'.repeat(n)}`;

  it('rows x (1 + targets), and each distinct name: 100 rows of one model on 10 targets count as 12 requests, on none as 2', async () => {
    expect(Math.ceil((repriceWork(100, 10) + SUGGESTION_WORK) / WORK_PER_REQUEST)).toBe(12);
    const service = limited(20);
    expect((await post(service, `?targets=${TARGETS}`, oneModel(100))).status).toBe(200);
    // 12 counted: a second such upload (24) is past 20.
    expect((await post(service, `?targets=${TARGETS}`, oneModel(100))).status).toBe(429);
    const other = limited(20);
    for (let i = 0; i < 10; i++) expect((await post(other, '', oneModel(100))).status).toBe(200);
    expect((await post(other, '', oneModel(100))).status).toBe(429);
  });

  it('distinct names are charged as their suggestions would cost, before the work: 200 unknown names are a 429 at 20 a minute', async () => {
    // 200 distinct names: 200 x (1 + SUGGESTION_WORK) units, 42 requests, against a limit of 20.
    expect(Math.ceil((200 * (1 + SUGGESTION_WORK)) / WORK_PER_REQUEST)).toBe(42);
    const res = await post(limited(20), '', unknownCsv(200));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect((await post(limited(100), '', unknownCsv(200))).status).toBe(200);
  });
});

describe('one upload is worked a slice at a time', () => {
  it('repriceSlices yields every SLICE_WORK units or so, each slice within one row of the bound', () => {
    const parsed = parseUsageText(knownCsv(3000));
    const targets = ids.slice(0, 4).map((id) => catalogue.byId.get(id)!);
    const slices = repriceSlices(catalogue, parsed, { today: '2026-11-28', targets }, SLICE_WORK);
    const done: number[] = [];
    let step = slices.next();
    while (!step.done) {
      done.push(step.value.work);
      step = slices.next();
    }
    const total = repriceWork(3000, 4);
    expect(done.length).toBe(Math.ceil(total / SLICE_WORK) - 1);
    done.forEach((work, i) => {
      const since = work - (done[i - 1] ?? 0);
      expect(since).toBeGreaterThanOrEqual(SLICE_WORK);
      expect(since).toBeLessThan(SLICE_WORK + repriceWork(1, 4));
    });
    expect(step.value.rows).toHaveLength(3000);
  });

  it('other requests are answered between the slices of a 10,000-row upload on 10 targets', async () => {
    const service = createService({ catalogue, assets: {}, answerCache: false });
    let finished = false;
    const upload = post(service, `?targets=${TARGETS}`, knownCsv(10_000)).then(async (res) => {
      finished = true;
      return res;
    });
    // A health check at each turn of the event loop (as a client's request arrives by I/O): one
    // answered before the upload's end means the upload let the loop go before it.
    let answered = 0;
    while (!finished) {
      const res = await service.request('/healthz');
      if (!finished) answered += 1;
      expect(res.status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await upload).status).toBe(200);
    // 10 slices of reading and 110 of pricing: a health check answered in most of them.
    expect(answered).toBeGreaterThan(50);
  });
});

describe('each row with detail=rows', () => {
  it('is written a slice of rows at a time, yielding between slices, as the same JSON as written at once', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ row: i + 1, model: `m-${i}`, cost: { usd: i / 8 } }));
    // An amount no JSON number carries exactly is written as its exact decimal within a slice too.
    const tiny = new Usd(1n);
    const answer = { format: 'csv', totals: { cost: tiny }, rows: [...rows, { row: 26, cost: tiny }] };
    const writing = answerJson(answer as unknown as Parameters<typeof answerJson>[0], 10);
    let yields = 0;
    let step = writing.next();
    for (; !step.done; step = writing.next()) yields += 1;
    // 26 rows, 10 a slice: 3 slices, the loop let go between them.
    expect(yields).toBe(2);
    const expected = JSON.stringify({
      format: 'csv',
      totals: { cost: 'TINY' },
      rows: [...rows, { row: 26, cost: 'TINY' }],
    });
    expect(step.value).toBe(expected.replaceAll('"TINY"', '0.000000001'));
    const none = answerJson({ format: 'csv', rows: [] } as unknown as Parameters<typeof answerJson>[0], 10);
    expect(none.next()).toEqual({ done: true, value: '{"format":"csv","rows":[]}' });
  });

  it('answers each row over HTTP, with the same totals as without', async () => {
    const service = createService({ catalogue, assets: {}, answerCache: false });
    const csv = knownCsv(2000);
    const res = await post(service, `?targets=${TARGETS}&detail=rows`, csv);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const detailed = await res.json();
    expect(detailed.rows).toHaveLength(2000);
    expect(detailed.rows.map((r: { row: number }) => r.row)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    const plain = await (await post(service, `?targets=${TARGETS}`, csv)).json();
    expect(detailed.totals).toEqual(plain.totals);
  });
});

describe('the answer is proportionate to the upload', () => {
  it('10,000 rows on 10 targets: within 3 times the body without detail; each row with detail=rows', async () => {
    const service = createService({ catalogue, assets: {} });
    const csv = knownCsv(10_000);
    const res = await post(service, `?targets=${TARGETS}`, csv);
    const text = await res.text();
    expect(text.length).toBeLessThan(3 * csv.length);
    const body = JSON.parse(text);
    expect(body.rows).toBeUndefined();
    expect(body.read).toMatchObject({ rows: 10_000, pricedRows: 10_000 });
    expect(body.notes).toContain('Each row priced: ask with detail=rows.');
    const detailed = await (await post(service, `?targets=${TARGETS}&detail=rows`, knownCsv(50))).json();
    expect(detailed.rows).toHaveLength(50);
    expect(Object.keys(detailed.rows[0].targets)).toEqual(ids.slice(0, 10));
    // The same totals either way.
    const plain = await (await post(service, `?targets=${TARGETS}`, knownCsv(50))).json();
    expect(plain.totals).toEqual(detailed.totals);
  });
});
