/** Time-of-day pricing: when requests run, and whether a moment falls in a daily UTC window. */

/**
 * When the requests run, for models with off-peak prices: a share of the traffic (percent, 0 to
 * 100) run in the off-peak window, or one moment of the day (seconds after 00:00 UTC) whose
 * window (peak or off-peak) prices everything.
 */
export type TimeOfDay = { offPeakPercent: number } | { utcSecond: number };

/** Seconds after midnight UTC of an HH:MM text. */
function secondOf(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return (h * 60 + m) * 60;
}

/** Whether a moment of the day falls in the window [start, end), which may wrap midnight. */
export function inWindow(utcSecond: number, startUtc: string, endUtc: string): boolean {
  const start = secondOf(startUtc);
  const end = secondOf(endUtc);
  return start < end ? utcSecond >= start && utcSecond < end : utcSecond >= start || utcSecond < end;
}
