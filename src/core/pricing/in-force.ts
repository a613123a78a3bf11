/**
 * The one rule for what is in force at a moment, as genai-prices' getActiveModelPrice picks a
 * price: of dated entries in the order they start, the last one started by then. A price set
 * starting on a day is in force from that day on; one with no start (null) for as long as the data
 * knows. A plain date string is its own start (the days a catalogue's prices change).
 */
export interface Dated {
  effectiveFrom: string | null;
}

/** The last of `entries` that has started on `date` (YYYY-MM-DD), or undefined when none has yet. */
export function inForce<T extends Dated | string>(entries: readonly T[], date: string): T | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i] as T;
    const start = typeof entry === 'string' ? entry : entry.effectiveFrom;
    if (start === null || start <= date) return entry;
  }
  return undefined;
}
