/** Keeps the k smallest items of a stream without sorting all of it: O(n·k) for the small k of the API. */
export function topK<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const best: T[] = [];
  if (k <= 0) return best;
  for (const item of items) {
    if (best.length === k && compare(item, best[k - 1] as T) >= 0) continue;
    // Insert after the equal ones (stable), shifting the worse ones down; when full the last drops out.
    let at = best.length < k ? best.length : k - 1;
    for (; at > 0 && compare(item, best[at - 1] as T) < 0; at--) best[at] = best[at - 1] as T;
    best[at] = item;
  }
  return best;
}
