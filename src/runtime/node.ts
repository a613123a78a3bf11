/** Node entry: load and validate data/, then serve the app on HOST:PORT. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from '../http/app.js';
import { loadCatalogueFromDir } from './load-catalogue.js';

// Paths are relative to the project root, whether this runs from src/ (tests) or dist/ (bundle).
const root = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export function startServer(env: NodeJS.ProcessEnv = process.env) {
  const catalogue = loadCatalogueFromDir(env.DATA_DIR ?? join(root, 'data'));
  const widgetPath = join(root, 'dist', 'widget.js');
  const app = createApp({
    catalogue,
    ...(env.BASE_URL ? { baseUrl: env.BASE_URL } : {}),
    assets: existsSync(widgetPath) ? { widgetJs: readFileSync(widgetPath, 'utf8') } : {},
  });
  const port = Number(env.PORT ?? 8787);
  const hostname = env.HOST ?? '0.0.0.0';
  const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
    console.log(`ai-model-pricing: ${catalogue.models.length} models, listening on http://${hostname}:${info.port}`);
  });
  return { app, server, catalogue };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    startServer();
  } catch (err) {
    console.error(`ai-model-pricing: cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
}
