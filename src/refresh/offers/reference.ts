/**
 * Checks each record that names its door (`referenceDoor`) against the doors just built: that the
 * door's source still lists the record's input and output as of the record's `referenceDoor.date`, and, for the rule `median-direct` (the
 * maker sells no capacity), the door the rule picks now, vetted as rankings vet doors.
 * Pure: the caller prints the lines; a change is made by hand in data/<maker>.json, reviewed.
 */
import type { Door, DoorsFile, Seller } from '../../core/offers/door-schema.js';
import { directCandidates, medianDirectDoor } from '../../core/offers/reference-door.js';
import { vetDoors, type Vettable } from '../../core/offers/vetting.js';
import type { Model } from '../../core/schema/catalogue-schema.js';
import type { CatalogueRecord } from './build.js';

/** What the check reads of a catalogue record. */
export type ReferenceRecord = CatalogueRecord &
  Pick<Model, 'input' | 'output' | 'checkedOn' | 'priceHistory' | 'referenceDoor' | 'maxOutputTokens'> &
  Partial<Pick<Model, 'contextTokens'>>;

const money = (d: { input: number; output: number }) => `$${d.input} / $${d.output}`;

/** One line per record with a reference door: agreed, or what changed. */
export function checkReferenceDoors(
  records: readonly ReferenceRecord[],
  files: readonly DoorsFile[],
  referenceDoors: readonly Door[],
  sellers: readonly Seller[],
): string[] {
  const sellerOf = new Map(sellers.map((s) => [s.slug, s]));
  const lines: string[] = [];
  for (const record of records) {
    const reference = record.referenceDoor;
    if (!reference) continue;
    const own = sellerOf.get(reference.seller);
    if (!own) {
      lines.push(`reference door: ${record.id} names seller "${reference.seller}", which sellers.json does not list`);
      continue;
    }
    const ownDoor = referenceDoors.find((d) => d.model === record.id);
    // A source that still lists a set the record holds as history ended before the source's date is behind, not a change.
    const history = record.priceHistory ?? [];
    const ended = history.findIndex(
      (set, i) =>
        i + 1 < history.length &&
        set.input === ownDoor?.prices?.input &&
        set.output === ownDoor?.prices?.output &&
        history[i + 1]!.effectiveFrom <= ownDoor.date,
    );
    if (
      ownDoor?.prices &&
      ended >= 0 &&
      (ownDoor.prices.input !== record.input || ownDoor.prices.output !== record.output)
    ) {
      lines.push(
        `reference door: ${record.id} at its ${reference.rule === 'maker' ? 'maker ' : ''}${own.slug} (${money(record)}): ${ownDoor.source} still lists ${money(ownDoor.prices)}, the record's price before ${history[ended + 1]!.effectiveFrom} (priceHistory): unchanged`,
      );
      continue;
    }
    if (ownDoor?.prices && (ownDoor.prices.input !== record.input || ownDoor.prices.output !== record.output)) {
      lines.push(
        `reference door: ${record.id}: ${own.slug} now lists ${money(ownDoor.prices)} (${ownDoor.source}), the record ${money(record)}: update data/${record.providerSlug}.json`,
      );
      continue;
    }
    if (ownDoor && reference.date !== ownDoor.date) {
      lines.push(
        `reference door: ${record.id}: ${own.slug}'s price is as of ${ownDoor.date} (${ownDoor.source}), the record dates it ${reference.date ?? 'not at all'}: update data/${record.providerSlug}.json`,
      );
      continue;
    }
    if (reference.rule === 'maker') {
      lines.push(
        `reference door: ${record.id} at its maker ${own.slug} (${money(record)}): ${ownDoor ? `${ownDoor.source} agrees` : 'no source lists it'}`,
      );
      continue;
    }
    // Base doors priced in dollars, as the record is: a regional door or a price in another currency is no such median's.
    const others = files.flatMap((f) =>
      f.doors.filter((d) => d.model === record.id && d.region === undefined && d.currency === undefined),
    );
    // Each door with its limits, which break a tie at the median price (the record's own are its door's).
    const doors: Array<Vettable & Pick<Door, 'contextTokens' | 'maxOutputTokens'>> = [
      {
        record,
        seller: own,
        own: true,
        priced: record,
        date: reference.date ?? record.checkedOn,
        contextTokens: record.contextTokens,
        maxOutputTokens: record.maxOutputTokens,
      },
      ...others.flatMap((d) => {
        const seller = sellerOf.get(d.seller);
        return seller
          ? [
              {
                record,
                seller,
                own: false,
                priced: d.prices,
                date: d.date,
                variant: d.variant,
                contextTokens: d.contextTokens,
                maxOutputTokens: d.maxOutputTokens,
              },
            ]
          : [];
      }),
    ];
    const reasons = vetDoors(doors);
    const candidates = doors.map((d, i) => ({ ...d, keptOut: reasons[i] }));
    const count = directCandidates(candidates).length;
    const pick = medianDirectDoor(candidates);
    if (pick?.priced && pick.seller.slug !== own.slug) {
      lines.push(
        `reference door: ${record.id}: the median of ${count} vetted direct doors is now ${pick.seller.slug} at ${money(pick.priced)}, the record names ${own.slug} at ${money(record)}: update data/${record.providerSlug}.json`,
      );
    } else {
      lines.push(
        `reference door: ${record.id} at ${own.slug} (${money(record)}), the median of ${count} vetted direct doors: unchanged`,
      );
    }
  }
  return lines;
}
