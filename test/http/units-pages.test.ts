/** A model's page lists its service-tier prices, its unit prices and its modalities, each with its source and date. */
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { unitsCatalogue } from '../fixtures/units-catalogue.js';

const page = async (id: string) =>
  (await createService({ catalogue: unitsCatalogue, assets: {} }).request(`http://localhost/models/${id}`)).text();
const READ = '(https://epsilon.example/pricing, checked 2026-11-21)';

describe('the model page', () => {
  it('lists the flex and priority prices and the modalities', async () => {
    const html = await page('epsilon-tiers');
    expect(html).toContain(`<dt>Flex tier</dt><dd>$0.625 input, $5 output, $0.0625 cached per 1M ${READ}</dd>`);
    expect(html).toContain(`<dt>Priority tier</dt><dd>$2.5 input, $20 output, $0.25 cached per 1M ${READ}</dd>`);
    expect(html).toContain(`<dt>Modalities</dt><dd>takes text, image; gives text ${READ}</dd>`);
  });

  it('lists the audio, reasoning and web-search prices with their source', async () => {
    expect(await page('epsilon-audio')).toContain(
      '<dt>Audio tokens</dt><dd>$40 input, $2.5 cached input, $80 output per 1M</dd>',
    );
    const think = await page('epsilon-think');
    expect(think).toContain('<dt>Reasoning</dt><dd>$3.5 per 1M reasoning tokens</dd>');
    expect(think).toContain('<dt>Web searches</dt><dd>$10 per 1,000 searches</dd>');
    expect(think).toContain('<dt>Unit prices source</dt><dd>https://epsilon.example/pricing, checked 2026-11-21</dd>');
    expect(think).not.toContain('<dt>Flex tier</dt>');
  });
});
