/** Counts requests per client in fixed one-minute windows, in bounded memory. */

export const WINDOW_MS = 60_000;

/**
 * Clients counted at once. Past this, the client seen least recently is forgotten (if it comes
 * back it starts afresh): memory stays bounded, and a client's first request is never refused,
 * whatever others do; a flood of new addresses can only make the limit forget, never share, counts.
 */
export const MAX_TRACKED_CLIENTS = 100_000;

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RequestWindow {
  #window = -1;
  /** Counts by client, least recently seen first (each hit moves its client to the end). */
  #counts = new Map<string, number>();

  constructor(
    private readonly perMinute: number,
    private readonly maxClients = MAX_TRACKED_CLIENTS,
  ) {}

  /** Counts `requests` (one by default) from `client` at `nowMs` and says whether they are within the limit. */
  hit(client: string, nowMs: number, requests = 1): Verdict {
    const window = Math.floor(nowMs / WINDOW_MS);
    // A new minute forgets the last one whole.
    if (window !== this.#window) {
      this.#window = window;
      this.#counts.clear();
    }
    const count = (this.#counts.get(client) ?? 0) + requests;
    this.#counts.delete(client);
    this.#counts.set(client, count);
    if (this.#counts.size > this.maxClients) {
      const oldest = this.#counts.keys().next();
      if (!oldest.done) this.#counts.delete(oldest.value);
    }
    if (count <= this.perMinute) return { allowed: true };
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - nowMs) / 1000));
    return { allowed: false, retryAfterSeconds };
  }

  /** How many clients the current window holds (for tests of the memory bound). */
  get trackedClients(): number {
    return this.#counts.size;
  }
}
