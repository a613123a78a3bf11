/**
 * What the catalogue makes once for every answer that shows it is what the plain computation
 * gives: the date a record's prices continue from (from its price timeline, at load), and each
 * score's evidence fragment and listed evidence (from its score detail, on a model's first use),
 * for every model and score key.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCORE_KEYS, type Model } from '../../../src/core/schema/catalogue-schema.js';
import type { Catalogue } from '../../../src/core/catalogue/catalogue.js';
import { priceTimeline } from '../../../src/core/pricing/history.js';
import { evidenceFrom, evidenceText } from '../../../src/core/quality/score-reason.js';
import { loadCatalogueFromDir } from '../../../src/runtime/node/load-catalogue.js';
import { rulesCatalogue } from '../../fixtures/pricing-rules.js';

const shipped = loadCatalogueFromDir(join(import.meta.dirname, '..', '..', '..', 'data'));

/** The set in force on the record's checkedOn, by its timeline; its date when a dated price starts that day. */
function plainDatedFrom(model: Model): string | undefined {
  const inForce = priceTimeline(model)
    .filter((s) => s.effectiveFrom !== null && s.effectiveFrom <= model.checkedOn)
    .at(-1);
  const from = inForce?.effectiveFrom ?? undefined;
  return from !== undefined && (model.priceHistory ?? []).some((e) => e.effectiveFrom === from) ? from : undefined;
}

describe.each([
  ['the shipped catalogue', shipped],
  ['the pricing-rules fixture', rulesCatalogue],
] as Array<[string, Catalogue]>)('%s', (_, catalogue) => {
  it('datedFrom is, for every model, the date of the dated price its record continues', () => {
    let dated = 0;
    for (const model of catalogue.models) {
      const expected = plainDatedFrom(model);
      if (expected !== undefined) dated++;
      expect(catalogue.datedFrom.get(model), model.id).toBe(expected);
    }
    expect(dated).toBeGreaterThan(0);
  });

  it("each score's evidence fragment and listed evidence are its detail's, for every model and key", () => {
    let shown = 0;
    for (const model of catalogue.models) {
      const details = catalogue.scoreDetails.get(model.id) ?? {};
      for (const key of SCORE_KEYS) {
        const detail = details[key];
        expect(detail === undefined, `${model.id} ${key}`).toBe(typeof model.scores?.[key] !== 'number');
        if (!detail) continue;
        shown++;
        expect(detail.from).toBe(evidenceFrom(detail.inputs));
        expect(evidenceText(key === 'overall' ? undefined : key, detail, detail.from)).toBe(
          evidenceText(key === 'overall' ? undefined : key, detail),
        );
        expect(detail.shown).toEqual(
          detail.inputs.map((i) => ({ ...i.result, normalised: Math.round(i.normalised * 10) / 10, weight: i.weight })),
        );
        // Listed in the detail's order, each result's own fields first.
        expect(detail.shown.map((s) => Object.keys(s))).toEqual(
          detail.inputs.map((i) => [...Object.keys(i.result), 'normalised', 'weight']),
        );
      }
    }
    expect(shown).toBeGreaterThan(0);
  });
});
