/**
 * Plain text for an 80-column terminal: tables (a header, a rule, columns padded to their widest
 * cell) and key/value lines. What is too wide wraps: a table's `wrap` column (the ids) breaks
 * after a hyphen onto continuation lines, a value breaks between words.
 */

export const COLUMNS = 80;

export interface Column {
  title: string;
  /** Numbers read better right-aligned. */
  align?: 'left' | 'right';
  /** The column that gives way when the table is wider than the terminal. */
  wrap?: boolean;
}

/**
 * `text` in lines of at most `width`, broken at a space, else after a hyphen (an id), else anywhere;
 * with `words`, only at spaces: a longer word (a URL) stays whole on its own line.
 */
export function wrapText(text: string, width: number, words = false): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const head = rest.slice(0, width + 1);
    const space = head.lastIndexOf(' ');
    const hyphen = words ? -1 : head.lastIndexOf('-', width - 1);
    const next = rest.indexOf(' ', width + 1);
    const cut = space > 0 ? space : hyphen > 0 ? hyphen + 1 : !words ? width : next === -1 ? rest.length : next;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  return [...lines, rest];
}

export function table(columns: readonly Column[], rows: readonly (readonly string[])[], maxWidth = COLUMNS): string {
  const widths = columns.map((c, i) => Math.max(c.title.length, ...rows.map((r) => (r[i] ?? '').length)));
  const flex = columns.findIndex((c) => c.wrap);
  const total = widths.reduce((a, b) => a + b, 0) + 2 * (columns.length - 1);
  if (flex !== -1 && total > maxWidth) {
    const title = columns[flex]?.title.length ?? 0;
    widths[flex] = Math.max(title, 12, (widths[flex] ?? 0) - (total - maxWidth));
  }
  const line = (cells: readonly string[]) =>
    columns
      .map((c, i) => {
        const cell = cells[i] ?? '';
        const width = widths[i] ?? 0;
        return c.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const body = rows.flatMap((cells) => {
    if (flex === -1) return [line(cells)];
    const [first = '', ...more] = wrapText(cells[flex] ?? '', widths[flex] ?? 0);
    const blank = columns.map(() => '');
    return [
      line(cells.map((c, i) => (i === flex ? first : c))),
      ...more.map((part) => line(blank.map((_, i) => (i === flex ? part : '')))),
    ];
  });
  return [line(columns.map((c) => c.title)), widths.map((w) => '-'.repeat(w)).join('  '), ...body].join('\n');
}

/** Prose wrapped to the terminal between words. */
export function prose(text: string, maxWidth = COLUMNS): string {
  return wrapText(text, maxWidth, true).join('\n');
}

/** Key/value lines, keys padded to the longest, values wrapped between words to the terminal under themselves. */
export function pairs(entries: readonly (readonly [string, string])[], maxWidth = COLUMNS): string {
  const width = Math.max(0, ...entries.map(([k]) => k.length)) + 1;
  const indent = ' '.repeat(width + 1);
  return entries
    .map(([k, v]) =>
      wrapText(v, maxWidth - width - 1, true)
        .map((part, i) => (i === 0 ? `${`${k}:`.padEnd(width)} ${part}` : `${indent}${part}`))
        .join('\n'),
    )
    .join('\n');
}
