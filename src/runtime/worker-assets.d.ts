/** The module scripts/build-worker.mjs generates (dist/worker-assets.mjs), aliased in wrangler.toml. */
declare module 'ai-model-pricing:assets' {
  /** The browser bundles (widget, site script, API reference) as text, as createApp's `assets` takes them. */
  export const assets: import('../http/endpoint.js').Assets;
}
