/** Keeps the k smallest items of a stream without sorting all of it: O(n·k) for the small k of the API. */
export class TopK<T> {
  readonly items: T[] = [];

  constructor(
    private readonly k: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  /** Whether `item` would be kept: rankings ask before they make the object they keep. */
  admits(item: T): boolean {
    const { items, k } = this;
    return k > 0 && (items.length < k || this.compare(item, items[k - 1] as T) < 0);
  }

  /** The k-th item once k are kept (what a newcomer must beat); undefined before. */
  get last(): T | undefined {
    return this.items.length === this.k ? this.items[this.k - 1] : undefined;
  }

  /** Keeps `item` if it is among the k smallest so far (after the equal ones: stable). */
  add(item: T): void {
    if (!this.admits(item)) return;
    const { items, k } = this;
    // Shift the worse ones down; when full the last drops out.
    let at = items.length < k ? items.length : k - 1;
    for (; at > 0 && this.compare(item, items[at - 1] as T) < 0; at--) items[at] = items[at - 1] as T;
    items[at] = item;
  }
}

export function topK<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const best = new TopK(k, compare);
  for (const item of items) best.add(item);
  return best.items;
}
