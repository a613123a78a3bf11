// npm run catalog:refresh end to end: small hand-made copies of the four public sources
// (test/fixtures/refresh/) served by a local HTTP server, against a temporary copy of a small
// data dir; data/ itself is never written.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providerFileSchema } from '../../src/core/schema/catalogue-schema.js';
import { priceOn } from '../../src/core/pricing/history.js';
import { buildCatalogue } from '../../src/core/catalogue/catalogue.js';
import { main } from '../../src/refresh/main.js';

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures', 'refresh');
/** Each source's Last-Modified, which dates it: litellm is the newest, models.dev the oldest. */
const SOURCES: Record<string, { file: string; modified: string }> = {
  'genai-prices': { file: 'genai-prices.json', modified: 'Fri, 20 Nov 2026 10:00:00 GMT' },
  'models.dev': { file: 'models-dev.json', modified: 'Wed, 01 Jul 2026 10:00:00 GMT' },
  litellm: { file: 'litellm.json', modified: 'Wed, 25 Nov 2026 10:00:00 GMT' },
  openrouter: { file: 'openrouter.json', modified: 'Sun, 15 Nov 2026 10:00:00 GMT' },
};

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const name = (req.url ?? '').slice(1);
    if (name === 'down') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance');
      return;
    }
    if (name === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Just a moment...</body></html>');
      return;
    }
    if (name === 'wrong-shape') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":"rate limited"}');
      return;
    }
    const source = SOURCES[name];
    if (!source) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'last-modified': source.modified });
    res.end(readFileSync(join(FIXTURES, source.file)));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-refresh-'));
  temps.push(dir);
  cpSync(join(FIXTURES, 'data'), dir, { recursive: true });
  return dir;
}

const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as any; // any: raw JSON records

