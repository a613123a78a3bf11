/** GET /api/offers: every door to one model (each seller's price), ranked by the workload's monthly cost. */
import * as z from 'zod';
import { doorBookOf, type PricedDoor } from '../../core/offers/book.js';
import { KEPT_OUT_TEXT } from '../../core/offers/vetting.js';
import { REGION_LEFT_OUT_TEXT } from '../../core/offers/regional.js';
import { regionOf } from '../region.js';
import { rankDoors, type DoorCost } from '../../core/offers/rank.js';
import { EXCLUSION_TEXT } from '../../core/pricing/fit.js';
import type { Workload } from '../../core/pricing/cost.js';
import type { Model } from '../../core/schema/catalogue-schema.js';
import { PRICE_FIELDS, type PriceBlock } from '../../core/schema/units.js';
import { doorCaveats, doorPrices } from '../sellers.js';
import { costsWithYear } from '../../core/advice/as-priced.js';
import { endpoint, findModel, namedJson, requestedAs, requireParam } from '../endpoint.js';
import { optionalInteger, text } from '../params.js';
import { refuseModality } from '../part-rules.js';
import { ownTokens, tokensOn, toWorkload, workloadEcho, workloadOn, workloadQuery } from '../workload.js';

export const offersQuery = z.object({
  model: text('Model id or alias (required): the model whose doors (sellers) to list.'),
  ...workloadQuery({ input: 2000, output: 500 }),
  limit: optionalInteger(
    1,
    100,
    'At most this many doors in offers (the cheapest), and in cannotRun and keptOut each; counts still count every door. All when unset.',
  ),
});

/** Who sells through a door, and where its price comes from. */
export function doorWho(door: PricedDoor) {
  const who: Record<string, unknown> = {
    seller: door.seller.slug,
    sellerName: door.seller.name,
    kind: door.seller.kind,
    door: door.id,
    sellerModelId: door.sellerModelId,
  };
  if (door.own) who.makersDoor = true;
  return who;
}

/** A priced record's door prices: its price block (PRICE_FIELDS), absent fields left out. */
function pricesOf(priced: Model): PriceBlock {
  const prices: PriceBlock = { input: priced.input, output: priced.output };
  for (const field of PRICE_FIELDS) if (priced[field] !== undefined) prices[field] = priced[field];
  return prices;
}

function doorFacts(door: PricedDoor) {
  const priced = door.priced;
  const data = door.door;
  return {
    ...(data?.variant ? { variant: data.variant } : {}),
    ...(priced ? { prices: pricesOf(priced) } : {}),
    ...(priced
      ? {
          contextTokens: priced.contextTokens,
          ...(priced.maxOutputTokens === undefined ? {} : { maxOutputTokens: priced.maxOutputTokens }),
        }
      : {}),
    ...(data?.batch ? { batch: data.batch } : {}),
    ...(data?.serviceTiers ? { serviceTiers: data.serviceTiers } : {}),
    ...(data?.modalities ? { modalities: data.modalities } : {}),
    source: door.source,
    ...(door.sourceUrl ? { sourceUrl: door.sourceUrl } : {}),
    date: door.date,
    ...(door.effectiveFrom ? { effectiveFrom: door.effectiveFrom } : {}),
    ...doorCaveats(door),
    ...(data?.also ? { alsoListedBy: data.also } : {}),
    ...(data?.disagreements ? { disagreements: data.disagreements } : {}),
    ...(data?.unitErrors ? { unitErrors: data.unitErrors } : {}),
  };
}

/** A door's costs (yearly as calculate gives it, from `date`) and the prices they were worked out at. */
function costed(cost: DoorCost, workload: Workload, date: string) {
  const { costs, door } = cost;
  const { yearly } = costsWithYear(door.priced as Model, workload, date, door.sheets());
  return {
    costs: { perRequest: costs.perRequest, daily: costs.daily, monthly: costs.monthly, yearly },
    appliedPrices: doorPrices(cost, workload),
  };
}

export const offers = endpoint({
  path: '/api/offers',
  summary: "Every seller's door to one model, ranked by the workload's monthly cost",
  response: {
    description: "Every seller's door to the model, vetted doors cheapest first, the kept-out apart with reasons.",
    content: { 'application/json': namedJson((r) => ({ oneOf: { OffersResponse: r.offersResponseSchema } })) },
    errors: [404],
  },
  tool: {
    name: 'list_offers',
    description:
      "Every seller's door to one model (maker, clouds, hosts), ranked by the workload's monthly cost, with the doors kept out and why",
    required: ['model'],
  },
  commands: [
    {
      name: 'offers',
      summary: "Every seller's door to one model, cheapest first for a workload, with what is kept out and why",
      ids: { usage: '<id>', one: 'model' },
    },
  ],
  query: offersQuery,
  handle: (p, { catalogue, today }) => {
    const id = requireParam(p.model, 'model', 'the id of the model whose sellers to list');
    const model = findModel(catalogue, id, 'model');
    // counted_with: every door is priced on the workload in the model's own tokens.
    const given = toWorkload(p);
    const own = ownTokens(p, given);
    const workload = workloadOn(own, given, model);
    refuseModality(model, workload);
    // region=: the doors serving the region at its prices; the rest kept out with the region's reason.
    const region = regionOf(catalogue, p.region);
    const { ranked, cannotRun, keptOut } = rankDoors(
      (region?.book ?? doorBookOf(catalogue)).doorsOf(model.id),
      workload,
    );
    const leftOut = region?.leftOutOf(model.id) ?? [];
    const limit = p.limit;
    return {
      model: model.id,
      ...requestedAs(id, model),
      name: model.name,
      pricedOn: today,
      rankedBy: 'costs.monthly',
      workload: workloadEcho(p),
      ...tokensOn(own, model),
      counts: {
        doors: ranked.length + cannotRun.length + keptOut.length + leftOut.length,
        ranked: ranked.length,
        cannotRun: cannotRun.length,
        keptOut: keptOut.length + leftOut.length,
      },
      offers: ranked.slice(0, limit).map((c, i) => ({
        rank: i + 1,
        ...doorWho(c.door),
        ...costed(c, workload, today),
        ...doorFacts(c.door),
      })),
      cannotRun: cannotRun.slice(0, limit).map((c) => ({
        ...doorWho(c.door),
        reason: c.problem,
        reasonText: EXCLUSION_TEXT[c.problem],
        ...costed(c, workload, today),
        ...doorFacts(c.door),
      })),
      keptOut: [
        ...keptOut.map((door) => ({
          ...doorWho(door),
          reason: door.keptOut ?? 'no_price',
          reasonText: KEPT_OUT_TEXT[door.keptOut ?? 'no_price'],
          ...doorFacts(door),
        })),
        ...leftOut.map(({ door, reason }) => ({
          ...doorWho(door),
          reason,
          reasonText: REGION_LEFT_OUT_TEXT[reason],
          ...doorFacts(door),
        })),
      ].slice(0, limit),
    };
  },
});
