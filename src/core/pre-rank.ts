/**
 * Pre-ranking for top-k over many models: rank by a cheap float estimate of the cost, then hand
 * only the models that can still be among the k best to the exact (BigInt) ranking.
 *
 * The order ranked by is (group ascending, cost ascending, then anything); groups are exact
 * integers (from a score, say), the cost is known as an estimate `e` with |e − c| ≤ ε·c for the
 * exact cost c (all costs non-negative), and the key actually compared may be c rounded to within
 * `slack` of c. Let T be the k-th item by (group, e). At least k items then have a key no later
 * than (T.group, e_T(1+ε) + slack), so an item of T's group can be among the exact k best only if
 * its c ≤ e_T(1+ε) + 2·slack, that is e ≤ (e_T(1+ε) + 2·slack)(1+ε); items of earlier groups (fewer
 * than k) are always kept, items of later groups never. The result is a superset of the exact k
 * best, usually about k items, so the exact ranking of it gives the same answer as ranking all.
 *
 * Items are given as parallel arrays (no object per item: this runs over every model); null
 * groups put every item in one group.
 * Returns the indexes kept, in input order.
 */
export function preRank(groups: ArrayLike<number> | null, estimates: ArrayLike<number>, count: number, k: number, epsilon: number, slack: number): number[] {
  const kept: number[] = [];
  if (count <= k) {
    for (let i = 0; i < count; i++) kept.push(i);
    return kept;
  }
  // The k best (group, estimate) pairs so far, best first; only the last one matters in the end.
  const bestGroups = new Array<number>(k);
  const bestEstimates = new Array<number>(k);
  let size = 0;
  // The pair to beat: the k-th best once there are k.
  let lastGroup = Infinity;
  let lastEstimate = Infinity;
  for (let i = 0; i < count; i++) {
    const group = groups === null ? 0 : (groups[i] as number);
    const estimate = estimates[i] as number;
    if (group > lastGroup || (group === lastGroup && estimate >= lastEstimate)) continue;
    let at = size === k ? k - 1 : size++; // when full, the last pair drops out
    for (; at > 0; at--) {
      const before = bestGroups[at - 1] as number;
      if (group > before || (group === before && estimate >= (bestEstimates[at - 1] as number))) break;
      bestGroups[at] = before;
      bestEstimates[at] = bestEstimates[at - 1] as number;
    }
    bestGroups[at] = group;
    bestEstimates[at] = estimate;
    if (size === k) {
      lastGroup = bestGroups[k - 1] as number;
      lastEstimate = bestEstimates[k - 1] as number;
    }
  }
  const bound = (lastEstimate * (1 + epsilon) + 2 * slack) * (1 + epsilon);
  for (let i = 0; i < count; i++) {
    const group = groups === null ? 0 : (groups[i] as number);
    if (group < lastGroup || (group === lastGroup && (estimates[i] as number) <= bound)) kept.push(i);
  }
  return kept;
}
