/**
 * Float estimates of request costs, for ranking many models quickly: the exact engine (cost.ts)
 * then prices only the models an estimate cannot rule out. estimateAt(...) / NANOS_DIVISOR
 * estimates a request's cost in nano-dollars.
 */
import type { Model } from './catalogue-schema.js';
import { pricesOf, stepFor, type PriceNanos, type Workload } from './cost.js';

/**
 * The float prices of a list of models (a catalogue's models, or one tier's), one slot per model,
 * built once per list and kept while the list lives: estimating over thousands of models then
 * reads typed arrays rather than looking each model up.
 */
export interface PriceTable {
  readonly input: Float64Array;
  readonly output: Float64Array;
  readonly cachedInput: Float64Array;
  /** The long-context threshold, Infinity when the model has none. */
  readonly threshold: Float64Array;
  readonly longInput: Float64Array;
  readonly longOutput: Float64Array;
  readonly longCachedInput: Float64Array;
  /** All steps of the models priced in more than one long-context step (sparse). */
  readonly steps: ReadonlyArray<PriceNanos[] | undefined>;
  /**
   * The slots ordered by their lowest input price over all price bands, ascending, and for each
   * position of that order: that lowest input price, and the lowest cached-input and output
   * prices of the slots from there on (see estimateFloor).
   */
  readonly byInput: Int32Array;
  readonly minInput: Float64Array;
  readonly minCachedInputAfter: Float64Array;
  readonly minOutputAfter: Float64Array;
}

const priceTables = new WeakMap<readonly Model[], PriceTable>();

export function priceTable(models: readonly Model[]): PriceTable {
  let table = priceTables.get(models);
  if (table === undefined) {
    const n = models.length;
    table = {
      input: new Float64Array(n), output: new Float64Array(n), cachedInput: new Float64Array(n), threshold: new Float64Array(n),
      longInput: new Float64Array(n), longOutput: new Float64Array(n), longCachedInput: new Float64Array(n),
      steps: [], ...lowestPrices(models),
    };
    const steps: Array<PriceNanos[] | undefined> = table.steps as Array<PriceNanos[] | undefined>;
    for (let i = 0; i < n; i++) {
      const { standard, long: modelSteps } = pricesOf(models[i] as Model);
      const long = modelSteps?.[0];
      table.input[i] = standard.inputF;
      table.output[i] = standard.outputF;
      table.cachedInput[i] = standard.cachedInputF;
      table.threshold[i] = long ? long.threshold : Infinity;
      table.longInput[i] = long ? long.inputF : 0;
      table.longOutput[i] = long ? long.outputF : 0;
      table.longCachedInput[i] = long ? long.cachedInputF : 0;
      if (modelSteps && modelSteps.length > 1) steps[i] = modelSteps;
    }
    priceTables.set(models, table);
  }
  return table;
}

function lowestPrices(models: readonly Model[]): Pick<PriceTable, 'byInput' | 'minInput' | 'minCachedInputAfter' | 'minOutputAfter'> {
  const lowest = models.map((model) => {
    const { standard, long = [] } = pricesOf(model);
    const bands = [standard, ...long];
    return {
      input: Math.min(...bands.map((b) => b.inputF)),
      cachedInput: Math.min(...bands.map((b) => b.cachedInputF)),
      output: Math.min(...bands.map((b) => b.outputF)),
    };
  });
  const at = (i: number) => lowest[i] as (typeof lowest)[number];
  const byInput = Int32Array.from(models.keys()).sort((a, b) => at(a).input - at(b).input || a - b);
  const n = models.length;
  const minCachedInputAfter = new Float64Array(n);
  const minOutputAfter = new Float64Array(n);
  for (let j = n - 1, cached = Infinity, output = Infinity; j >= 0; j--) {
    const prices = at(byInput[j] as number);
    minCachedInputAfter[j] = cached = Math.min(cached, prices.cachedInput);
    minOutputAfter[j] = output = Math.min(output, prices.output);
  }
  return { byInput, minInput: Float64Array.from(byInput, (i) => at(i).input), minCachedInputAfter, minOutputAfter };
}

/** requestNumerator worked out in floats, for the model in slot i of a price table (see ESTIMATE_ERROR). */
export function estimateAt(table: PriceTable, i: number, workload: Workload): number {
  const { inputTokens, outputTokens, mode } = workload;
  const cachedTokens = Math.min(workload.cachedInputTokens ?? 0, inputTokens);
  let input: number, cached: number, output: number;
  if (inputTokens > (table.threshold[i] as number)) {
    const steps = table.steps[i];
    if (steps) {
      const step = stepFor(steps, inputTokens) as PriceNanos;
      input = step.inputF;
      cached = step.cachedInputF;
      output = step.outputF;
    } else {
      input = table.longInput[i] as number;
      cached = table.longCachedInput[i] as number;
      output = table.longOutput[i] as number;
    }
  } else {
    input = table.input[i] as number;
    cached = table.cachedInput[i] as number;
    output = table.output[i] as number;
  }
  const inputPart = (inputTokens - cachedTokens) * input + cachedTokens * cached;
  const outputPart = outputTokens * output * (mode === 'streaming' ? 115 : 100);
  return (inputPart * 100 + outputPart) * (mode === 'batch' ? 1 : 2);
}

/**
 * A lower bound of estimateAt(table, i, workload) for every slot i at position j or later of
 * table.byInput: the same formula on the lowest prices any of those slots can be charged (exact
 * arithmetic keeps it at or below each estimate; floats move either by under ESTIMATE_ERROR).
 * It does not fall as j grows, so a scan in that order can stop once it passes a cut.
 */
export function estimateFloor(table: PriceTable, j: number, workload: Workload): number {
  const { inputTokens, outputTokens, mode } = workload;
  const cachedTokens = Math.min(workload.cachedInputTokens ?? 0, inputTokens);
  if (!(cachedTokens >= 0 && outputTokens >= 0)) return 0; // no bound for counts the API refuses
  const inputPart = (inputTokens - cachedTokens) * (table.minInput[j] as number) + cachedTokens * (table.minCachedInputAfter[j] as number);
  const outputPart = outputTokens * (table.minOutputAfter[j] as number) * (mode === 'streaming' ? 115 : 100);
  return (inputPart * 100 + outputPart) * (mode === 'batch' ? 1 : 2);
}

/**
 * A bound on the relative error of estimateAt against requestNumerator: every term is
 * non-negative and each of the few float operations rounds by at most half an ulp, so the true
 * bound is under 1e-15.
 */
export const ESTIMATE_ERROR = 1e-12;
