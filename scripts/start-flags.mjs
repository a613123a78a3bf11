// A script, not product code: it reads package.json's start script for the other scripts (bench, soak, bench:profile) and a test; the app never imports it.
// The node flags and environment `npm start` gives the server (package.json's start script), for the scripts that
// start dist/server.mjs themselves (npm run bench, npm run soak) to measure it as it runs.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;

/** `npm start`'s node flags, in order (none if the script names none). */
export const START_FLAGS = (/\bnode ((?:--\S+ )*)dist\/server\.mjs/.exec(start)?.[1] ?? '').split(' ').filter(Boolean);
/** The variables `npm start` sets before `node` (`NAME=value` words), e.g. { MALLOC_ARENA_MAX: '1' }. */
export const START_ENV = Object.fromEntries(
  (/(?:^|&& )((?:[A-Z_][A-Z0-9_]*=\S* )*)node (?:--\S+ )*dist\/server\.mjs/.exec(start)?.[1] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
);
