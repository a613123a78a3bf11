/** Browser-test plumbing: the app on a random loopback port, Debian's Chromium, screenshots. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundles.mjs';
import { buildCatalogue } from '../../src/core/catalogue/catalogue.js';
import { loadCatalogueFromDir } from '../../src/runtime/node/load-catalogue.js';
import type { Assets } from '../../src/endpoints/endpoint.js';
import { createService } from '../../src/http/service.js';
import { fixedClock } from '../../src/lib/clock.js';
import { fixtureFiles } from '../fixtures/catalogue.js';

export const ARTIFACTS = 'test-artifacts';
export const XSS = '<img src=x onerror="window.__xss=1">';

/** The fixture catalogue with an XSS payload as the first model's name. */
export function hostileApp(options: Assets = {}) {
  const files = structuredClone(fixtureFiles);
  const alpha = files[0]!.data as { models: Array<{ name: string }> };
  alpha.models[0]!.name = `${XSS}Evil`;
  return createService({ catalogue: buildCatalogue(files), assets: options });
}

export interface Served {
  origin: string;
  close(): Promise<void>;
}

/** Serves a fetch handler on 127.0.0.1 at a port the system picks. */
export function serveOnLoopback(fetch: (req: Request) => Response | Promise<Response>): Promise<Served> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** The service with the real catalogue (data/) and the built browser bundles, on loopback. */
export async function serveRealSite(): Promise<Served> {
  const catalogue = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data'));
  return serveOnLoopback(createService({ catalogue, assets: await bundleWeb() }).fetch);
}

/** The real site and a Chromium for a test file: started before its tests, closed after them. */
export function realSiteInChromium(): { browser: Browser; site: Served } {
  const opened = {} as { browser: Browser; site: Served };
  beforeAll(async () => {
    opened.site = await serveRealSite();
    opened.browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await opened.browser?.close();
    await opened.site?.close();
  });
  return opened;
}

/** The real site (data/) with its clock at `today`, as widgetHostInChromium takes an app. */
export const realSiteOn = (today: string) => (assets: Assets) =>
  createService({
    catalogue: loadCatalogueFromDir(join(import.meta.dirname, '..', '..', 'data')),
    assets,
    clock: fixedClock(today),
  });

/**
 * `app` with the browser bundles, host pages on another origin (by path: each body, given the app's
 * origin, embeds widgets; the page loads the app's widget.js) and a Chromium: started before a
 * file's tests, closed after.
 */
export function widgetHostInChromium(
  app: (assets: Assets) => { fetch: (req: Request) => Response | Promise<Response> },
  pages: Record<string, (origin: string) => string>,
): { browser: Browser; site: Served; host: Served } {
  const opened = {} as { browser: Browser; site: Served; host: Served };
  beforeAll(async () => {
    opened.site = await serveOnLoopback(app(await bundleWeb()).fetch);
    const host = new Hono();
    for (const [path, body] of Object.entries(pages)) {
      const page = `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>host</title></head><body>
${body(opened.site.origin)}
<script async src="${opened.site.origin}/widget.js"></script></body></html>`;
      host.get(path, (c) => c.html(page));
    }
    opened.host = await serveOnLoopback(host.fetch);
    opened.browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await opened.browser?.close();
    await Promise.all([opened.site?.close(), opened.host?.close()]);
  });
  return opened;
}

export function launchChromium(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The chart's ringed dots' model ids, cheapest first, without variants (`headOf`: the API ranks a variant as its head). */
export const ringed = (page: Page, headOf: ReadonlyMap<string, unknown>) =>
  page
    .$$eval('#chart-figure circle.frontier', (cs) =>
      cs.map((c) => ({ id: c.getAttribute('data-id') ?? '', x: Number(c.getAttribute('cx')) })),
    )
    .then((dots) =>
      dots
        .sort((a, b) => a.x - b.x)
        .map((d) => d.id)
        .filter((id) => !headOf.has(id)),
    );

/** Nano-dollars for dollars. */
export const nanos = (usd: number) => BigInt(Math.round(usd * 1e9));

/**
 * The default workload's month (2,000 input + 500 output tokens x 1,000 requests x 30 days) at these
 * prices per 1M tokens (in nano-dollars), in cents, worked out here.
 */
export function monthAt(input: bigint, output: bigint): string {
  const total = ((2000n * input + 500n * output) * 30_000n) / 1_000_000n;
  return `$${(Number(total) / 1e9).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The ids of the site table's shown rows, in order. */
export const shownIds = (page: Page) =>
  page.$$eval('#models tbody tr', (rows) =>
    rows.filter((r) => !(r as HTMLElement).hidden).map((r) => (r as HTMLElement).dataset.id ?? ''),
  );

/** Each shown row of the site's table: its id, Input, Output, Context and Monthly cells and Monthly's sort key, in order. */
export const shownRows = (page: Page) =>
  page.$$eval('#models tbody tr', (trs) =>
    trs
      .filter((tr) => !(tr as HTMLElement).hidden)
      .map((tr) => {
        const cells = (tr as HTMLTableRowElement).cells;
        return {
          id: (tr as HTMLElement).dataset.id ?? '',
          input: cells[3]!.textContent,
          output: cells[4]!.textContent,
          context: cells[5]!.textContent,
          monthly: cells[7]!.textContent ?? '',
          sort: cells[7]!.dataset.sort ?? '',
        };
      }),
  );
