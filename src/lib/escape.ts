/**
 * Escaping and model-page paths: no imports, so the code that also runs in the browser
 * (the site's model costs and chart, bundled into /assets/site.js) takes them without zod.
 */

/** Text or an attribute value made safe for HTML: every catalogue and request value goes through this. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The path of a model's page (what badges link to). */
export function modelPagePath(id: string): string {
  return `/models/${encodeURIComponent(id)}`;
}
