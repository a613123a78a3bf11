// npm run bench's results (scripts/bench.mjs) as markdown tables: each row beside the two replays
// and its target, then cold start, memory and the in-process rankings against theirs.
import { median } from './bench-load.mjs';

/** Cold start: within this many times the minimal Hono app's start measured in the same run. */
export const COLD_START_TO_HONO = 1.4;
/** Peak RSS of the service over the whole bench, MB: the smallest common container size. */
export const PEAK_RSS_MB = 128;
/** cheapest over 10,000 doors (sellers=all, sellers=two hosts) within this many times the records-only cheapest of the same run. */
export const DOORS_TO_RECORDS = 1.5;
/** bench-core's row the rankings over doors are compared with. */
const RECORDS_ONLY = 'cheapest (defaults)';
/** The CPU per answer targets: cached rows against raw node:http, unique rows against the minimal Hono app (at --connections, 50 by default). */
export const TARGETS = {
  cached: { of: 'toRaw', limit: 1.25, text: '≤ 1.25× raw' },
  unique: { of: 'toHono', limit: 3, text: '≤ 3× Hono' },
};

const verdict = (met) => (met ? 'met' : '**missed**');
const us = (x) => x.toFixed(1);

/**
 * Prints the tables; `rows`: measured rows (judged against their target at `targetConnections`,
 * the others reported beside them), `coldStarts`/`coldStartsCpu`: ms by server, `peakKb` and `peakRssKb`: memory, `core`: bench-core's JSON. */
export function printTables({ targetConnections, rows, coldStarts, coldStartsCpu, peakKb, peakRssKb, core }) {
  console.log(
    '\n| answers | endpoint | connections | raw node:http µs | minimal Hono µs | service µs | service ÷ raw | service ÷ Hono | target | |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const r of rows) {
    const target = TARGETS[r.kind];
    const held = r.connections === targetConnections;
    const judged = held
      ? `${target.text} | ${verdict(r[target.of] <= target.limit)}`
      : `(reported; targets are at ${targetConnections}) | `;
    console.log(
      `| ${r.kind} | ${r.name} | ${r.connections} | ${us(r.raw)} | ${us(r.hono)} | ${us(r.service)} | ${r.toRaw.toFixed(2)}× | ${r.toHono.toFixed(2)}× | ${judged} |`,
    );
  }
  console.log('\n| target | measured | |');
  console.log('| --- | --- | --- |');
  const range = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  const cold = (name) =>
    `${median(coldStarts[name]).toFixed(0)} ms (${range(coldStarts[name])}); CPU ${median(coldStartsCpu[name]).toFixed(0)} ms`;
  const toHono = median(coldStarts.service) / median(coldStarts.hono);
  console.log(
    `| cold start within ${COLD_START_TO_HONO}× the minimal Hono app's, measured in the same run (spawn to first answer, median of 5) | ` +
      `${cold('service')}: ${toHono.toFixed(2)}× minimal Hono ${cold('hono')}; raw node:http ${cold('raw')} | ${verdict(toHono <= COLD_START_TO_HONO)} |`,
  );
  if (rows.length > 0) {
    const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
    console.log(
      `| peak RSS ≤ ${PEAK_RSS_MB} MB over the bench (service's VmHWM) | ${mb(peakKb.service)} (${mb(peakRssKb)} after a row, at most; peak of raw ${mb(peakKb.raw)}, Hono ${mb(peakKb.hono)}) | ${verdict(peakKb.service <= PEAK_RSS_MB * 1024)} |`,
    );
  }
  const { reprice: repriceMs, ...rankings } = core ?? {};
  if (repriceMs !== undefined)
    console.log(
      `| POST /api/reprice < 200 ms: 10,000 rows, 3 targets | ${repriceMs.toFixed(1)} ms CPU (in-process) | ${verdict(repriceMs < 200)} |`,
    );
  // Rankings over doors are judged against the records-only cheapest of the same run (a ratio holds
  // on a busy machine where a millisecond does not); the others against 1 ms.
  const records = rankings[RECORDS_ONLY]?.[10000];
  for (const [name, bySize] of Object.entries(rankings)) {
    const ms = bySize[10000];
    const overDoors = name.startsWith('cheapest at doors') && records !== undefined;
    console.log(
      overDoors
        ? `| ${name} ≤ ${DOORS_TO_RECORDS}× ${RECORDS_ONLY} at 10,000 models (doors as many) | ${ms.toFixed(3)} ms CPU (in-process): ${(ms / records).toFixed(2)}× ${records.toFixed(3)} ms | ${verdict(ms / records <= DOORS_TO_RECORDS)} |`
        : `| ${name.replace(/ .*/, '')} < 1 ms at 10,000 models: ${name} | ${ms.toFixed(3)} ms CPU (in-process) | ${verdict(ms < 1)} |`,
    );
  }
}
