// The CLI's tables never break an id (issue 56, item 5): a door id is copied whole from the terminal.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prose, table, wrapText } from '../../src/cli/table.js';
import { run } from '../../src/cli/run.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/usage');

async function cli(...args: string[]) {
  let stdout = '';
  const code = await run(args, { out: (t) => void (stdout += t), err: () => {}, env: {} });
  return { code, stdout };
}

describe('table', () => {
  const columns = [{ title: 'ID', wrap: true }, { title: 'TIER' }, { title: 'MONTHLY', align: 'right' as const }];
  const id = 'google-gemma-4-26b-a4b-it-preview-long-name@amazon-bedrock';

  it('puts an id too wide for its column whole on a line of its own, the rest of its row under it', () => {
    const out = table(columns, [[id, 'Budget', '$450.00']], 40);
    const lines = out.split('\n');
    expect(lines[2]).toBe(id);
    // 57 + 6 + 7 and two gaps of 2 is 74, 34 over 40: the ID column gives 34 (to 23).
    expect(lines[3]).toBe(`${' '.repeat(23)}  Budget  $450.00`);
    expect(lines.slice(3).every((l) => l.length <= 40)).toBe(true);
  });

  it('still wraps a cell of several words between them, under its column', () => {
    const out = table(columns, [['alpha-one, beta-two, gamma-three', 'Mid', '$1.00']], 30);
    // 33 + 4 + 7 and two gaps of 2 is 48, 18 over 30: the ID column gives 18 (to 15); no word is wider.
    expect(out.split('\n').slice(2)).toEqual(['alpha-one,       Mid     $1.00', 'beta-two,', 'gamma-three']);
  });

  it('prose and wrapText break between words only', () => {
    expect(wrapText('see moonshot-kimi-k2.6@amazon-bedrock now', 12)).toEqual([
      'see',
      'moonshot-kimi-k2.6@amazon-bedrock',
      'now',
    ]);
    expect(prose('a b c', 3)).toBe('a b\nc');
  });
});

describe('the CLI', () => {
  it('cheapest --sellers amazon-bedrock prints every door id whole', async () => {
    const { code, stdout } = await cli('cheapest', '--sellers', 'amazon-bedrock', '--limit', '10', '--json');
    expect(code).toBe(0);
    const doors = (JSON.parse(stdout).recommendations as Array<{ door: string }>).map((r) => r.door);
    expect(doors.length).toBeGreaterThan(0);
    const text = await cli('cheapest', '--sellers', 'amazon-bedrock', '--limit', '10');
    const lines = text.stdout.split('\n');
    for (const door of doors)
      expect(
        lines.some((l) => l.includes(door)),
        door,
      ).toBe(true);
    // And within 80 columns: a door too wide for its column takes a line of its own.
    expect(lines.filter((l) => l.length > 80)).toEqual([]);
  });

  it('reprice prints every amount of its table in one format', async () => {
    const { code, stdout } = await cli(
      'reprice',
      `${FIXTURES}/ccusage-daily.json`,
      '--targets',
      'openai-gpt-5.6-terra,deepseek-deepseek-v4-pro,anthropic-claude-opus-5',
    );
    expect(code).toBe(0);
    const rows = stdout.split('\n').filter((l) => /^(\d{4}-\d{2}-\d{2}|TOTAL)\s/.test(l));
    expect(rows.length).toBeGreaterThan(1);
    const amounts = rows.flatMap((l) => l.match(/\$[\d,]+(\.\d+)?/g) ?? []);
    // Amounts of a dollar and more and of less than one: each with the same decimals.
    expect(amounts.some((a) => !a.startsWith('$0.'))).toBe(true);
    expect(amounts.some((a) => a.startsWith('$0.'))).toBe(true);
    const decimals = new Set(amounts.map((a) => a.split('.')[1]?.length ?? 0));
    expect([...decimals]).toHaveLength(1);
  });
});
