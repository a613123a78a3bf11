/**
 * The CLI's price card lists a model's service-tier prices, the prices of its audio, image and
 * video tokens, reasoning and web searches, and its modalities, each with its source and date
 * (a catalogue directory holding only test/fixtures/units-catalogue.ts's models).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { unitsFile } from '../fixtures/units-catalogue.js';

const dir = mkdtempSync(join(tmpdir(), 'units-cli-'));
writeFileSync(join(dir, 'epsilon.json'), JSON.stringify(unitsFile.data));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function price(id: string): Promise<string> {
  let stdout = '';
  const code = await run(['price', id], {
    out: (t) => void (stdout += t),
    err: () => {},
    env: { DATA_DIR: dir, BASE_URL: 'https://prices.example' },
  });
  expect(code).toBe(0);
  // The card wraps at 80 columns: read it as one line per fact.
  return stdout.replace(/\n {2,}/g, ' ');
}

describe('ai-model-pricing price', () => {
  it('lists the flex and priority prices with their source', async () => {
    const card = await price('epsilon-tiers');
    expect(card).toMatch(
      /Flex tier:\s+\$0\.625 input, \$5 output, \$0\.0625 cached per 1M \(https:\/\/epsilon\.example\/pricing, checked 2026-11-21\)/,
    );
    expect(card).toMatch(/Priority tier:\s+\$2\.5 input, \$20 output, \$0\.25 cached per 1M/);
    expect(card).toMatch(
      /Modalities:\s+takes text, image; gives text \(https:\/\/epsilon\.example\/pricing, checked 2026-11-21\)/,
    );
    expect(card).not.toContain('Audio tokens');
  });

  it('lists the audio, reasoning and web-search prices with their source', async () => {
    const audio = await price('epsilon-audio');
    expect(audio).toMatch(/Audio tokens:\s+\$40 input, \$2\.5 cached input, \$80 output per 1M/);
    expect(audio).toMatch(/Unit prices source:\s+https:\/\/epsilon\.example\/pricing, checked 2026-11-21/);
    const think = await price('epsilon-think');
    expect(think).toMatch(/Reasoning:\s+\$3\.5 per 1M reasoning tokens/);
    expect(think).toMatch(/Web searches:\s+\$10 per 1,000 searches/);
    expect(think).not.toMatch(/^(Flex|Priority|Fast) tier:/m);
  });
});