/** The four sources from the local server, `overrides` replacing some of them by another path. */
function sourceArgs(overrides: Record<string, string> = {}): string[] {
  return Object.keys(SOURCES).flatMap((name) => [`--${name}`, `${base}/${overrides[name] ?? name}`]);
}

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l), today: '2026-12-01' });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('catalog:refresh dry run', () => {
  it('prints every proposed change with its source and date, and writes nothing', async () => {
    const dir = dataCopy();
    const before = snapshot(dir);
    const { code, out } = await run([...sourceArgs(), '--data', dir]);
    expect(code).toBe(0);
    expect(out).toContain('genai-prices data of 2026-11-20');
    expect(out).toContain(
      'openai-gpt-alpha: from genai-prices data of 2026-11-20 (gpt-alpha), in force from 2026-10-01',
    );
    expect(out).toContain('input: 2 -> 1.5');
    expect(out).toContain('Sources differ: models.dev (2026-07-01) gives $2/$8.');
    expect(out).toContain('openai-gpt-delta: $1.25/$10 from litellm data of 2026-11-25, released 2026-11-01');
    expect(out).toContain('openai-gpt-beta: no source lists it any more');
    expect(out).toContain('openai-gpt-alpha-latest -> openai-gpt-alpha');
    expect(out).toContain('Dry run: nothing written');
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('catalog:refresh --write', () => {
  it('applies a price change, a new model, a removed model, an alias and an off-peak window', async () => {
    const dir = dataCopy();
    const { code, err } = await run([...sourceArgs(), '--data', dir, '--write']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const openai = readJson(join(dir, 'openai.json'));
    const deepseek = readJson(join(dir, 'deepseek.json'));
    for (const file of [openai, deepseek]) providerFileSchema.parse(file);
    const byId = new Map<string, any>(openai.models.map((m: any) => [m.id, m])); // any: raw JSON records

    // Price change: genai-prices (cites the provider, newest) wins; dated when it took effect.
    const alpha = byId.get('openai-gpt-alpha');
    expect([alpha.input, alpha.output, alpha.cachedInput]).toEqual([1.5, 6, 0.15]);
    expect(alpha.tier).toBe('Mid'); // (3 × 1.5 + 6) / 4 = 2.625
    expect(alpha.checkedOn).toBe('2026-12-01');
    expect(alpha.verified).toBe('December 2026');
    expect(alpha.priceHistory.map((h: any) => [h.effectiveFrom, h.input, h.output])).toEqual([
      ['2026-06-01', 2, 8],
      ['2026-10-01', 1.5, 6],
    ]);
    expect(alpha.priceHistory[1].note).toBe('Before: input $2, output $8.');
    expect(alpha.priceHistory[1].source).toBe('genai-prices data of 2026-11-20, citing https://openai.example/pricing');
    expect(alpha.priceSource).toBe(
      'OpenAI pricing page as cited by genai-prices data of 2026-11-20, checked 2026-12-01; OpenRouter agrees',
    );
    expect(alpha.priceNote).toBe(
      'Changed on 2026-10-01: input $2 to $1.5, output $8 to $6 (genai-prices data of 2026-11-20).' +
        ' Added on 2026-12-01: cachedInput $0.15 (genai-prices data of 2026-11-20).' +
        ' Added on 2026-12-01: inputAudio $40, outputAudio $80 (genai-prices data of 2026-11-20, citing https://openai.example/pricing).' +
        ' Sources differ: models.dev (2026-07-01) gives $2/$8.',
    );
    expect(alpha.aliases).toEqual(['openai-gpt-alpha-latest']);

    // Removed model: listed by none of the four sources.
    expect(byId.has('openai-gpt-beta')).toBe(false);

    // A source that cites the provider wins over a newer one that does not (litellm's gpt-gamma
    // entry names no source): the price stays, the note says who differs; the price set genai-prices
    // dates after today becomes a scheduled entry.
    const gamma = byId.get('openai-gpt-gamma');
    expect([gamma.input, gamma.output]).toEqual([0.5, 2]);
    expect(gamma.priceHistory).toEqual([
      {
        effectiveFrom: '2027-03-01',
        input: 0.6,
        output: 2.4,
        source: 'genai-prices data of 2026-11-20, citing https://openai.example/pricing',
        note: 'Scheduled price change.',
      },
    ]);
    expect(gamma.priceNote).toBe('Sources differ: litellm (2026-11-25) gives $0.6/$2.4.');
    expect(gamma.priceSource).toBe(
      'OpenAI pricing page as cited by genai-prices data of 2026-11-20, checked 2026-12-01; models.dev agrees',
    );

    // New model: litellm cites the provider, so it sets the price; context from the sources.
    const delta = byId.get('openai-gpt-delta');
    expect([delta.input, delta.output, delta.contextTokens, delta.context, delta.tier]).toEqual([
      1.25,
      10,
      400000,
      '400K',
      'Mid',
    ]);
    expect(delta.releaseDate).toBe('2026-11-01');
    expect(delta.quality).toBe(2);

    // Peak / off-peak: the windows' price above the rest of the day is the peak; off-peak is the
    // rest (two spans, longest first), and all weekend as the source's comment says.
    const v9 = deepseek.models[0];
    expect([v9.input, v9.output]).toEqual([0.4, 1.6]);
    expect(v9.offPeak).toEqual({
      input: 0.2,
      output: 0.8,
      windows: [
        { startUtc: '16:30', endUtc: '00:30' },
        { startUtc: '08:00', endUtc: '10:00' },
      ],
      weekends: { utcOffset: '+08:00', since: '2026-11-01' },
    });

    // The written catalogue loads, and the history answers the price on a past day.
    const catalogue = buildCatalogue([
      { file: 'openai.json', data: openai },
      { file: 'deepseek.json', data: deepseek },
    ]);
    const loaded = catalogue.byId.get('openai-gpt-alpha')!;
    expect(priceOn(loaded, '2026-09-30')).toMatchObject({ kind: 'priced', set: { input: 2, output: 8 } });
    expect(priceOn(loaded, '2026-10-01')).toMatchObject({ kind: 'priced', set: { input: 1.5, output: 6 } });
  });

  it('proposes a new modality price from genai-prices and a tier price change from litellm, and writes them with source, date and what they replace', async () => {
    const dir = dataCopy();
    const dry = await run([...sourceArgs(), '--data', dir]);
    expect(dry.out).toContain(
      '    unitPrices.inputAudio: - -> 40 (genai-prices data of 2026-11-20, citing https://openai.example/pricing, 2026-11-20)',
    );
    expect(dry.out).toContain('    flex.input: 0.5 -> 0.4 (litellm data of 2026-11-25, 2026-11-25)');
    expect(dry.out).toContain('    priority.output: - -> 8 (litellm data of 2026-11-25, 2026-11-25)');
    const { code, err } = await run([...sourceArgs(), '--data', dir, '--write']);
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const openai = providerFileSchema.parse(readJson(join(dir, 'openai.json')));
    const byId = new Map(openai.models.map((m) => [m.id, m]));
    // The new modality price: genai-prices' gpt-alpha set in force (from 2026-10-01) gives audio prices.
    expect(byId.get('openai-gpt-alpha')?.unitPrices).toEqual({
      inputAudio: 40,
      outputAudio: 80,
      source: 'genai-prices data of 2026-11-20, citing https://openai.example/pricing',
      checkedOn: '2026-12-01',
    });
    // The tier price change: litellm lists gpt-epsilon at the record's $1/$4, so its flex prices
    // replace the record's, whose prices the tier's note keeps; priority is new.
    const epsilon = byId.get('openai-gpt-epsilon');
    expect(epsilon?.serviceTiers).toEqual({
      flex: {
        input: 0.4,
        output: 1.6,
        cachedInput: 0.04,
        source: 'litellm data of 2026-11-25',
        checkedOn: '2026-12-01',
        note: 'Before 2026-11-25: input $0.5, output $2 (litellm data of 2026-11-01, checked 2026-11-01).',
      },
      priority: { input: 2, output: 8, source: 'litellm data of 2026-11-25', checkedOn: '2026-12-01' },
    });
    expect(epsilon?.priceNote).toContain(
      'Changed on 2026-11-25: flex input $0.5 to $0.4, flex output $2 to $1.6 (litellm data of 2026-11-25).',
    );
    expect(epsilon?.priceNote).toContain(
      'Added on 2026-12-01: flex cachedInput $0.04, priority input $2, priority output $8 (litellm data of 2026-11-25).',
    );
    // The catalogue takes the written records, and prices the tier.
    const catalogue = buildCatalogue([{ file: 'openai.json', data: openai }]);
    expect(catalogue.byId.get('openai-gpt-epsilon')?.serviceTiers?.flex?.input).toBe(0.4);
  });

  it("proposes no tier price from a source whose standard price differs from the record's", async () => {
    // litellm lists gpt-gamma at $0.6/$2.4 (genai-prices' price from 2027-03-01) with flex and
    // priority prices of that price; the record keeps genai-prices' $0.5/$2, so they are not read.
    const dir = dataCopy();
    const dry = await run([...sourceArgs(), '--data', dir]);
    expect(dry.out).toContain('openai-gpt-gamma');
    expect(dry.out).not.toMatch(/(flex|priority)\.\w+: [-\d.]+ -> (0\.2|0\.8|0\.02|1\.2|4\.8) /);
    await run([...sourceArgs(), '--data', dir, '--write']);
    const gamma = providerFileSchema
      .parse(readJson(join(dir, 'openai.json')))
      .models.find((m) => m.id === 'openai-gpt-gamma');
    expect([gamma?.input, gamma?.output]).toEqual([0.5, 2]);
    expect(gamma?.serviceTiers).toEqual({
      flex: { input: 0.25, output: 1, source: 'litellm data of 2026-11-01', checkedOn: '2026-11-01' },
    });
    expect(gamma?.priceNote ?? '').not.toMatch(/flex|priority/);
  });

  it('a second run proposes nothing more', async () => {
    const dir = dataCopy();
    await run([...sourceArgs(), '--data', dir, '--write']);
    const after = snapshot(dir);
    const { code, out } = await run([...sourceArgs(), '--data', dir, '--write']);
    expect(code).toBe(0);
    expect(out).toContain('Changed: 0 model(s)');
    expect(out).toContain('New models: 0');
    expect(out).toContain('Removed models: 0');
    expect(snapshot(dir)).toEqual(after);
  });
});

describe('catalog:refresh of data/ against the pinned genai-prices package', () => {
  it("reproduces DeepSeek's off-peak windows and weekends and GPT-5.6's long-context write prices: nothing to change", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-refresh-'));
    temps.push(dir);
    cpSync(resolve(import.meta.dirname, '..', '..', 'data'), dir, { recursive: true });
    const out: string[] = [];
    const code = await main(['--genai-prices', 'package', '--data', dir], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      today: '2026-11-24',
    });
    expect(code).toBe(0);
    // Text, unit (audio, searches, ...) and long-context prices all agree: no field to change.
    const fieldLines = out
      .join('\n')
      .split('\n')
      .filter((l) => /^ {4}\w/.test(l));
    expect(fieldLines).toEqual([]);
    expect(out.join('\n')).toContain('Changed: 0 model(s)');
    // The records it compared hold what the package holds.
    expect(readJson(join(dir, 'deepseek.json')).models[0].offPeak.weekends).toEqual({
      utcOffset: '+08:00',
      since: '2026-08-23',
    });
    expect(
      readJson(join(dir, 'openai.json')).models.find((m: { id: string }) => m.id === 'openai-gpt-5.6-terra').longContext
        .cacheWrite,
    ).toBe(5);
  });
});

describe("catalog:refresh checks the open-weight makers' records against genai-prices, as every maker's", () => {
  it("proposes Moonshot's, Z.ai's and MiniMax's own prices back where a record strays, and leaves a median-direct record to catalog:doors", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-refresh-'));
    temps.push(dir);
    cpSync(resolve(import.meta.dirname, '..', '..', 'data'), dir, { recursive: true });
    const edit = (file: string, id: string, change: (m: Record<string, unknown>) => void) => {
      const json = readJson(join(dir, file));
      change(json.models.find((m: { id: string }) => m.id === id));
      writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
    };
    edit('moonshot.json', 'moonshot-kimi-k3', (m) => (m.input = 2));
    edit('zhipu.json', 'zhipu-glm-5.3', (m) => (m.cachedInput = 0.2));
    edit('minimax.json', 'minimax-minimax-m3', (m) => delete m.longContext);
    edit('nvidia.json', 'nvidia-nemotron-3-ultra-550b-a55b', (m) => (m.input = 9));
    const out: string[] = [];
    const code = await main(['--genai-prices', 'package', '--data', dir], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      today: '2026-12-07',
    });
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('Changed: 3 model(s)');
    expect(text).toMatch(
      /moonshot-kimi-k3: from genai-prices 0\.1\.8 data of 2026-09-22 \(kimi-k3\).*\n {4}input: 2 -> 3\n/,
    );
    expect(text).toMatch(/zhipu-glm-5\.3: from genai-prices .*\(GLM-5\.3\).*\n {4}cachedInput: 0\.2 -> 0\.26\n/);
    expect(text).toMatch(/minimax-minimax-m3: from genai-prices .*\(minimax-m3\).*\n {4}longContext: - -> /);
    // Nemotron 3 Ultra is priced at a host's door (its maker sells none): catalog:doors checks it, not this.
    expect(text).not.toContain('nvidia-nemotron-3-ultra');
    // GLM-5.3-Flash's listing is the launch promotion the record holds as history: no change, and said so.
    expect(text).not.toContain('zhipu-glm-5.3-flash');
  });
});

describe('catalog:refresh with a failing source', () => {
  it.each([
    ['down', 'litellm', /source litellm answered HTTP 503/],
    ['garbage', 'openrouter', /source openrouter returned something that is not JSON .* "<html><body>Just a moment/],
    ['wrong-shape', 'genai-prices', /source genai-prices not genai-prices data/],
  ])('a source that is %s: nothing written, the message names it, exit 1', async (path, name, message) => {
    const dir = dataCopy();
    const before = snapshot(dir);
    const { code, err } = await run([...sourceArgs({ [name]: path }), '--data', dir, '--write']);
    expect(code).toBe(1);
    expect(err).toMatch(message);
    expect(err).toContain('nothing written');
    expect(snapshot(dir)).toEqual(before);
  });

  it('a source that cannot be reached: nothing written, exit 1', async () => {
    const dir = dataCopy();
    const before = snapshot(dir);
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const args = sourceArgs().map((a) => (a.endsWith('/models.dev') ? `http://127.0.0.1:${port}/models.dev` : a));
    const { code, err } = await run([...args, '--data', dir, '--write']);
    expect(code).toBe(1);
    expect(err).toMatch(/source models\.dev cannot be reached at http:\/\/127\.0\.0\.1:\d+\/models\.dev/);
    expect(snapshot(dir)).toEqual(before);
  });

  it('bad usage exits 2', async () => {
    expect((await run(['--nope'])).code).toBe(2);
    expect((await run(['--today', '2026-02-30'])).code).toBe(2);
  });
});
