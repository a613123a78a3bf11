/** `<model-id>@<seller>`: one door, named wherever a model id goes. */
import type { Catalogue } from '../catalogue/catalogue.js';
import { doorBookOf, type PricedDoor } from './book.js';
import { sellerResolverOf } from './sellers.js';

/** The model and seller parts of `<model-id>@<seller>`, or undefined for a plain model id. */
export function splitDoorId(target: string): { model: string; seller: string } | undefined {
  const at = target.lastIndexOf('@');
  if (at <= 0 || at === target.length - 1) return undefined;
  return {
    model: target.slice(0, at).trim().toLowerCase(),
    seller: target
      .slice(at + 1)
      .trim()
      .toLowerCase(),
  };
}

/**
 * The door `<model-id>@<seller>` names (the model by id or alias, the seller as sellerResolverOf
 * reads it), or undefined when there is none. Its `priced` is the record at that seller's prices
 * (undefined when the door has no price), `keptOut` why rankings leave it out.
 */
export function resolveDoor(catalogue: Catalogue, target: string): PricedDoor | undefined {
  const parts = splitDoorId(target);
  if (!parts) return undefined;
  const record = catalogue.byId.get(parts.model);
  if (!record) return undefined;
  const book = doorBookOf(catalogue);
  // A serving variant's door by its own id (`…@nano-gpt:tee`); a seller alone names its plain door.
  const variant = book.byId.get(`${record.id}@${parts.seller}`);
  if (variant) return variant;
  const seller = sellerResolverOf(catalogue).resolve(parts.seller);
  if (!seller) return undefined;
  return book.doorsOf(record.id).find((door) => door.seller.slug === seller.slug && door.door?.variant === undefined);
}
