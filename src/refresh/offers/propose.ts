/**
 * Proposals for review, not additions: the open-weight models of models.dev (its provider-neutral
 * records with `open_weights: true`, and the ids of its provider entries marked so that no neutral
 * record answers to) that the catalogue does not list and that at least five vetted
 * direct sellers (maker, cloud or host: no gateway, free trial, free tier, plan, unpriced door or
 * outlier) sell with a price. The doors are matched exactly as the catalogue's are.
 * Pure: the command reads the files and writes data/proposals/open-weight.json.
 */
import type { Door, Seller } from '../../core/offers/door-schema.js';
import { vetDoors } from '../../core/offers/vetting.js';
import { buildDoors, matchRecord, type CatalogueRecord } from './build.js';
import { modelKeys, normaliseId } from './normalise.js';
import type { RawDoor } from './raw-door.js';

/** The rule's threshold: at least this many vetted direct sellers. */
export const MIN_DIRECT_SELLERS = 5;

export interface Proposal {
  id: string;
  name: string;
  releaseDate?: string;
  why: string;
  sellers: Array<{
    seller: string;
    kind: string;
    sellerModelId: string;
    input: number;
    output: number;
    source: string;
    date: string;
  }>;
  keptOut: Array<{ seller: string; reason: string }>;
}

interface NeutralModel {
  name?: unknown;
  open_weights?: unknown;
  release_date?: unknown;
  modalities?: { output?: unknown };
}
interface Entry extends NeutralModel {
  hostModelId?: unknown;
}

/** Candidates, most vetted sellers first; `today` dates the vetting. `offers` is models.dev's provider entries (models-dev-offers.json). */
export function proposeOpenWeight(
  neutral: unknown,
  offers: unknown,
  catalogue: readonly CatalogueRecord[],
  sellers: readonly Seller[],
  raws: readonly RawDoor[],
  today: string,
): Proposal[] {
  const models: Record<string, NeutralModel> = {
    ...((neutral as { models?: Record<string, NeutralModel> }).models ?? {}),
  };
  // Entries marked open-weight whose id no neutral record answers to: one candidate per normalised id.
  const neutralKeys = new Set(Object.keys(models).map(normaliseId));
  for (const entry of (offers as { offers?: Entry[] }).offers ?? []) {
    if (entry.open_weights !== true || typeof entry.hostModelId !== 'string') continue;
    const key = normaliseId(entry.hostModelId);
    if (neutralKeys.has(key)) continue;
    neutralKeys.add(key);
    models[key] = entry;
  }
  // The catalogue's keys: a models.dev model any record answers to is listed already.
  const listed = new Map<string, CatalogueRecord>();
  for (const record of catalogue) for (const key of modelKeys(record, record.providerSlug)) listed.set(key, record);
  const open: CatalogueRecord[] = [];
  const names = new Map<string, NeutralModel>();
  for (const [id, model] of Object.entries(models)) {
    const outputs = model.modalities?.output;
    if (model.open_weights !== true || (Array.isArray(outputs) && !outputs.includes('text'))) continue;
    if (matchRecord({ sellerModelId: id, baseModel: id }, listed)) continue;
    open.push({ providerSlug: '~', id, referenceId: id });
    names.set(id, model);
  }
  const built = buildDoors(open, sellers, raws, []);
  const sellerOf = new Map(sellers.map((s) => [s.slug, s]));
  const proposals: Proposal[] = [];
  for (const file of built.files) {
    const byModel = new Map<string, Door[]>();
    for (const door of file.doors) {
      const list = byModel.get(door.model);
      if (list) list.push(door);
      else byModel.set(door.model, [door]);
    }
    for (const [id, doors] of byModel) {
      const vettable = doors.map((d) => ({
        record: { checkedOn: today },
        seller: sellerOf.get(d.seller) as Seller,
        own: false,
        priced: d.prices,
        date: d.date,
      }));
      const reasons = vetDoors(vettable);
      const vetted = doors.filter((_, i) => reasons[i] === undefined);
      if (vetted.length < MIN_DIRECT_SELLERS) continue;
      const model = names.get(id);
      proposals.push({
        id,
        name: typeof model?.name === 'string' ? model.name : id,
        ...(typeof model?.release_date === 'string' ? { releaseDate: model.release_date } : {}),
        why: `open weights (models.dev ${id}); ${vetted.length} vetted direct sellers: ${vetted.map((d) => d.seller).join(', ')}`,
        sellers: vetted.map((d) => ({
          seller: d.seller,
          kind: sellerOf.get(d.seller)?.kind ?? '',
          sellerModelId: d.sellerModelId,
          input: d.prices!.input,
          output: d.prices!.output,
          source: d.source,
          date: d.date,
        })),
        keptOut: doors.flatMap((d, i) =>
          reasons[i] === undefined ? [] : [{ seller: d.seller, reason: reasons[i] as string }],
        ),
      });
    }
  }
  return proposals.sort((a, b) => b.sellers.length - a.sellers.length || a.id.localeCompare(b.id));
}
