/**
 * The Worker's static assets: the directory wrangler.toml's [assets] serves from (Workers Static
 * Assets, before the script runs), which scripts/build-worker.mjs writes from this. It holds every
 * file of the site (SITE_FILES) at its path, with the headers the app gives it on Node in a
 * `_headers` file (the asset server adds Content-Type by the file's extension and an ETag; it
 * answers If-None-Match, HEAD and, at the edge, compression), and badge-maker's font tables,
 * which only the Worker reads.
 */
import type { Assets } from '../../endpoints/endpoint.js';
import { CACHE_CONTROL } from '../../http/app.js';
import { securityHeadersFor } from '../../http/middleware/security-headers/index.js';
import { SITE_FILES } from '../../http/routes/static.js';
import { FONT_TABLES, FONTS_PATH } from './fonts.js';

/** The directory's text files: path relative to it → contents. */
export function staticAssets(assets: Assets): Map<string, string> {
  const files = new Map<string, string>();
  const rules: string[] = [];
  for (const file of SITE_FILES) {
    const reply = file.reply(assets);
    if (reply.status !== 200) throw new Error(`${file.path} is not built: ${reply.body}`);
    files.set(file.path.slice(1), reply.body);
    const headers = { 'cache-control': CACHE_CONTROL, ...securityHeadersFor(reply.type) };
    rules.push(file.path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`));
  }
  files.set('_headers', `${rules.join('\n')}\n`);
  return files;
}

/** The font tables to copy from anafanafo's data directory: the file's name there → its path in the directory. */
export function fontFiles(): Map<string, string> {
  return new Map(Object.values(FONT_TABLES).map((name) => [`${name}.json`, `${FONTS_PATH.slice(1)}${name}.json`]));
}
