/** Counts requests per client in fixed one-minute windows, in bounded memory. */

export const WINDOW_MS = 60_000;

/** Past this many distinct clients in one window, further new clients share a single count. */
export const MAX_TRACKED_CLIENTS = 100_000;
const OVERFLOW_KEY = '\0overflow';

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RequestWindow {
  #window = -1;
  #counts = new Map<string, number>();

  constructor(
    private readonly perMinute: number,
    private readonly maxClients = MAX_TRACKED_CLIENTS,
  ) {}

  /** Counts one request from `client` at `nowMs` and says whether it is within the limit. */
  hit(client: string, nowMs: number): Verdict {
    const window = Math.floor(nowMs / WINDOW_MS);
    // A new minute forgets the last one whole, so memory never outgrows one minute's clients.
    if (window !== this.#window) {
      this.#window = window;
      this.#counts.clear();
    }
    const key = this.#counts.has(client) || this.#counts.size < this.maxClients ? client : OVERFLOW_KEY;
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    if (count <= this.perMinute) return { allowed: true };
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - nowMs) / 1000));
    return { allowed: false, retryAfterSeconds };
  }

  /** How many clients the current window holds (for tests of the memory bound). */
  get trackedClients(): number {
    return this.#counts.size;
  }
}
