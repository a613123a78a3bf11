/** Pieces shared by answers and pages: the catalogue's meta block, links, model summaries, escaping. */
import { TIERS, type Model } from '../core/schema/catalogue-schema.js';
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

/** A model in a result list: who it is, its tier, and whether it is current or an older, legacy model still sold. */
export function listed({ id, name, provider, tier, status }: Model) {
  return { id, name, provider, tier, status };
}
