/** Plain-text tables for the terminal: a header, a rule, columns padded to their widest cell. */

export interface Column {
  title: string;
  /** Numbers read better right-aligned. */
  align?: 'left' | 'right';
}

export function table(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((c, i) => Math.max(c.title.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    columns
      .map((c, i) => {
        const cell = cells[i] ?? '';
        const width = widths[i] ?? 0;
        return c.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Key/value lines, keys padded to the longest. */
export function pairs(entries: readonly (readonly [string, string])[]): string {
  const width = Math.max(0, ...entries.map(([k]) => k.length));
  return entries.map(([k, v]) => `${`${k}:`.padEnd(width + 1)} ${v}`).join('\n');
}
