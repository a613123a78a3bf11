// data/offers/: the reviewed sellers and each maker's doors, as `npm run catalog:doors` writes them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { doorsFileSchema, sellersFileSchema } from '../../src/core/offers/door-schema.js';
import { modelKeys, normaliseId, sameModel, servingVariant } from '../../src/refresh/offers/normalise.js';

const DATA = resolve(import.meta.dirname, '..', '..', 'data');
const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const records = new Map(
  readdirSync(DATA).filter((n) => n.endsWith('.json')).flatMap((name) => {
    const file = read(join(DATA, name)) as { provider: { slug: string }; models: Array<{ id: string; referenceId?: string; aliases?: string[] }> };
    return file.models.map((m) => [m.id, { ...m, providerSlug: file.provider.slug }] as const);
  }),
);
const sellers = sellersFileSchema.parse(read(join(DATA, 'offers', 'sellers.json'))).sellers;
const files = readdirSync(join(DATA, 'offers')).filter((n) => n.endsWith('.json') && n !== 'sellers.json').map((name) => ({ name, file: doorsFileSchema.parse(read(join(DATA, 'offers', name))) }));
const doors = files.flatMap((f) => f.file.doors);

describe('data/offers', () => {
  it('names each seller once, by slug and alias', () => {
    const names = sellers.flatMap((s) => [s.slug, ...s.aliases]);
    expect(new Set(names).size).toBe(names.length);
  });
  it('holds doors of catalogue models by reviewed sellers, each in its maker\'s file, one per model, seller and region', () => {
    const slugs = new Set(sellers.map((s) => s.slug));
    for (const { name, file } of files) {
      expect(name).toBe(`${file.maker}.json`);
      for (const door of file.doors) {
        expect(records.get(door.model)?.providerSlug, door.model).toBe(file.maker);
        expect(slugs.has(door.seller), door.seller).toBe(true);
      }
    }
    const keys = doors.map((d) => `${d.model}@${d.seller}/${d.region ?? ''}:${d.variant ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('holds regional uplifts of catalogue models at reviewed sellers, in their maker\'s file, each a multiplier above 1', () => {
    const slugs = new Set(sellers.map((s) => s.slug));
    const uplifts = files.flatMap(({ file }) => (file.uplifts ?? []).map((u) => ({ ...u, maker: file.maker })));
    expect(uplifts.length).toBeGreaterThan(0);
    for (const u of uplifts) {
      expect(records.get(u.model)?.providerSlug, u.model).toBe(u.maker);
      expect(slugs.has(u.seller), u.seller).toBe(true);
      expect(u.multiplier).toBeGreaterThan(1);
    }
  });
  it('merges no sizes, quantisations or versions: each seller id is one of its model\'s keys (or a respelling, or one less an omittable token), or its seller\'s own reviewed id', () => {
    const own = new Map(sellers.map((s) => [s.slug, new Map(Object.entries(s.modelIds ?? {}).map(([id, model]) => [normaliseId(id), model]))]));
    for (const door of doors) {
      const record = records.get(door.model)!;
      // A serving variant's door (`variant`): its id less the variant's tokens is the model's.
      const id = door.variant ? servingVariant(normaliseId(door.sellerModelId)).plain : normaliseId(door.sellerModelId);
      const ok = modelKeys(record, record.providerSlug).some((k) => sameModel(id, k)) || own.get(door.seller)?.get(id) === door.model;
      expect(ok, `${door.seller} ${door.sellerModelId}`).toBe(true);
    }
  });
  it('names catalogue models in sellers\' own ids', () => {
    for (const s of sellers) for (const model of Object.values(s.modelIds ?? {})) expect(records.has(model), `${s.slug}: ${model}`).toBe(true);
  });
  it('finds DeepSeek V4 Pro at ten or more hosts and clouds, and Gemma 4 31B at paid hosts', () => {
    const kind = new Map(sellers.map((s) => [s.slug, s]));
    const direct = (model: string) => doors.filter((d) => d.model === model && d.prices && d.prices.input > 0 && ['host', 'cloud'].includes(kind.get(d.seller)!.kind) && !kind.get(d.seller)!.free);
    expect(direct('deepseek-deepseek-v4-pro').length).toBeGreaterThanOrEqual(10);
    expect(direct('google-gemma-4-31b-it').length).toBeGreaterThanOrEqual(5);
  });
});
