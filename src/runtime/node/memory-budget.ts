/**
 * One bound on the memory the whole process holds for answers its clients have not taken: the
 * bytes of answers made and not yet handed to the operating system, over every connection. Each
 * connection's share is counted apart. Past half the bound, each connection makes one answer at a
 * time; past the bound, the connections holding the most are cut (largest first) until the total
 * is back under it. A client that reads holds an answer only until
 * the kernel takes it, so the ones cut are those that pile answers up without reading them.
 * Request bodies being received (uploads) reserve their bytes in the same bound, as they arrive,
 * and hold them until their answer is made. A reservation is refused (the upload gets a 503) when
 * it would take the whole past the bound or the uploads past half of it: uploads held open hold at
 * most half the bound, and never make the budget cut a connection that reads its answers.
 */

/** What one connection holds, as the budget counts it. */
export interface Holder {
  /** Bytes charged to it and not yet discharged. */
  held: number;
  /** Cuts the connection; the budget has already stopped counting what it held. */
  cut(): void;
}

export class MemoryBudget {
  /** Bytes held over every connection. */
  total = 0;
  /** Bytes of request bodies reserved (reserve), counted in the bound beside `total`. */
  reserved = 0;
  /** Connections cut to bring the total back under the bound. */
  evicted = 0;
  private readonly holders = new Set<Holder>();

  /** `largest`: the largest answer known before any is made (the largest file served), so that a first burst is reckoned right. */
  constructor(
    readonly limit: number,
    largest = 64 * 1024,
  ) {
    this.largest = largest;
  }

  /** Answers started and not made yet (made asynchronously, several connections' at once). */
  private making = 0;
  /** The largest answer made so far, or known to be possible: what an answer being made is reckoned to hold. */
  private largest: number;

  /**
   * Past half the bound, counting each answer being made as the largest made so far, a connection
   * with an answer in progress makes no other until that one is taken: a connection
   * that does not read then holds one answer, not sixteen, and makes no more while it waits to be cut.
   */
  get pressed(): boolean {
    return (this.total + this.reserved + this.making * this.largest) * 2 >= this.limit;
  }

  /** An answer is started. */
  beginMaking(): void {
    this.making += 1;
  }

  /** The answer begun is made, `bytes` long (its charge follows, if it is still to be sent). */
  endMaking(bytes: number): void {
    this.making -= 1;
    if (bytes > this.largest) this.largest = bytes;
  }

  /** Reserves `bytes` of a body being received, unless that would take the whole past the bound or the uploads past half of it: then false, and nothing is reserved. */
  reserve(bytes: number): boolean {
    if (this.total + this.reserved + bytes > this.limit || (this.reserved + bytes) * 2 > this.limit) return false;
    this.reserved += bytes;
    return true;
  }

  /** Gives back `bytes` reserved (the body's answer is made, or the upload refused or cut). */
  release(bytes: number): void {
    this.reserved = Math.max(0, this.reserved - bytes);
  }

  /** Counts `bytes` more against `holder`, then cuts the largest holders while the total is past the bound. */
  charge(holder: Holder, bytes: number): void {
    if (bytes <= 0) return;
    holder.held += bytes;
    this.total += bytes;
    this.holders.add(holder);
    while (this.total > this.limit) this.evict();
  }

  /** Stops counting `bytes` of `holder` (its answer was taken, or failed). */
  discharge(holder: Holder, bytes: number): void {
    holder.held -= bytes;
    this.total -= bytes;
    if (holder.held <= 0) this.holders.delete(holder);
  }

  /** Stops counting a holder altogether (its connection closed). */
  forget(holder: Holder): void {
    if (!this.holders.delete(holder)) return;
    this.total -= holder.held;
    holder.held = 0;
  }

  private evict(): void {
    let largest: Holder | undefined;
    for (const h of this.holders) if (largest === undefined || h.held > largest.held) largest = h;
    if (largest === undefined) {
      this.total = 0;
      return;
    }
    this.forget(largest);
    this.evicted += 1;
    largest.cut();
  }
}
