// The all-unique requests of npm run bench and npm run bench:direct: every request a parameter
// combination never seen before (a counter i runs through the numbers), so no cache can help.
// scripts/bench.mjs writes the same formula in Lua for wrk.

export const UNIQUE_USE_CASES = ['coding', 'chat', 'classification', 'extraction', 'reasoning', 'analysis'];

/** Each kind of unique request as a function of i, over the catalogue's model ids. */
export function uniqueKinds(ids) {
  const other = (i, first) => (first + 1 + (i % (ids.length - 1))) % ids.length;
  return {
    cheapest: (i) => `/api/cheapest?input_tokens=${1000 + i}&output_tokens=${500 + (i % 997)}`,
    calculate: (i) => `/api/calculate?model=${ids[i % ids.length]}&input_tokens=${2000 + i}&requests=${100 + (i % 50)}`,
    compare: (i) => `/api/compare?models=${ids[i % ids.length]},${ids[other(i, i % ids.length)]}&input_tokens=${1000 + i}`,
    recommend: (i) => `/api/recommend?input_tokens=${1000 + i}&use_case=${UNIQUE_USE_CASES[i % UNIQUE_USE_CASES.length]}`,
  };
}

/** The mix: the four kinds in turn. */
export function uniqueMix(ids) {
  const kinds = Object.values(uniqueKinds(ids));
  return (i) => kinds[i % kinds.length](i);
}
