/**
 * Why a filtered list came back empty, and what would return results: the endpoint's own search
 * run again with filters left out, so the hint ranks exactly as the answer would have.
 */
import type { Catalogue } from '../core/catalogue.js';
import { formatContext } from '../core/context-window.js';
import type { Workload } from '../core/cost.js';
import { fitProblem } from '../core/fit.js';
import { Usd } from '../core/money.js';
import { listed } from './present.js';

// Filters with a default value (status=current): always set, so named only when left out to find results.
const DEFAULTED: readonly string[] = ['status'];

export interface EmptyHint<R> {
  /** The filter that removed the last candidates. */
  param: string;
  /** The filters left out to find `nearest` (`param` first). */
  without: string[];
  /** The first result of the search without them. */
  nearest: R;
}

/**
 * For an empty answer to `params`, given `filters` in the order they narrow the candidates: the
 * last of them whose leaving out alone returns results, with the first result without it.
 * Otherwise the filters are applied one by one: the one after which nothing is left is named, and
 * the first result of the filters before it is offered. Undefined when nothing returns results.
 */
export function whyEmpty<P extends object, R>(
  params: P,
  filters: ReadonlyArray<keyof P & string>,
  first: (params: P) => R | undefined,
): EmptyHint<R> | undefined {
  // A defaulted filter (status=current) is tried first alone, and never left out with others: an
  // older model that meets every filter the client gave is the nearest answer.
  const defaulted = filters.filter((name) => params[name] !== undefined && DEFAULTED.includes(name));
  const given = filters.filter((name) => params[name] !== undefined && !DEFAULTED.includes(name));
  const without = (names: readonly string[]): P => {
    const copy = { ...params } as Record<string, unknown>;
    for (const name of names) copy[name] = undefined;
    return copy as unknown as P;
  };
  for (const name of [...defaulted, ...[...given].reverse()]) {
    const nearest = first(without([name]));
    if (nearest !== undefined) return { param: name, without: [name], nearest };
  }
  let previous: R | undefined = first(without(given));
  for (let i = 0; i < given.length && previous !== undefined; i++) {
    const later = given.slice(i + 1);
    const result = first(without(later));
    if (result === undefined) return { param: given[i]!, without: given.slice(i), nearest: previous };
    previous = result;
  }
  return undefined;
}

/** `use_case=reasoning and budget=10.5`: the given filters as a query would spell them. */
export function describeFilters<P extends object>(params: P, filters: ReadonlyArray<keyof P & string>, without: readonly string[]): string {
  return filters
    .filter((name) => params[name] !== undefined && (!DEFAULTED.includes(name) || without.includes(name)))
    // The only bigint parameters are USD amounts in nano-dollars (usdAmount).
    .map((name) => { const v = params[name]; return `${name}=${typeof v === 'bigint' ? new Usd(v).toString() : String(v)}`; })
    .join(' and ');
}

/**
 * The hint when no model can run the request whatever the filters: the model that comes nearest
 * (the largest context window among current models sold as capacity) and what it takes.
 */
export function fitHint(catalogue: Catalogue, workload: Workload) {
  const { inputTokens, outputTokens } = workload;
  let nearest: Catalogue['models'][number] | undefined;
  for (const m of catalogue.models) {
    if (m.status !== 'current' || m.freeTierOnly || (m.maxOutputTokens !== undefined && outputTokens > m.maxOutputTokens)) continue;
    if (!nearest || m.contextTokens > nearest.contextTokens) nearest = m;
  }
  const n = (v: number) => v.toLocaleString('en-US');
  const problem = nearest ? fitProblem(nearest, inputTokens, outputTokens) : 'max_output';
  if (problem === undefined) return undefined;
  const what = `${n(inputTokens)} input + ${n(outputTokens)} output tokens`;
  if (!nearest || problem === 'max_output') {
    return { param: 'output_tokens', message: `No model returns ${n(outputTokens)} output tokens in one answer; ask for fewer output tokens.` };
  }
  const room = Math.max(0, nearest.contextTokens - outputTokens);
  return {
    param: 'input_tokens',
    message: `No model can take ${what} in one request. The largest context window is ${nearest.name}'s (${nearest.id}), ${formatContext(nearest.contextTokens)} tokens: with ${n(outputTokens)} output tokens it takes at most ${n(room)} input tokens.`,
    nearest: { ...listed(nearest), context: nearest.context, contextTokens: nearest.contextTokens },
  };
}
