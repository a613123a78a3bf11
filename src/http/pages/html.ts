/** HTML for the site's pages: the page frame every page shares (escaping: endpoints/present.ts). */
import { escapeHtml } from '../../lib/escape.js';

/** JSON inside a `<script type="application/json">` block: `<` is escaped so no text can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface PageFrame {
  title: string;
  description: string;
  /** Already-escaped HTML of the main content. */
  main: string;
  /** Load /assets/site.js (the sortable table and the calculator). */
  script?: boolean;
  /** Another script of /assets/ to load instead (reprice.js). */
  scriptPath?: string;
}

/** The header of every page, the API reference's too. */
export const SITE_HEADER = `<header class="top"><a class="brand" href="/">AI model pricing</a>
<nav aria-label="Site"><a href="/#calculator">Calculator</a> <a href="/#chart">Chart</a> <a href="/#catalogue">Catalogue</a> <a href="/reprice">Re-price usage</a> <a href="/docs">API docs</a></nav></header>`;

/** A whole document: styles and scripts come from same-origin files, so the strict CSP holds. */
export function pageFrame({ title, description, main, script, scriptPath }: PageFrame): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/site.css">
${script || scriptPath ? `<script defer src="${scriptPath ?? '/assets/site.js'}"></script>\n` : ''}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${SITE_HEADER}
<main id="main">
${main}
</main>
<footer><p>Prices in USD per million tokens, from the providers' public pricing pages. Free, read-only JSON API: <a href="/docs">reference</a>, <a href="/openapi.json">OpenAPI document</a>, <a href="/data/pricing.json">whole catalogue</a>.</p></footer>
</body>
</html>`;
}
