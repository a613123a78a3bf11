/**
 * Plain text for an 80-column terminal: tables (a header, a rule, columns padded to their widest
 * cell) and key/value lines. What is too wide wraps between words, never inside one, so that an id
 * (`moonshot-kimi-k2.6@amazon-bedrock`) or a URL is copied whole: a table's id too wide for its
 * column takes a line of its own above the rest of its row.
 */

export const COLUMNS = 80;

export interface Column {
  title: string;
  /** Numbers read better right-aligned. */
  align?: 'left' | 'right';
  /** The column that gives way when the table is wider than the terminal (between words; an id too wide goes on a line of its own). */
  wrap?: boolean;
}

/** `text` in lines of at most `width`, broken at spaces only: a longer word (an id, a URL) stays whole on its own line. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const space = rest.slice(0, width + 1).lastIndexOf(' ');
    const next = rest.indexOf(' ', width + 1);
    const cut = space > 0 ? space : next === -1 ? rest.length : next;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  return [...lines, rest];
}

/** The longest word of a cell: what its column cannot be narrower than. */
const longestWord = (cell: string) => Math.max(0, ...cell.split(' ').map((w) => w.length));

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
    const cell = cells[flex] ?? '';
    const width = widths[flex] ?? 0;
    // A word wider than the column (an id): the cell whole on a line of its own, the row's other cells under it.
    if (longestWord(cell) > width) return [cell, line(cells.map((c, i) => (i === flex ? '' : c)))];
    const [first = '', ...more] = wrapText(cell, width);
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
  return wrapText(text, maxWidth).join('\n');
}

/** Key/value lines, keys padded to the longest, values wrapped between words to the terminal under themselves. */
export function pairs(entries: readonly (readonly [string, string])[], maxWidth = COLUMNS): string {
  const width = Math.max(0, ...entries.map(([k]) => k.length)) + 1;
  const indent = ' '.repeat(width + 1);
  return entries
    .map(([k, v]) =>
      wrapText(v, maxWidth - width - 1)
        .map((part, i) => (i === 0 ? `${`${k}:`.padEnd(width)} ${part}` : `${indent}${part}`))
        .join('\n'),
    )
    .join('\n');
}
