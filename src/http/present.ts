/** Response pieces shared by endpoints: the catalogue's meta block, cost records, model summaries. */
import { TIERS, type Model } from '../core/catalogue-schema.js';
import type { Costs } from '../core/cost.js';
import type { JsonReply, RequestContext } from './endpoint.js';

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

/** A JSON answer written as text (see the text pieces below). */
export function jsonTextReply(text: string): JsonReply {
  return { jsonText: text };
}

// The pieces of the answers computed per request (cheapest, calculate, compare, recommend), written
// as JSON text: the bytes toJson would give for the objects they stand for, without building them.
// On Node 20's V8, JSON.stringify costs about 80 ns per property on this kind of machine, which was
// most of such an answer's own work once its costs were known (BENCHMARKS.md, "Fifth pass").
// test/http/answer-text.test.ts checks each answer against toJson of the object it stands for.

const listedFields = new WeakMap<Model, string>();

/**
 * `"id":…,"name":…,"provider":…,"tier":…,"status":…`: a model in a result list (who it is, its
 * tier, and whether it is current or an older, legacy model still sold). Made once per model
 * object: nothing changes a model once its catalogue is built (a reload builds new ones).
 */
export function listedModelFields(model: Model): string {
  let text = listedFields.get(model);
  if (text === undefined) {
    const { id, name, provider, tier, status } = model;
    text = JSON.stringify({ id, name, provider, tier, status }).slice(1, -1);
    listedFields.set(model, text);
  }
  return text;
}

// An amount's text is its exact decimal (Usd.toString), which is what toJson writes for it.

/** `{"perRequest":…,"daily":…,"monthly":…,"yearly":…}`. */
export function fullCostsText(costs: Costs): string {
  return `{"perRequest":${costs.perRequest.toString()},"daily":${costs.daily.toString()},"monthly":${costs.monthly.toString()},"yearly":${costs.yearly.toString()}}`;
}

/** `{"perRequest":…,"daily":…,"monthly":…}`: the per-request, daily and monthly costs alone. */
export function dailyCostsText(costs: Costs): string {
  return `{"perRequest":${costs.perRequest.toString()},"daily":${costs.daily.toString()},"monthly":${costs.monthly.toString()}}`;
}
