/**
 * The kept entries of the answer cache, bounded by count and bytes. Eviction is a second chance,
 * near enough least recently used: the oldest entry not asked for since it was last passed over
 * goes first. Answers to a query are kept from their second request (see askedBefore).
 */
import type { Entry } from './answer.js';
import { fnv1a } from './key.js';

/** A kept entry and whether it was asked for since eviction last passed over it. */
interface Slot {
  readonly entry: Entry;
  used: boolean;
}

export class BoundedEntries {
  readonly #slots = new Map<string, Slot>();
  readonly maxEntries: number;
  readonly maxBytes: number;
  #bytes = 0;
  /**
   * Hashes of keys asked for once and not kept yet (see askedBefore): a number each, where keys
   * of up to 2 KB each would hold up to 16 MB at the bound. Two keys sharing a hash only means
   * one is kept from its first request.
   */
  readonly #seen = new Set<number>();

  constructor(maxEntries: number, maxBytes: number) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  get size(): number {
    return this.#slots.size;
  }

  /** Bytes held by the kept entries. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The entry kept under a key, marked as used. (Moving it to the back of the map instead, for an
   * exact order of use, would cost a hit a delete, an insert and now and then a rehash of the whole map.)
   */
  get(key: string): Entry | undefined {
    const slot = this.#slots.get(key);
    if (slot === undefined) return undefined;
    slot.used = true;
    return slot.entry;
  }

  /** Keeps an entry under its key, in place of any before it, and makes room for it. */
  put(key: string, entry: Entry): void {
    this.#drop(key);
    this.#slots.set(key, { entry, used: false });
    this.#bytes += entry.size;
    this.#evict(entry);
  }

  /** Whether this very entry is kept (not marked as used). */
  holds(entry: Entry): boolean {
    return entry.key !== undefined && this.#slots.get(entry.key)?.entry === entry;
  }

  /** Counts bytes an entry grew by (a coding made of it), when it is kept, and makes room for them. */
  grew(entry: Entry, bytes: number): void {
    if (!this.holds(entry)) return;
    this.#bytes += bytes;
    this.#evict(entry);
  }

  /**
   * Whether a key was asked for since the cache last forgot the keys asked once. Answers to a
   * query are kept from their second request (as CDNs offer, "cache on second hit"): under traffic where every
   * request is new, keeping each answer only churns memory for entries evicted unread.
   */
  askedBefore(key: string): boolean {
    const hash = fnv1a(key);
    if (this.#seen.delete(hash)) return true;
    if (this.#seen.size >= this.maxEntries * 4) this.#seen.clear();
    this.#seen.add(hash);
    return false;
  }

  /** Forgets every entry and every key asked once. */
  clear(): void {
    this.#slots.clear();
    this.#seen.clear();
    this.#bytes = 0;
  }

  #drop(key: string): void {
    const old = this.#slots.get(key);
    if (old === undefined) return;
    this.#slots.delete(key);
    this.#bytes -= old.entry.size;
  }

  /**
   * Makes room for `kept` (just stored, or grown by a coding), which stays. Oldest first: an entry
   * used since it was last passed over goes to the back, unmarked; the first one unused goes. (The
   * map's iteration reaches the entries moved back too, once each.)
   */
  #evict(kept: Entry): void {
    for (const [key, slot] of this.#slots) {
      if (this.#slots.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      if (slot.entry === kept) continue;
      if (slot.used) {
        slot.used = false;
        this.#slots.delete(key);
        this.#slots.set(key, slot);
      } else this.#drop(key);
    }
  }
}
