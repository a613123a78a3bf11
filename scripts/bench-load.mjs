// npm run bench's load (scripts/bench.mjs): one wrk run against a server and the server's CPU time
// per answer, and rounds of the three servers with their median ratios.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuMicros, LOAD_CPU } from './bench-proc.mjs';

// The unique rows' next input_tokens: it runs on across runs, so no server sees a query twice.
let nextTokens = 1000;

/**
 * One wrk run against server `s` with `connections` for `seconds`: a fixed target (with an
 * Accept-Encoding, or none), or `unique` (a function of input_tokens, sent as a wrk Lua script
 * written in `scratch`). Resolves with the server's CPU µs per answer and answers per second.
 */
export async function run(s, { target, acceptEncoding, unique }, { seconds, connections, scratch }) {
  const wrkArgs = ['-t1', `-c${connections}`, `-d${seconds}s`];
  if (acceptEncoding) wrkArgs.push('-H', `Accept-Encoding: ${acceptEncoding}`);
  if (unique) {
    const [before, after] = unique('\u0000').split('\u0000');
    const script = join(scratch, 'unique.lua');
    writeFileSync(
      script,
      `local i = ${nextTokens}\nrequest = function()\n  i = i + 1\n  return wrk.format(nil, ${JSON.stringify(before)} .. i .. ${JSON.stringify(after)})\nend\n`,
    );
    wrkArgs.push('-s', script);
  }
  wrkArgs.push(`http://127.0.0.1:${s.port}${unique ? '/' : target}`);
  const cpuBefore = cpuMicros(s.pid);
  const output = await new Promise((resolve, reject) =>
    execFile('taskset', ['-c', LOAD_CPU, 'wrk', ...wrkArgs], (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
  const cpu = cpuMicros(s.pid) - cpuBefore;
  const answers = Number(/(\d+) requests in /.exec(output)?.[1]);
  const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  if (bad > 0 || socketErrors)
    throw new Error(`${s.name} ${target ?? 'unique'}: ${bad} non-2xx answers; ${socketErrors?.[0] ?? ''}`);
  if (unique) nextTokens += answers + 1000;
  return { cpuPerAnswer: cpu / answers, perSecond: answers / seconds };
}

/** `names` starting at the r-th, wrapping round: each round of a measurement starts with the next. */
export const rotated = (names, r) => names.map((_, k) => names[(k + r) % names.length]);

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
};

/** `rounds` rounds of the three servers (the order rotating each round): median µs per answer and median ratios. */
export async function measure(servers, load, rounds, options) {
  const results = [];
  for (let r = 0; r < rounds; r++) {
    const round = {};
    for (const s of rotated(servers, r)) round[s.name] = await run(s, load, options);
    results.push(round);
  }
  const of = (name, field = 'cpuPerAnswer') => median(results.map((round) => round[name][field]));
  const ratio = (name) => median(results.map((round) => round.service.cpuPerAnswer / round[name].cpuPerAnswer));
  const perSecond = Object.fromEntries(servers.map((s) => [s.name, of(s.name, 'perSecond')]));
  return {
    raw: of('raw'),
    hono: of('hono'),
    service: of('service'),
    toRaw: ratio('raw'),
    toHono: ratio('hono'),
    perSecond,
  };
}
