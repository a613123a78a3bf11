/**
 * Where the chart's model labels go: beside their dot, at the first of a few positions whose box
 * touches no dot and no other label and stays inside the plot. Boxes are estimated from the text
 * length at the largest font the stylesheet gives labels where they are shown (15 user units,
 * the site's CSS), so a placement that clears at that size clears at the smaller ones too.
 */

export interface Dot {
  cx: number;
  cy: number;
}
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
export interface Placed {
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

/** The largest label font (user units) and the dot's radius with its stroke, plus a pixel of air. */
const FONT = 15;
const DOT = 6 + 1.5 + 1;
/** Generous for a system sans-serif: wider than the average glyph, so estimates err large. */
const CHAR_WIDTH = 0.62 * FONT;
const ASCENT = 0.95 * FONT;
const DESCENT = 0.3 * FONT;

function labelBox(text: string, p: Placed): Box {
  const width = text.length * CHAR_WIDTH;
  const left = p.anchor === 'start' ? p.x : p.anchor === 'end' ? p.x - width : p.x - width / 2;
  return { left, right: left + width, top: p.y - ASCENT, bottom: p.y + DESCENT };
}

const dotBox = ({ cx, cy }: Dot): Box => ({ left: cx - DOT, right: cx + DOT, top: cy - DOT, bottom: cy + DOT });
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inside = (a: Box, area: Box) =>
  a.left >= area.left && a.right <= area.right && a.top >= area.top && a.bottom <= area.bottom;

/** Positions to try around a dot, nearest first: right, left, then centred, each above and below, then further out. */
function candidates({ cx, cy }: Dot): Placed[] {
  const above = (gap: number) => cy - DOT - DESCENT - gap;
  const below = (gap: number) => cy + DOT + ASCENT + gap;
  const out: Placed[] = [];
  for (const gap of [0, 10, 22, 36]) {
    for (const y of [above(gap), below(gap)]) {
      out.push({ x: cx + 3, y, anchor: 'start' }, { x: cx - 3, y, anchor: 'end' }, { x: cx, y, anchor: 'middle' });
    }
  }
  // Level with the dot, beside it.
  out.push(
    { x: cx + DOT + 2, y: cy + FONT * 0.35, anchor: 'start' },
    { x: cx - DOT - 2, y: cy + FONT * 0.35, anchor: 'end' },
  );
  return out;
}

/**
 * A position for each label (by index into `labels`), or undefined where none clears: that point
 * keeps its tooltip and its row in the table, and the label is left off rather than drawn over a dot.
 */
export function placeLabels(
  labels: ReadonlyArray<{ text: string; dot: Dot }>,
  dots: readonly Dot[],
  area: Box,
): Array<Placed | undefined> {
  const taken: Box[] = dots.map(dotBox);
  return labels.map(({ text, dot }) => {
    for (const p of candidates(dot)) {
      const box = labelBox(text, p);
      if (inside(box, area) && !taken.some((t) => overlaps(box, t))) {
        taken.push(box);
        return p;
      }
    }
    return undefined;
  });
}
