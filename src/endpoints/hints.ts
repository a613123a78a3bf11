/**
 * Why a filtered list came back empty, and what would return results: the endpoint's own search
 * run again with filters left out, so the hint ranks exactly as the answer would have.
 */
import type { Catalogue } from '../core/catalogue/catalogue.js';
import { formatContext } from '../core/pricing/context-window.js';
import type { Workload } from '../core/pricing/cost.js';
import { fitProblem } from '../core/pricing/fit.js';
import { Usd } from '../core/schema/money.js';
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

/**
 * An empty ranking's hint: the filter to blame (whyEmpty) and the item the same ranking lists first
 * without it, presented as the answer's items are and worded by `says`; else what comes nearest to
 * running the workload at all (fitHint).
 */
export function emptyRankingHint<P extends object, R>(
  params: P,
  filters: ReadonlyArray<keyof P & string>,
  first: (params: P) => R | undefined,
  present: (r: R) => object,
  says: (why: EmptyHint<R>) => string,
  catalogue: Catalogue,
  workload: Workload,
) {
  const why = whyEmpty(params, filters, first);
  if (why === undefined) return fitHint(catalogue, workload);
  return { param: why.param, message: says(why), without: why.without, nearest: present(why.nearest) };
}

/** `use_case=reasoning and budget=10.5`: the given filters as a query would spell them. */
export function describeFilters<P extends object>(
  params: P,
  filters: ReadonlyArray<keyof P & string>,
  without: readonly string[],
): string {
  return (
    filters
      .filter((name) => params[name] !== undefined && (!DEFAULTED.includes(name) || without.includes(name)))
      // The only bigint parameters are USD amounts in nano-dollars (usdAmount).
      .map((name) => {
        const v = params[name];
        return `${name}=${typeof v === 'bigint' ? new Usd(v).toString() : String(v)}`;
      })
      .join(' and ')
  );
}

/**
 * The hint when no model can run the request whatever the filters: what comes nearest among
 * current models sold as capacity. Output no model returns (past every largest output, or
 * filling a whole window) names the largest output there is; otherwise the largest context window
 * and the input it takes beside this output.
 */
export function fitHint(catalogue: Catalogue, workload: Workload) {
  const { inputTokens, outputTokens } = workload;
  const candidates = catalogue.models.filter((m) => m.status === 'current' && !m.freeTierOnly);
  const n = (v: number) => v.toLocaleString('en-US');
  const largestOutput = (m: Catalogue['models'][number]) =>
    Math.min(m.maxOutputTokens ?? m.contextTokens, m.contextTokens);
  const pick = (size: (m: Catalogue['models'][number]) => number) =>
    candidates.reduce<Catalogue['models'][number] | undefined>(
      (best, m) => (!best || size(m) > size(best) ? m : best),
      undefined,
    );
  const window = pick((m) => (outputTokens <= largestOutput(m) ? m.contextTokens : 0));
  if (!window || outputTokens > largestOutput(window)) {
    const most = pick(largestOutput);
    return {
      param: 'output_tokens',
      message: `No model returns ${n(outputTokens)} output tokens in one answer${most ? `; the most is ${most.name}'s (${most.id}), ${n(largestOutput(most))}` : ''}.`,
      ...(most ? { nearest: { ...listed(most), context: most.context, contextTokens: most.contextTokens } } : {}),
    };
  }
  if (fitProblem(window, inputTokens, outputTokens) === undefined) return undefined;
  return {
    param: 'input_tokens',
    message: `No model can take ${n(inputTokens)} input + ${n(outputTokens)} output tokens in one request. The largest context window is ${window.name}'s (${window.id}), ${formatContext(window.contextTokens)} tokens: with ${n(outputTokens)} output tokens it takes at most ${n(window.contextTokens - outputTokens)} input tokens.`,
    nearest: { ...listed(window), context: window.context, contextTokens: window.contextTokens },
  };
}
