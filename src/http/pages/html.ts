/** HTML for the site's pages: the page frame every page shares (escaping: escapeHtml). */
import { escapeHtml } from '../../lib/escape.js';

/** JSON inside a `<script type="application/json">` block: `<` is escaped so no text can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

// Stands for the service's address in a snippet until addressed() puts it in: escapeHtml leaves it
// as it is, and no page holds it otherwise.
const ADDRESS = '\u0000address\u0000';
const ENCODED_ADDRESS = encodeURIComponent(ADDRESS);

/** Where a snippet to paste elsewhere (which needs an absolute address) starts: BASE_URL, or a stand-in for addressed(). */
export function snippetBase(baseUrl: string): string {
  return baseUrl === '' ? ADDRESS : baseUrl;
}

/**
 * An escaped snippet made from snippetBase, with the address put in: BASE_URL as it is; unset, a
 * slot that the page's script fills with the address the page was read at (percent-
 * encoded where the snippet encoded it), so that the page is the same whatever the Host. Read
 * without the script, the snippet shows paths on this site.
 */
export function addressed(escaped: string): string {
  return escaped
    .replaceAll(ADDRESS, '<span data-origin></span>')
    .replaceAll(ENCODED_ADDRESS, '<span data-origin="encoded"></span>');
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
