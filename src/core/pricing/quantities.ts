/**
 * A workload as the quantity of each billable unit in one request, made once per request for
 * every model it prices. Counts are inclusive (BillableExtras): a unit's leaf quantity is its count
 * less its children's, so each token is billed once, at the most specific unit it is counted in.
 */
import { U, UNIT_COUNT, UNITS } from '../schema/units.js';
import type { BillableExtras, Workload } from './workload.js';

/** Streamed output carries this API's 1.15 planning margin: weights are ×20, streamed output ×23. */
export const WEIGHT_SCALE = 20;
const STREAMED = 23;

export interface Quantities {
  /** Leaf count of each unit in one request (tokens, searches; 1 request). */
  readonly counts: readonly number[];
  /** Each unit's factor on its scaled price: count × (1,000 for per-1,000 units) × 20 (× 23 for streamed output). */
  readonly weights: readonly number[];
  /** The token units with a non-zero weight, then the fee units: the engine's loops read only these. */
  readonly tokenUnits: readonly number[];
  readonly feeUnits: readonly number[];
  /** Sum of the weights: with a sheet's largest price it bounds every sum the engine makes. */
  readonly total: number;
  readonly inputTokens: number;
}

const part = (value: number | undefined, room: number) => Math.max(0, Math.min(value ?? 0, room));

/** Token and search counts are whole numbers: a fraction is a caller's bug, refused as BigInt would. */
function whole(value: number | undefined): void {
  if (value !== undefined && !Number.isSafeInteger(value))
    throw new RangeError(`a count of ${value} is not a whole number`);
}

/**
 * The leaf counts. Cache reads and writes are clamped to the input (cache reads first), as the
 * engine always has; the other parts are clamped to what is left, so a workload the problem checks would
 * refuse still prices every token once. Image and video tokens are counted as not cached.
 */
// Plain arrays, not Float64Array: a typed array of 15 numbers is allocated outside the heap, several
// times slower to make, and an answer makes several.
const zeros = (): number[] => new Array<number>(UNIT_COUNT).fill(0);

export function leafCounts(w: Workload): number[] {
  const c = zeros();
  const x = w.extras ?? {};
  whole(w.inputTokens);
  whole(w.outputTokens);
  whole(w.cachedInputTokens);
  whole(w.cacheWriteTokens);
  if (w.extras) for (const key in x) whole(x[key as keyof BillableExtras]);
  const cached = part(w.cachedInputTokens, w.inputTokens);
  const written = part(w.cacheWriteTokens, w.inputTokens - cached);
  const cachedAudio = part(x.cacheAudioReadTokens, Math.min(cached, x.inputAudioTokens ?? 0));
  let rest = w.inputTokens - cached - written;
  const take = (value: number | undefined) => {
    const n = part(value, rest);
    rest -= n;
    return n;
  };
  c[U.cachedInputAudio] = cachedAudio;
  c[U.cachedInput] = cached - cachedAudio;
  c[w.cacheTtl === '1h' ? U.cacheWrite1h : U.cacheWrite5m] = written;
  c[U.inputAudio] = take((x.inputAudioTokens ?? 0) - cachedAudio);
  c[U.inputImage] = take(x.inputImageTokens);
  c[U.inputVideo] = take(x.inputVideoTokens);
  c[U.input] = rest;
  rest = w.outputTokens;
  c[U.outputReasoning] = take(x.reasoningTokens);
  c[U.outputAudio] = take(x.outputAudioTokens);
  c[U.outputImage] = take(x.outputImageTokens);
  c[U.outputVideo] = take(x.outputVideoTokens);
  c[U.output] = rest;
  c[U.webSearches] = x.webSearches ?? 0;
  c[U.requests] = 1;
  return c;
}

export function quantitiesOf(w: Workload): Quantities {
  return quantitiesFromCounts(leafCounts(w), w.mode, w.inputTokens);
}

/** The quantities of leaf counts already made (a usage row's totals, core/usage): `inputTokens` picks the long-context band. */
export function quantitiesFromCounts(counts: number[], mode: Workload['mode'], inputTokens: number): Quantities {
  const w = { mode };
  const weights = zeros();
  const tokenUnits: number[] = [];
  const feeUnits: number[] = [];
  let total = 0;
  for (let u = 0; u < UNIT_COUNT; u++) {
    const unit = UNITS[u] as (typeof UNITS)[number];
    const factor = unit.direction === 'output' && w.mode === 'streaming' ? STREAMED : WEIGHT_SCALE;
    const weight = (counts[u] as number) * factor * (1_000_000 / unit.per);
    weights[u] = weight;
    total += weight;
    if (weight > 0) (unit.direction === 'fee' ? feeUnits : tokenUnits).push(u);
  }
  return { counts, weights, tokenUnits, feeUnits, total, inputTokens };
}
