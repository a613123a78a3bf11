/** "Did you mean": the known names closest to an unknown one. */

/** Up to `count` candidates nearest to `query` (substring matches first, then edit distance). */
export function closestMatches(query: string, candidates: Iterable<string>, count = 3): string[] {
  const q = query.toLowerCase().slice(0, 100);
  if (!q) return [];
  const scored: Array<{ name: string; score: number }> = [];
  for (const name of candidates) {
    const n = name.toLowerCase();
    const allowed = Math.max(2, Math.floor(Math.max(q.length, n.length) * 0.4));
    const substring = n.includes(q) || q.includes(n);
    // The edit distance is at least the length difference: skip the quadratic work when that is too far.
    if (!substring && Math.abs(n.length - q.length) > allowed) continue;
    const distance = substring ? Math.abs(n.length - q.length) / 100 : editDistance(q, n);
    if (distance <= allowed) scored.push({ name, score: distance });
  }
  scored.sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : 1));
  return scored.slice(0, count).map((s) => s.name);
}

/** Levenshtein distance, two rows. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
