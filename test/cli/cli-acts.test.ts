/**
 * Issue 39 on the command line: recommend shows the workload and the monthly cost, on/off options
 * work bare (--frontier, --include-free-tier), and the words name options as typed here
 * (--include-free-tier, --service-tier-fallback standard), not the API's query parameters.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { asOptions, run } from '../../src/cli/run.js';
import { createService } from '../../src/http/service.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';

const root = join(import.meta.dirname, '..', '..');
const env = { PATH: process.env.PATH ?? '', BASE_URL: 'https://prices.example' };
const app = createService({ catalogue: loadCatalogueFromDir(join(root, 'data')), baseUrl: env.BASE_URL });

async function cli(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t), env });
  return { code, stdout, stderr };
}

const api = async (path: string) => (await app.request(path)).json() as Promise<any>; // any: tests read arbitrary fields

describe('the CLI gives advice a person can act on', () => {
  it("recommend prints the workload line and each model's monthly cost", async () => {
    const { code, stdout } = await cli('recommend', '--use-case', 'coding', '--limit', '3');
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(
      'Workload: 1,000 input + 500 output tokens per request, 1,000 requests a day, 30',
    );
    expect(stdout).toMatch(/ SCORE +PER REQUEST +MONTHLY\n/);
    const body = await api('/api/recommend?use_case=coding&limit=3');
    for (const r of body.recommendations) {
      const line = stdout.split('\n').find((l: string) => l.includes(` ${r.id} `)) ?? '';
      expect(line, r.id).toMatch(
        new RegExp(`\\$${r.costs.monthly.toLocaleString('en-US', { minimumFractionDigits: 2 }).replace('.', '\\.')}$`),
      );
    }
  });

  it('--frontier and --include-free-tier work bare, before another option or last, and take a value too', async () => {
    const bare = await cli('recommend', '--frontier', '--include-free-tier', '--limit', '10', '--json');
    const given = await cli('recommend', '--limit', '10', '--frontier', 'true', '--include-free-tier=yes', '--json');
    const last = await cli('recommend', '--limit', '10', '--include-free-tier', '--frontier');
    expect([bare.code, given.code, last.code]).toEqual([0, 0, 0]);
    const expected = await api('/api/recommend?frontier=true&include_free_tier=true&limit=10');
    expect(JSON.parse(bare.stdout)).toEqual(expected);
    expect(JSON.parse(given.stdout)).toEqual(expected);
    expect((await cli('recommend', '--frontier', 'false', '--json')).stdout).toBe(
      `${JSON.stringify(await api('/api/recommend'))}\n`,
    );
    expect(parseArgs(['--frontier', 'openai-gpt-5'], new Set(['frontier']))).toMatchObject({
      query: [['frontier', 'true']],
      positionals: ['openai-gpt-5'],
    });
  });

  it('compare on a service tier names the models not sold on it, and no saving from them', async () => {
    const { code, stdout } = await cli(
      'compare',
      'openai-gpt-5.6-terra',
      'openai-gpt-5.6-sol',
      '--service-tier',
      'priority',
    );
    expect(code).toBe(0);
    const flat = stdout.replaceAll('\n', ' ');
    expect(flat).toContain('Savings: $0 a month, $0 a year (0%).');
    expect(flat).toContain('Not sold on the priority tier (priced at standard, no saving named): openai-gpt-5.6-sol.');
  });

  it('names options, not query parameters, in what it prints and in its errors', async () => {
    const free = await cli('cheapest', '--limit', '10');
    expect(free.stdout.replaceAll('\n', ' ')).toContain('(--include-free-tier shows them)');
    expect(free.stdout).not.toContain('include_free_tier');
    const tier = await cli('cheapest', '--service-tier', 'flex');
    expect(tier.stdout.replaceAll('\n', ' ')).toContain(
      '--service-tier-fallback standard ranks them at standard prices',
    );
    const bad = await cli('recommend', '--use-case', 'codeing');
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toMatch(
      /^ai-model-pricing recommend: --use-case must be one of .*got "codeing" \(did you mean coding\?\)\.\n$/,
    );
    // Only the command's own parameters, never inside a URL or as a key.
    expect(
      asOptions('see https://x.example/?mode=batch and "mode":"x"; mode=batch, min_context and status', [
        'mode',
        'min_context',
      ]),
    ).toBe('see https://x.example/?mode=batch and "mode":"x"; --mode batch, --min-context and status');
  });
});
