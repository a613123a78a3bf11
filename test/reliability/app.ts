/** The fixture app with every built asset present, so that static files answer 200 as in production. */
import type { Assets } from '../../src/endpoints/endpoint.js';
import { fixtureApp } from '../fixtures/catalogue.js';

// Any asset the runtime may pass (widgetJs, siteJs, and those added later) reads as a stub bundle.
const everyAsset = new Proxy({} as Assets, {
  get: (_target, key) => (typeof key === 'string' ? `/* ${key} */` : undefined),
});

export function reliabilityApp(options: Parameters<typeof fixtureApp>[0] = {}) {
  return fixtureApp({ assets: everyAsset, ...options });
}
