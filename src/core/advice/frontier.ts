/**
 * The price-quality frontier: the models no other model beats on both counts (as cheap or
 * cheaper and scoring as high or higher, better on at least one). Costs compare as the
 * nano-dollars they round to, so two models whose costs show the same are the same price.
 */
export interface Point {
  score: number;
  /** Nano-dollars (a number and a bigint compare exactly). */
  cost: number | bigint;
}

export function dominates(a: Point, b: Point): boolean {
  return a.cost <= b.cost && a.score >= b.score && (a.cost < b.cost || a.score > b.score);
}

/** The points on the frontier, in their given order (quadratic: a catalogue has about a hundred models). */
export function onFrontier<P extends Point>(points: readonly P[]): P[] {
  return points.filter((p) => !points.some((q) => dominates(q, p)));
}
