/**
 * The origins whose answers the cache keeps while BASE_URL is unset (an answer that reads the
 * request's origin embeds it, so it is kept per origin). Host is the client's to choose: a
 * deployment is reached by a name or two, and a client making up Host headers must not fill the
 * places nor keep the real name out of them. So the places go to the origins asked most: a kept
 * origin gives its place to one asked more often than it, and junk names asked once each never
 * take a place from a name in use. Bounded: at most `candidates` origins are counted; past that,
 * those not kept are forgotten and the kept ones' counts halved (so an old burst fades).
 */

/** Origins whose answers are kept when BASE_URL is unset. */
export const MAX_ORIGINS = 8;

export class KeptOrigins {
  readonly #counts = new Map<string, number>();
  readonly #kept = new Set<string>();

  constructor(
    readonly max = MAX_ORIGINS,
    readonly candidates = MAX_ORIGINS * 8,
  ) {}

  /** Counts a request for `origin` (a hit of its kept answer, or a miss); whether its answers are kept now. */
  ask(origin: string): boolean {
    let count = this.#counts.get(origin);
    if (count === undefined && this.#counts.size >= this.candidates) this.#fade();
    count = (count ?? 0) + 1;
    this.#counts.set(origin, count);
    if (this.#kept.has(origin)) return true;
    if (this.#kept.size < this.max) {
      this.#kept.add(origin);
      return true;
    }
    let least: string | undefined;
    let leastCount = Infinity;
    for (const kept of this.#kept) {
      const n = this.#counts.get(kept) ?? 0;
      if (n < leastCount) [least, leastCount] = [kept, n];
    }
    if (least === undefined || count <= leastCount) return false;
    this.#kept.delete(least);
    this.#kept.add(origin);
    return true;
  }

  /** Whether answers for `origin` are kept. */
  has(origin: string): boolean {
    return this.#kept.has(origin);
  }

  /** Forgets every origin and count (SIGHUP's reload: the places are given again from the requests that follow). */
  reset(): void {
    this.#counts.clear();
    this.#kept.clear();
  }

  #fade(): void {
    for (const [origin, n] of this.#counts) {
      if (this.#kept.has(origin)) this.#counts.set(origin, Math.ceil(n / 2));
      else this.#counts.delete(origin);
    }
  }
}
