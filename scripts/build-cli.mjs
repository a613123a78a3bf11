// Build the CLI (src/cli/main.ts) into dist/cli.mjs. Written to a temporary file and renamed, so a
// CLI started while another one rebuilds never reads half a file. Run directly or via bin/.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = join(root, 'dist', 'cli.mjs');

export async function buildCli() {
  const result = await build({
    entryPoints: [join(root, 'src', 'cli', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    outfile: CLI_BUNDLE,
    logLevel: 'warning',
  });
  mkdirSync(dirname(CLI_BUNDLE), { recursive: true });
  const temp = `${CLI_BUNDLE}.${process.pid}.tmp`;
  writeFileSync(temp, result.outputFiles[0].contents);
  renameSync(temp, CLI_BUNDLE);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildCli();
