/**
 * The CLI: tables, --json equal to the HTTP API's answers, exit code 2 with a message on bad
 * input, --help, and `serve`. Most cases run the CLI's run() in-process (the code the bin runs);
 * a few spawn bin/ai-model-pricing.mjs as users do, to prove the command itself works.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../scripts/build-cli.mjs';
import { run, toPlain } from '../../src/cli/run.js';
import { createService } from '../../src/http/service.js';
import { mcpRoute } from '../../src/mcp/route.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const root = join(import.meta.dirname, '..', '..');
const BIN = join(root, 'bin', 'ai-model-pricing.mjs');
const BASE_URL = 'https://prices.example';
const env = { PATH: process.env.PATH ?? '', BASE_URL };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI in-process: run() with the bin's arguments, output captured. */
async function cli(...args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t), env });
  return { code: code ?? -1, stdout, stderr };
}

/** The CLI as a user runs it: node bin/ai-model-pricing.mjs. */
async function spawned(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], { env, cwd: root });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const app = createService({ catalogue: loadCatalogueFromDir(join(root, 'data')), baseUrl: BASE_URL, mcp: mcpRoute });
const api = async (path: string) => `${await (await app.request(path)).text()}\n`;

beforeAll(() => buildCli(), 30_000);

describe('ai-model-pricing CLI', () => {
  it('--json prints exactly what the API answers, with the same defaults', async () => {
    const cases: Array<[string[], string]> = [
      [['calc', 'openai-gpt-4o', '--json'], '/api/calculate?model=openai-gpt-4o'],
      [
        ['calc', 'openai-gpt-4o', 'anthropic-claude-haiku-4-5', '--mode', 'streaming', '--json'],
        '/api/calculate?models=openai-gpt-4o,anthropic-claude-haiku-4-5&mode=streaming',
      ],
      [['price', 'openai-gpt-4o', '--json'], '/api/pricing?model=openai-gpt-4o'],
      [['list', '--provider', 'openai', '--tier=budget', '--json'], '/api/pricing?provider=openai&tier=budget'],
      [['cheapest', '--limit', '3', '--use-case', 'coding', '--json'], '/api/cheapest?limit=3&use_case=coding'],
      [
        ['compare', 'openai-gpt-4o', 'openai-gpt-4o-mini', '--requests-per-day', '100', '--json'],
        '/api/compare?models=openai-gpt-4o,openai-gpt-4o-mini&requests_per_day=100',
      ],
      [
        ['recommend', '--use_case', 'coding', '--budget', 'low', '--limit', '2', '--json'],
        '/api/recommend?use_case=coding&budget=low&limit=2',
      ],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(...args)));
    for (const [i, [args, path]] of cases.entries()) {
      const run = runs[i];
      expect({ args, code: run?.code, stderr: run?.stderr }).toEqual({ args, code: 0, stderr: '' });
      expect(run?.stdout).toBe(await api(path));
    }
    // 2000 × $2.50/1M + 500 × $10/1M = $0.01 a request, $300 a month.
    expect(JSON.parse(runs[0]?.stdout ?? '').costs).toEqual({
      perRequest: 0.01,
      daily: 10,
      monthly: 300,
      yearly: 3600,
    });
  });

  it("offers MODEL lists every seller's door, the maker's marked, the kept-out apart; --sellers prices at doors", async () => {
    const [offers, json, bedrock] = await Promise.all([
      cli('offers', 'deepseek-deepseek-v4-pro', '--input-tokens', '20000'),
      cli('offers', 'deepseek-deepseek-v4-pro', '--json'),
      cli('cheapest', '--sellers', 'amazon-bedrock', '--limit', '3'),
    ]);
    expect(offers.code).toBe(0);
    expect(offers.stdout).toMatch(/^\s*\d+\s+deepseek \*\s+maker\s/m);
    expect(offers.stdout).toMatch(/^\s*\d+\s+deepinfra\s+host\s/m);
    expect(offers.stdout).toContain('openrouter (gateway) kept out');
    expect(json.stdout).toBe(await api('/api/offers?model=deepseek-deepseek-v4-pro'));
    expect(bedrock.code).toBe(0);
    expect(bedrock.stdout).toMatch(/@amazon-bedrock/);
  });

  it('prints readable tables by default, money as the site shows it', async () => {
    const [calc, compare, list] = await Promise.all([
      cli('calc', 'openai-gpt-4o'),
      cli('compare', 'openai-gpt-4o', 'openai-gpt-4o-mini'),
      cli('list', '--provider', 'openai'),
    ]);
    expect(calc.code).toBe(0);
    expect(calc.stdout).toContain(
      'Workload: 2,000 input + 500 output tokens per request, 1,000 requests a day, 30\ndays a month (standard).',
    );
    expect(calc.stdout).toMatch(/^ID\s+PER REQUEST\s+DAILY\s+MONTHLY\s+YEARLY$/m);
    expect(calc.stdout).toMatch(/^openai-gpt-4o\s+\$0\.01\s+\$10\.00\s+\$300\.00\s+\$3,600\.00$/m);
    // GPT-4o $225 and GPT-4o mini $13.50 a month at 1000 in / 500 out tokens, 1000 requests a day.
    expect(compare.stdout).toContain('Cheapest: GPT-4o mini at $13.50 a month; most expensive: GPT-4o at $225.00.');
    expect(compare.stdout).toContain('Savings: $211.50 a month, $2,538.00 a year (94%).');
    const openai = (await (await app.request('/api/pricing?provider=openai')).json()) as {
      models: Array<{ id: string }>;
    };
    const rows = list.stdout.split('\n').filter((l) => l.startsWith('openai-'));
    expect(rows.map((l) => l.split(/\s+/)[0])).toEqual(openai.models.map((m) => m.id));
    expect(list.stdout).toMatch(/^openai-gpt-4o\s+Premium\s+\$2\.5\s+\$10\s+128K$/m);
  });

  it('takes status, aliases and the pricing options as the API does, and names the model an alias resolved to', async () => {
    const cases: Array<[string[], string]> = [
      [['list', '--status', 'legacy', '--provider', 'openai', '--json'], '/api/pricing?status=legacy&provider=openai'],
      [
        ['cheapest', '--status', 'all', '--off-peak-share', '50', '--json'],
        '/api/cheapest?status=all&off_peak_share=50',
      ],
      [
        ['calc', 'deepseek-deepseek-chat', '--at', '18:00', '--json'],
        '/api/calculate?model=deepseek-deepseek-chat&at=18:00',
      ],
      [
        [
          'calc',
          'openai-gpt-5.6-terra',
          '--input-tokens',
          '272000',
          '--cache-write-tokens',
          '1000',
          '--cache-ttl',
          '1h',
          '--json',
        ],
        '/api/calculate?model=openai-gpt-5.6-terra&input_tokens=272000&cache_write_tokens=1000&cache_ttl=1h',
      ],
      [['recommend', '--status', 'legacy', '--limit', '2', '--json'], '/api/recommend?status=legacy&limit=2'],
      [
        [
          'compare',
          'openai-gpt-4o',
          'openai-gpt-4o-mini',
          '--service-tier',
          'flex',
          '--reasoning-tokens',
          '100',
          '--input-image-tokens',
          '500',
          '--web-searches',
          '2',
          '--json',
        ],
        '/api/compare?models=openai-gpt-4o,openai-gpt-4o-mini&service_tier=flex&reasoning_tokens=100&input_image_tokens=500&web_searches=2',
      ],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(...args)));
    for (const [i, [args, path]] of cases.entries()) {
      expect({ args, code: runs[i]?.code, stderr: runs[i]?.stderr }).toEqual({ args, code: 0, stderr: '' });
      expect(runs[i]?.stdout).toBe(await api(path));
    }
    expect(JSON.parse(runs[2]?.stdout ?? '')).toMatchObject({
      model: 'deepseek-deepseek-v4-flash',
      requestedId: 'deepseek-deepseek-chat',
    });
    expect(JSON.parse(runs[3]?.stdout ?? '').appliedPrices.band).toBe('from 272K');
    const [price, calc, bad] = await Promise.all([
      cli('price', 'deepseek-deepseek-reasoner'),
      cli('calc', 'deepseek-deepseek-chat'),
      cli('cheapest', '--status', 'retired'),
    ]);
    expect(price.stdout).toMatch(/^DeepSeek V4 Flash \(deepseek-deepseek-v4-flash\)$/m);
    expect(price.stdout).toContain('deepseek-deepseek-reasoner is an alias of deepseek-deepseek-v4-flash.');
    expect(calc.stdout).toMatch(/^deepseek-deepseek-v4-flash\s+\$/m);
    expect(calc.stdout).toContain('deepseek-deepseek-chat is an alias of deepseek-deepseek-v4-flash.');
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toContain('--status must be one of current, legacy, all; got "retired".');
  });

  it('prints small amounts with enough digits to read, never as 1e-9', async () => {
    // One input token on GPT-4o: $2.50 / 1M = $0.0000025 a request; no output tokens.
    const calc = await cli(
      'calc',
      'openai-gpt-4o',
      '--input-tokens',
      '1',
      '--output-tokens',
      '0',
      '--requests',
      '1',
      '--days',
      '1',
    );
    expect(calc.stdout).toMatch(/^openai-gpt-4o\s+\$0\.0000025\s+\$0\.0000025\s+\$0\.0000025\s+\$0\.00003$/m);
    // $0.15 / 1M on GPT-4o mini: $0.00000015 a request, below what a JSON number prints plainly.
    const mini = await cli(
      'calc',
      'openai-gpt-4o-mini',
      '--input-tokens',
      '1',
      '--output-tokens',
      '0',
      '--requests',
      '1',
      '--days',
      '1',
    );
    expect(mini.stdout).toMatch(/^openai-gpt-4o-mini\s+\$0\.00000015\s+\$0\.00000015\s+\$0\.00000015\s+\$0\.0000018$/m);
  });

  it('takes ids as separate arguments or comma-separated, alike', async () => {
    const [apart, commas, spaced] = await Promise.all([
      cli('compare', 'openai-gpt-4o', 'openai-gpt-4o-mini'),
      cli('compare', 'openai-gpt-4o,openai-gpt-4o-mini'),
      cli('compare', 'openai-gpt-4o, openai-gpt-4o-mini'),
    ]);
    expect(apart.code).toBe(0);
    expect(commas).toEqual(apart);
    expect(spaced).toEqual(apart);
    const [calcApart, calcCommas] = await Promise.all([
      cli('calc', 'openai-gpt-4o', 'openai-gpt-4o-mini'),
      cli('calc', 'openai-gpt-4o,openai-gpt-4o-mini'),
    ]);
    expect(calcCommas).toEqual(calcApart);
    expect(calcApart.stdout.split('\n').filter((l) => l.startsWith('openai-'))).toHaveLength(2);
    expect((await cli('price', 'openai-gpt-4o,openai-gpt-4o-mini')).stderr).toContain(
      'price takes one model id; got 2',
    );
  });

  it('price is a short card: prices, context, quality and what the model suits on one line, its source', async () => {
    const record = JSON.parse(readFileSync(join(root, 'data', 'openai.json'), 'utf8')).models.find(
      (m: { id: string }) => m.id === 'openai-gpt-4o',
    );
    const suited = Object.entries(record.useCases as Record<string, number>)
      .filter(([, s]) => s >= 3)
      .sort((a, b) => b[1] - a[1]);
    // The two results that matter most: AA's Intelligence Index, then (no AA Coding Index for GPT-4o) LMArena text.
    const evidence = JSON.parse(readFileSync(join(root, 'data', 'quality', 'benchmarks.json'), 'utf8')).models[
      'openai-gpt-4o'
    ];
    const shown = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: v < 10 ? 2 : 1 });
    const served = (await app.request(`${BASE_URL}/api/pricing?model=openai-gpt-4o`).then((r) => r.json())) as {
      model: { scores: { overall: number } };
    };
    // GPT-4o's priority tier (LiteLLM) and web-search fee (genai-prices), each with its source.
    const tier = record.serviceTiers.priority;
    const { code, stdout } = await cli('price', 'openai-gpt-4o');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'GPT-4o (openai-gpt-4o)',
        `OpenAI, ${record.tier} tier, ${record.status}`,
        '',
        `Input:              $${record.input} per 1M tokens`,
        `Output:             $${record.output} per 1M tokens`,
        `Cached input:       $${record.cachedInput} per 1M tokens`,
        `Priority tier:      $${tier.input} input, $${tier.output} output, $${tier.cachedInput} cached per 1M (LiteLLM's`,
        `                    price list of 2026-08-01 (priority tier), checked`,
        `                    ${tier.checkedOn})`,
        `Web searches:       $${record.unitPrices.webSearches} per 1,000 searches`,
        `Unit prices source: genai-prices 0.1.8 data for openai gpt-4o, checked`,
        `                    ${record.unitPrices.checkedOn}`,
        `Modalities:         takes ${record.modalities.input.join(', ')}; gives ${record.modalities.output.join(', ')} (models.dev openai/gpt-4o and`,
        `                    OpenRouter openai/gpt-4o agree, checked ${record.modalities.checkedOn})`,
        `Context:            ${record.context} (${record.contextTokens.toLocaleString('en-US')} tokens), up to ${record.maxOutputTokens.toLocaleString('en-US')} output tokens`,
        `Quality:            ${record.quality}/5; suits ${suited.map(([n, s]) => `${n} ${s}`).join(', ')}`,
        `Score:              overall ${served.model.scores.overall}/100 from public benchmarks`,
        `Benchmark:          AA Intelligence Index ${shown(evidence.aa_intelligence_index.value)}, 2026-07-10 (Artificial Analysis)`,
        `Benchmark:          LMArena text ${shown(evidence.lmarena_text.value)}, ${evidence.lmarena_text.date} (LMArena (arena.ai))`,
        "Batch:              50% off through the provider's batch API (--mode batch)",
        'Batch terms:        https://platform.openai.com/docs/guides/batch',
        `Verified:           ${record.verified} (checked ${record.checkedOn})`,
        `Source:             ${record.sourceUrl}`,
        `Page:               ${BASE_URL}/models/openai-gpt-4o`,
        '',
      ].join('\n'),
    );
  });

  it("the card names the seller a record is priced at by its name in sellers.json, as the API's sellerName does", async () => {
    const sellers = (
      JSON.parse(readFileSync(join(root, 'data', 'offers', 'sellers.json'), 'utf8')) as {
        sellers: Array<{ slug: string; name: string }>;
      }
    ).sellers;
    const nameOf = (slug: string) => sellers.find((s) => s.slug === slug)!.name;
    const card = (await cli('price', 'moonshot-kimi-k2.6')).stdout.replace(/\n {2,}/g, ' ');
    expect(card).toMatch(
      new RegExp(`Priced at:\\s+${nameOf('moonshot').replace(/[()]/g, '\\$&')}, as kimi-k2\\.6: the maker's own API`),
    );
    const oss = (await cli('price', 'openai-gpt-oss-20b')).stdout.replace(/\n {2,}/g, ' ');
    expect(oss).toMatch(new RegExp(`Priced at:\\s+${nameOf('together')}, as openai/gpt-oss-20b: the median-priced`));
  });

  it('the card shows off-peak prices with their times, 1-hour cache writes and long-context prices with their write prices', async () => {
    const lines = async (id: string) => (await cli('price', id)).stdout.split('\n');
    const flash = (await cli('price', 'deepseek-deepseek-v4-flash')).stdout;
    expect(flash).toContain(
      [
        'Off-peak:     10:00-01:00 and 04:00-06:00 UTC, all weekend (UTC+08:00) since',
        '              2026-08-23: $0.22 input, $0.66 output, $0.007 cached per 1M (the',
        '              others are peak prices)',
      ].join('\n'),
    );
    expect(await lines('openai-gpt-5.6-terra')).toEqual(
      expect.arrayContaining([
        'Cache write:        $2.5 per 1M tokens',
        'Long context:       from 272,000 input tokens: $4 input, $18 output, $0.4',
        '                    cached, $5 cache write per 1M',
        'Flex tier:          $1 input, $6 output, $0.1 cached, $1.25 cache write per 1M',
      ]),
    );
    expect(await lines('anthropic-claude-opus-5')).toEqual(
      expect.arrayContaining(['Cache write:        $6.25 per 1M tokens', 'Cache write 1h:     $10 per 1M tokens']),
    );
    // Several bands, each with the provider's rule ("above" for Alibaba).
    expect((await cli('price', 'alibaba-qwen3-max')).stdout).toContain(
      'Long context: above 32,000 input tokens: $2.4 input, $12 output per 1M; above\n              128,000 input tokens: $3 input, $15 output per 1M',
    );
  });

  it('says under a cost table which prices were not the standard ones: a long-context band, off-peak or peak prices', async () => {
    const [band, below, offPeak, peak] = await Promise.all([
      cli('calc', 'openai-gpt-5.6-terra', '--input-tokens', '272000'),
      cli('calc', 'openai-gpt-5.6-terra', '--input-tokens', '271999'),
      cli('compare', 'deepseek-deepseek-v4-flash', 'openai-gpt-5.6-terra', '--off-peak-share', '30'),
      cli('calc', 'deepseek-deepseek-v4-pro'),
    ]);
    // OpenAI's band starts at 272,000 input tokens ($4 / $18 per 1M against $2 / $12).
    expect(band.stdout.replace(/\n/g, ' ')).toContain(
      'openai-gpt-5.6-terra: long-context prices (from 272K input tokens), $4 input, $18 output per 1M.',
    );
    expect(below.stdout).not.toContain('long-context');
    expect(offPeak.stdout.replace(/\n/g, ' ')).toMatch(
      /deepseek-deepseek-v4-flash: 30% of requests at off-peak prices \(10:00-01:00 and 04:00-06:00 UTC, .*\), \$0\.22 input, \$0\.66 output per 1M\./,
    );
    expect(offPeak.stdout).not.toContain('openai-gpt-5.6-terra: peak');
    expect(peak.stdout.replace(/\n/g, ' ')).toContain(
      'deepseek-deepseek-v4-pro: peak prices; --off-peak-share or --at prices off-peak hours.',
    );
  });

  it('fits 80 columns: every command, every model (a URL too long for a line stays whole on its own)', async () => {
    const ids = ((await (await app.request('/api/pricing')).json()) as { models: Array<{ id: string }> }).models.map(
      (m) => m.id,
    );
    const runs = await Promise.all([
      cli('list'),
      cli('calc', ...ids.slice(0, 10)),
      cli('compare', ...[...ids].sort((a, b) => b.length - a.length).slice(0, 10)),
      cli('cheapest', '--limit', '10'),
      cli('cheapest', '--budget', '10.50', '--use-case', 'reasoning'),
      cli('recommend', '--limit', '10'),
      cli('recommend', '--min-context', '100M'),
      ...ids.map((id) => cli('price', id)),
    ]);
    const wide = runs
      .flatMap((r) => r.stdout.split('\n'))
      .filter((l) => l.length > 80 && !/^[A-Za-z ]+:\s+https?:\/\/\S+$/.test(l));
    expect(wide).toEqual([]);
    expect(runs.every((r) => r.code === 0)).toBe(true);
  });

  it("an empty answer prints why (the API's hint)", async () => {
    const { code, stdout } = await cli('recommend', '--min-context', '100M');
    expect(code).toBe(0);
    const body = (await (await app.request('/api/recommend?min_context=100M')).json()) as { hint: { message: string } };
    // The API's words, naming the option as typed here (min_context=… is --min-context …).
    const words = body.hint.message
      .replace('min_context=100000000', '--min-context 100000000')
      .replace('Without min_context', 'Without --min-context');
    expect(words).not.toBe(body.hint.message);
    expect(stdout.replaceAll('\n', ' ')).toMatch(
      new RegExp(
        `^Workload: 1,000 input \\+ 500 output tokens per request.* ${words.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')} $`,
      ),
    );
  });

  it('toPlain keeps numbers that print back as written, and the text of any other', () => {
    const json =
      '{"a":0.00125,"b":0.000000015,"c":"at $0.000000015 and 1e-9","d":[2000,-1.5,1e-7],"e\\"":"\\"0.0000001"}';
    expect(toPlain(json)).toEqual({
      a: 0.00125,
      b: '0.000000015',
      c: 'at $0.000000015 and 1e-9',
      d: [2000, -1.5, 1e-7],
      'e"': '"0.0000001',
    });
  });

  it('bad input exits 2 with a message naming the option, and prints nothing on stdout', async () => {
    const cases: Array<[string[], string]> = [
      [
        ['calc', 'openai-gpt-4o', '--input-tokens', 'abc'],
        'ai-model-pricing calc: --input-tokens must be a whole number from 0 to 100000000 in plain digits, e.g. 1000; got "abc".',
      ],
      [['calc', '--input-tokns', '5'], 'unknown option --input-tokns. Did you mean --input-tokens?'],
      [['calc'], 'model is required'],
      [['price', 'openai-gpt4o'], 'No model with id "openai-gpt4o"'],
      [
        ['compare', 'openai-gpt-4o'],
        'models must list 2 to 10 model ids separated by commas, e.g. openai-gpt-5.6-terra,anthropic-claude-sonnet-5; got 1 ("openai-gpt-4o")',
      ],
      [['recommend', '--budget', 'cheap'], 'budget must be one of'],
      [['cheapest', '--limit'], '--limit needs a value'],
      [['list', 'openai'], 'list takes no model ids'],
      [['pirce'], 'unknown command "pirce". Did you mean price?'],
      [['serve', '--port', 'http'], '--port must be a port number'],
      [[], 'Usage: ai-model-pricing <command>'],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(...args)));
    for (const [i, [args, message]] of cases.entries()) {
      expect({ args, code: runs[i]?.code, stdout: runs[i]?.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(runs[i]?.stderr).toContain(message);
    }
  });

  it('--help on the program and on each command', async () => {
    const commands = ['list', 'price', 'calc', 'cheapest', 'compare', 'recommend', 'serve', 'mcp'];
    const [top, ...each] = await Promise.all([cli('--help'), ...commands.map((c) => cli(c, '--help'))]);
    expect(top?.code).toBe(0);
    for (const c of commands) expect(top?.stdout).toMatch(new RegExp(`^  ${c} `, 'm'));
    for (const [i, c] of commands.entries()) {
      expect(each[i]?.code).toBe(0);
      expect(each[i]?.stdout).toContain(`Usage: ai-model-pricing ${c}`);
    }
    const calcHelp = each[commands.indexOf('calc')]?.stdout ?? '';
    expect(calcHelp).toMatch(/--input-tokens <value>\s+Input tokens per request\. Default: 2000\./);
    expect(calcHelp).toMatch(/--mode <value>\s+.*One of: standard, streaming, batch\./);
    expect(each[commands.indexOf('compare')]?.stdout).toMatch(
      /--input-tokens <value>\s+Input tokens per request\. Default: 1000\./,
    );
  });

  it('runs as a command: bin/ai-model-pricing.mjs', async () => {
    const [json, bad, help] = await Promise.all([
      spawned('calc', 'openai-gpt-4o', '--input-tokens', '4000', '--json'),
      spawned('calc', 'openai-gpt-4o', '--days', '32'),
      spawned('compare', '--help'),
    ]);
    expect(json).toEqual({
      code: 0,
      stdout: await api('/api/calculate?model=openai-gpt-4o&input_tokens=4000'),
      stderr: '',
    });
    // 4000 × $2.50/1M + 500 × $10/1M = $0.015 a request.
    expect(JSON.parse(json.stdout).costs.perRequest).toBe(0.015);
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr: 'ai-model-pricing calc: --days must be a whole number from 1 to 31 in plain digits, e.g. 31; got "32".\n',
    });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: ai-model-pricing compare <id> <id> [id...] [options]');
  }, 60_000);

  it('serve starts the HTTP API on the port given', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
      env,
      cwd: root,
      stdio: 'ignore',
    });
    try {
      const health = await poll(`http://127.0.0.1:${port}/healthz`);
      expect(health).toMatchObject({ status: 'ok' });
    } finally {
      child.kill();
    }
  }, 30_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** GETs url until the server answers (it is starting), up to 200 tries. */
