// The app's normalise() (src/core/quality/score-rule.ts), bundled in memory so that the seed derives
// values by the very rule the app applies.
import { build } from 'esbuild';

const bundled = await build({
  entryPoints: ['src/core/quality/score-rule.ts'],
  absWorkingDir: new URL('..', import.meta.url).pathname,
  bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'error',
});
const rule = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
export const { normalise, BOUNDS } = rule;
