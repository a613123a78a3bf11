import { describe, expect, it } from 'vitest';
import { proposeOpenWeight } from '../../../src/refresh/offers/propose.js';
import { readModelsDevOffers } from '../../../src/refresh/offers/read-models-dev.js';
import { SELLERS_OF_EACH_KIND as sellers } from '../../fixtures/sellers.js';

describe('proposeOpenWeight', () => {
  const neutral = {
    models: {
      'acme/open-1': { name: 'Open 1', open_weights: true, release_date: '2026-05-01' },
      'acme/closed-1': { name: 'Closed 1', open_weights: false },
      'acme/listed-1': { name: 'Listed 1', open_weights: true },
    },
  };
  const hosts = (id: string, list: string[], extra: Record<string, unknown> = {}) =>
    list.map((host, i) => ({ host, hostModelId: id, cost: { input: 1 + i / 10, output: 2 }, ...extra }));
  const offers = {
    offers: [
      ...hosts('acme/Open-1', ['a-host', 'b-cloud', 'c-host', 'd-host', 'kimi', 'gw', 'trial']),
      ...hosts('acme/closed-1', ['a-host', 'b-cloud', 'c-host', 'd-host', 'kimi']),
      ...hosts('acme/listed-1', ['a-host', 'b-cloud', 'c-host', 'd-host', 'kimi']),
      ...hosts('other/Unlinked-2', ['a-host', 'b-cloud', 'c-host', 'd-host', 'kimi'], {
        open_weights: true,
        name: 'Unlinked 2',
      }),
      ...hosts('other/few-3', ['a-host', 'b-cloud', 'c-host', 'gw'], { open_weights: true }),
    ],
  };
  const raws = readModelsDevOffers(offers, 'models.dev', '2026-07-02', 3);
  const catalogue = [{ providerSlug: 'acme', id: 'acme-listed-1' }];
  const proposals = proposeOpenWeight(neutral, offers, catalogue, sellers, raws, '2026-11-29');
  it('proposes open-weight models the catalogue lacks with five vetted direct sellers, with their sellers and why', () => {
    expect(proposals.map((p) => p.id)).toEqual(['acme/open-1', 'unlinked-2']);
    const [open] = proposals;
    expect(open).toMatchObject({ name: 'Open 1', releaseDate: '2026-05-01' });
    expect(open!.sellers.map((s) => s.seller)).toEqual(['a-host', 'b-cloud', 'c-host', 'd-host', 'kimi']);
    expect(open!.keptOut).toEqual(
      expect.arrayContaining([
        { seller: 'gw', reason: 'gateway' },
        { seller: 'trial', reason: 'trial' },
      ]),
    );
    expect(open!.why).toMatch(/open weights .* 5 vetted direct sellers/);
  });
  it('leaves out closed models, listed models and models with fewer than five vetted sellers', () => {
    for (const id of ['acme/closed-1', 'acme/listed-1', 'few-3'])
      expect(proposals.some((p) => p.id === id)).toBe(false);
  });
});
