/** Keeps the k smallest items of a stream without sorting all of it: O(n·k) for the small k of the API. */
export function topK<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const best: T[] = [];
  if (k <= 0) return best;
  for (const item of items) {
    if (best.length === k && compare(item, best[k - 1] as T) >= 0) continue;
    let at = best.length;
    while (at > 0 && compare(item, best[at - 1] as T) < 0) at--;
    best.splice(at, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
}
