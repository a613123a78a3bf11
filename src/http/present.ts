/** Response pieces shared by endpoints: the catalogue's meta block, cost records, model summaries. */
import { TIERS, type Model } from '../core/catalogue-schema.js';
import type { Costs } from '../core/cost.js';
import { jsonAmount } from '../core/money.js';
import type { RequestContext } from './endpoint.js';

/** The addresses of the service's site and documentation page. */
export function links(ctx: RequestContext) {
  return { source: `${ctx.baseUrl}/`, docs: `${ctx.baseUrl}/docs` };
}

export function meta(ctx: RequestContext, count: number) {
  return {
    count,
    providers: ctx.catalogue.providers.map((p) => p.name),
    tiers: TIERS,
    lastUpdated: ctx.catalogue.lastUpdated,
    ...links(ctx),
  };
}

export function catalogueBody(ctx: RequestContext, models: readonly Model[]) {
  return { models, meta: meta(ctx, models.length) };
}

/** A model in a result list: who it is, its tier, and whether it is current or an older (legacy) model still sold. */
export function modelSummary(model: Model) {
  return { id: model.id, name: model.name, provider: model.provider, tier: model.tier, status: model.status };
}

/** A cost record as answers give it (amounts through jsonAmount). */
export function fullCosts(costs: Costs) {
  // Spelt out rather than spread from dailyCosts: a spread builds the object slowly, per answer.
  return { perRequest: jsonAmount(costs.perRequest), daily: jsonAmount(costs.daily), monthly: jsonAmount(costs.monthly), yearly: jsonAmount(costs.yearly) };
}

/** The per-request, daily and monthly costs alone. */
export function dailyCosts(costs: Costs) {
  return { perRequest: jsonAmount(costs.perRequest), daily: jsonAmount(costs.daily), monthly: jsonAmount(costs.monthly) };
}
