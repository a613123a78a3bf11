/** Entry of `ai-model-pricing` (bundled to dist/cli.mjs, started by bin/ai-model-pricing.mjs). */
import { PROGRAM, run } from './run.js';

const code = await run(process.argv.slice(2), {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  env: process.env,
}).catch((err: unknown) => {
  process.stderr.write(`${PROGRAM}: ${err instanceof Error ? err.message : String(err)}\n`);
  return 1;
});
if (code !== null) process.exitCode = code;
