/**
 * Doors where a model id goes: `<model-id>@<seller>` names one seller's door (findModel answers
 * with the record as that seller prices it), and each record says how many doors it has.
 */
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import { doorBookOf, type PricedDoor } from '../core/offers/book.js';
import { resolveDoor, splitDoorId } from '../core/offers/resolve.js';
import { KEPT_OUT_TEXT } from '../core/offers/vetting.js';
import { editDistance } from '../core/catalogue/suggest.js';
import { sellerKey } from '../core/offers/sellers.js';
import { ApiError, quote } from '../lib/errors.js';
import { doorCaveats } from './sellers.js';

/** The record as the door `<model-id>@<seller>` prices it, or a 404 that lists the model's doors. */
export function findDoor(
  catalogue: Catalogue,
  target: string,
  param: string,
  findRecord: (id: string) => Model,
): Model {
  return findPricedDoor(catalogue, target, param, findRecord).priced as Model;
}

/** The door `<model-id>@<seller>` names, with a price (else a 400 or 404 naming `param`). */
export function findPricedDoor(
  catalogue: Catalogue,
  target: string,
  param: string,
  findRecord: (id: string) => Model,
): PricedDoor {
  const parts = splitDoorId(target.trim());
  // One @ only: in `a@b@c` the model part `a@b` would itself be a door, and its doors none.
  if (!parts || parts.model.includes('@'))
    throw new ApiError(400, 'invalid_parameter', `${param} ${quote(target)} is not <model-id>@<seller>.`, { param });
  const record = findRecord(parts.model);
  const door = resolveDoor(catalogue, `${record.id}@${parts.seller}`);
  if (!door) {
    const doors = doorBookOf(catalogue).doorsOf(record.id);
    const near = closestDoors(parts.seller, doors).map((d) => d.id);
    const more =
      doors.length > near.length ? ` of its ${doors.length} (GET /api/offers?model=${record.id} lists them)` : '';
    throw new ApiError(
      404,
      'door_not_found',
      `No seller ${quote(parts.seller)} on record for ${record.id} (${param}). ${near.length ? `Its closest doors${more}: ${near.join(', ')}.` : 'It has no doors on record.'}`,
      { param, suggestions: near },
    );
  }
  if (!door.priced) {
    throw new ApiError(
      404,
      'door_not_found',
      `${door.seller.name}'s door to ${record.id} has no price on record (unknown, not free) (${param}).`,
      { param },
    );
  }
  return door;
}

/** How many of a model's doors a refused `<model-id>@<seller>` suggests. */
const NEAREST_DOORS = 5;

/**
 * A model's doors whose sellers are named closest to `seller` (by slug, alias or name, as the
 * seller resolver reads names: sellerKey), closest first, ties by slug; at most NEAREST_DOORS, near
 * or not, so that a name like none of them still gets a handful to choose from.
 */
function closestDoors(seller: string, doors: readonly PricedDoor[]): PricedDoor[] {
  const asked = sellerKey(seller).slice(0, 100);
  const distance = (name: string) => {
    const key = sellerKey(name);
    return key.includes(asked) || asked.includes(key)
      ? Math.abs(key.length - asked.length) / 100
      : editDistance(asked, key);
  };
  return doors
    .map((door) => ({
      door,
      score: Math.min(...[door.seller.slug, door.seller.name, ...door.seller.aliases].map(distance)),
    }))
    .sort((a, b) => a.score - b.score || a.door.seller.slug.localeCompare(b.door.seller.slug))
    .slice(0, NEAREST_DOORS)
    .map((d) => d.door);
}

/** The list's records, each with the number of its doors (its own included). */
export function withOfferCounts(catalogue: Catalogue, models: readonly Model[]): Model[] {
  const book = doorBookOf(catalogue);
  return models.map((m) => ({ ...m, offers: book.countOf(m.id) }));
}

/** One door as the one-model record lists it. */
export function doorSummary(door: PricedDoor) {
  const p = door.priced;
  return {
    seller: door.seller.slug,
    sellerName: door.seller.name,
    kind: door.seller.kind,
    door: door.id,
    sellerModelId: door.sellerModelId,
    ...(door.own ? { makersDoor: true as const } : {}),
    ...(p
      ? {
          prices: {
            input: p.input,
            output: p.output,
            ...(p.cachedInput === undefined ? {} : { cachedInput: p.cachedInput }),
          },
          contextTokens: p.contextTokens,
        }
      : {}),
    source: door.source,
    date: door.date,
    ...doorCaveats(door),
    ...(door.keptOut ? { keptOut: door.keptOut, keptOutText: KEPT_OUT_TEXT[door.keptOut] } : {}),
  };
}

/** A model's doors, for its one-model record (`?model=`). */
export function offersOf(catalogue: Catalogue, model: Model) {
  return doorBookOf(catalogue).doorsOf(model.id).map(doorSummary);
}