async function poll(url: string): Promise<unknown> {
  for (let i = 0; i < 200; i++) {
    try {
      return await (await fetch(url)).json();
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${url} did not answer`);
}

describe('the CLI reads the advice as the API gives it', () => {
  it('cheapest says what it left out and why; the free-tier-only card says so', async () => {
    const { stdout } = await cli('cheapest');
    // Gemma 4 31B and 26B are served only on the Gemini API's free tier.
    // Then the legacy models that would rank among the five, and the option that ranks them.
    expect(stdout.replaceAll('\n', ' ')).toMatch(
      /Left out \d+ models that meet the filters: 2 because served only on a free, rate-limited tier.*; \d+ because they are legacy \(older, still sold\) and would rank among these with --status all\./,
    );
    expect(stdout).not.toContain('google-gemma');
    const card = (await cli('price', 'google-gemma-4-31b-it')).stdout;
    expect(card).toMatch(/^Free tier: +served only on a free, rate-limited tier/m);
  });

  it("calc prints a cost record's warnings under the table", async () => {
    const { code, stdout } = await cli('calc', 'openai-gpt-4o-mini', '--input-tokens', '5000000');
    expect(code).toBe(0);
    expect(stdout.replaceAll(/\s+/g, ' ')).toContain(
      "openai-gpt-4o-mini: 5,000,000 input + 500 output tokens do not fit GPT-4o mini's 128K-token context window",
    );
  });
});
