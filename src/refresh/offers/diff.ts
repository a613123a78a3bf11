/** What a door refresh changes against the doors on file: new doors, price changes and doors gone, each with its source and date. */
import type { Door, DoorsFile } from '../../core/offers/door-schema.js';

const key = (d: Door) => `${d.model}@${d.seller}${d.variant ? `:${d.variant.replace(/ /g, '-')}` : ''}`;
const priceText = (d: Door) => (d.prices ? `$${d.prices.input} / $${d.prices.output}` : 'no price');

export function diffDoors(before: DoorsFile | undefined, after: DoorsFile): string[] {
  const old = new Map((before?.doors ?? []).map((d) => [key(d), d]));
  const lines: string[] = [];
  for (const door of after.doors) {
    const was = old.get(key(door));
    old.delete(key(door));
    if (!was) lines.push(`new: ${key(door)} at ${priceText(door)} (${door.source}, ${door.date})`);
    else if (priceText(was) !== priceText(door))
      lines.push(`price: ${key(door)} ${priceText(was)} -> ${priceText(door)} (${door.source}, ${door.date})`);
  }
  for (const gone of old.values())
    lines.push(`gone: ${key(gone)} (was ${priceText(gone)}, ${gone.source}, ${gone.date})`);
  return lines;
}
