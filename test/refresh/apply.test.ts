import { describe, expect, it } from 'vitest';
import { applyProposal } from '../../src/refresh/apply.js';
import type { DataFile, Proposal } from '../../src/refresh/proposal.js';

const batch = { discountPercent: 50, source: 'https://example.com/batch' };

const file = (): DataFile => ({
  path: 'data/example.json',
  json: {
    provider: {
      slug: 'example',
      name: 'Example',
      pricingUrl: 'https://example.com/pricing',
      longContextRule: 'above',
      batch,
    },
    models: [],
  },
});

const proposal = (rules: Proposal['rules']): Proposal => ({
  sources: [],
  changed: [],
  added: [],
  removed: [],
  aliases: [],
  rules,
});

describe('applyProposal: a provider rule change', () => {
  it("changes the long-context rule and keeps the provider's batch discount", () => {
    const f = file();
    const touched = applyProposal([f], proposal([{ slug: 'example', ours: 'above', theirs: 'at' }]), {
      today: '2026-11-26',
    });
    expect(touched).toEqual(['data/example.json']);
    expect(f.json.provider).toEqual({
      slug: 'example',
      name: 'Example',
      pricingUrl: 'https://example.com/pricing',
      longContextRule: 'at',
      batch,
    });
  });

  it('leaves a file without changes untouched', () => {
    const f = file();
    expect(applyProposal([f], proposal([]), { today: '2026-11-26' })).toEqual([]);
    expect(f.json.provider.batch).toEqual(batch);
  });
});
