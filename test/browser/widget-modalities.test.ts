/**
 * The table widget in Chromium says under a model's name what it takes and gives, where a source
 * says (the units fixture: one model on record as text and image in, one as audio in and out, one
 * with no modalities on record).
 */
import { expect, it } from 'vitest';
import { createService } from '../../src/http/service.js';
import { unitsCatalogue } from '../fixtures/units-catalogue.js';
import { widgetHostInChromium } from './harness.js';

const opened = widgetHostInChromium((assets) => createService({ catalogue: unitsCatalogue, assets }), {
  '/': () => `<div class="ai-pricing-widget" id="t" data-type="table" data-providers="epsilon"></div>`,
});

it("the table widget shows each model's modalities under its name, and nothing where none is on record", async () => {
  const page = await opened.browser.newPage();
  await page.goto(`${opened.host.origin}/`);
  await page.waitForFunction(() => {
    const root = document.querySelector('#t')?.shadowRoot;
    return !!root && root.querySelectorAll('tbody tr').length > 0;
  });
  const names = await page.$eval('#t', (el) =>
    Array.from(el.shadowRoot!.querySelectorAll('tbody tr')).map((tr) => (tr.children[0] as HTMLElement).textContent),
  );
  expect([...names].sort()).toEqual([
    'Epsilon Audio text, audio → text, audio',
    'Epsilon Think',
    'Epsilon Tiers text, image → text',
  ]);
  await page.close();
});
