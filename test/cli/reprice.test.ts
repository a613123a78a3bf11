// `ai-model-pricing reprice FILE`: priced in-process, offline, by the handler POST /api/reprice uses.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/usage');

async function cli(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(args, { out: (t) => void (stdout += t), err: (t) => void (stderr += t), env: {} });
  return { code, stdout, stderr };
}

describe('ai-model-pricing reprice', () => {
  it('prints cost per day and totals, with both targets and the mismatches', async () => {
    const r = await cli(
      'reprice',
      `${FIXTURES}/ccusage-daily.json`,
      '--targets',
      'openai-gpt-5.6-terra,deepseek-deepseek-v4-pro',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^DATE\s+AS BILLED\s+TODAY\s+T1\s+T2\s+REPORTED/m);
    expect(r.stdout).toMatch(/^2026-11-10\s+\$0\.819/m);
    expect(r.stdout).toMatch(/^TOTAL\s+\$0\.829/m);
    expect(r.stdout).toContain('T1 = openai-gpt-5.6-terra');
    expect(r.stdout).toContain('2 reported as $0 for a priced model');
    expect(r.stdout).toContain('Not priced: claude-sonnet-9');
  });

  it("prints the API's JSON with --json", async () => {
    const r = await cli('reprice', `${FIXTURES}/openai-buckets.json`, '--json', '--detail', 'rows');
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.rows[0]).toMatchObject({ mode: 'batch', cost: 1.42 });
  });

  it('names a bad option, a missing file and a bad export, exit 2', async () => {
    expect((await cli('reprice')).code).toBe(2);
    const missing = await cli('reprice', `${FIXTURES}/nope.json`);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot read') });
    const mode = await cli('reprice', `${FIXTURES}/usage.csv`, '--target-mode', 'fast');
    expect(mode).toMatchObject({ code: 2, stderr: expect.stringContaining('--target-mode') });
    const seller = await cli('reprice', `${FIXTURES}/usage.csv`, '--targets', 'anthropic-claude-haiku-4-5@nobody');
    expect(seller.code).not.toBe(0);
    expect(seller.stderr).toContain('No seller "nobody"');
  });
});
