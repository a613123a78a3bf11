/** GET /api/compare: 2 to 10 models side by side, with what the cheapest saves. */
import * as z from 'zod';
import { compareModels } from '../../core/advice/compare.js';
import type { Model } from '../../core/schema/catalogue-schema.js';
import { costWarnings } from '../../core/pricing/warnings.js';
import { appliedPricesOf } from '../applied-prices.js';
import { regionFinder, regionOf, inRegionOf } from '../region.js';
import { endpoint, findModel, findModels, namedJson, requestedAs, requireParam } from '../endpoint.js';
import { idList, optionalInteger } from '../params.js';
import { listed } from '../present.js';
import { either } from '../ranking.js';
import { followSchedule, pricedToday, schedulePhrase } from '../../core/advice/as-priced.js';
import { refuseModality } from '../part-rules.js';
import { MAX_REQUESTS, ownTokens, tokensOn, toWorkload, workloadEcho, workloadOn, workloadQuery } from '../workload.js';

const REQUESTS = 1000;
const { requests: _requests, ...workloadParams } = workloadQuery({ input: 1000, output: 500 });

export const compareQuery = z.object({
  models: idList(2, 10, 'Comma-separated model ids (or aliases), 2 to 10.'),
  ...workloadParams,
  // The spec names the requests requests_per_day here; requests (as on the other endpoints) is the same.
  requests_per_day: optionalInteger(
    1,
    MAX_REQUESTS,
    `Requests per day (the spec's name here; the same as requests). Default ${REQUESTS}.`,
  ),
  requests: optionalInteger(1, MAX_REQUESTS, `Requests per day (the same as requests_per_day). Default ${REQUESTS}.`),
});

export const compare = endpoint({
  path: '/api/compare',
  summary: 'Compare 2 to 10 models on one workload',
  response: {
    description: 'Costs per model and what the cheapest saves.',
    content: { 'application/json': namedJson((r) => ({ oneOf: { CompareResponse: r.compareResponseSchema } })) },
    errors: [404],
  },
  tool: {
    name: 'compare_models',
    description: 'Compare 2 to 10 models on one workload, with what the cheapest saves',
    required: ['models'],
  },
  commands: [
    {
      name: 'compare',
      summary: 'Compare 2 to 10 models on one workload',
      ids: { usage: '<id> <id> [id...]', many: 'models' },
    },
  ],
  query: compareQuery,
  handle: (p, ctx) => {
    // Priced on the answer's day: a scheduled change that has started is in the prices ranked.
    const { today } = ctx;
    const catalogue = pricedToday(ctx);
    const ids = requireParam(p.models, 'models', '2 to 10 model ids separated by commas');
    // region: each id is its door in the region, at the region's price.
    const region = regionFinder(catalogue, regionOf(catalogue, p.region), findModel);
    const models = findModels(catalogue, ids, 'models', region.find);
    const requests =
      either({ name: 'requests_per_day', value: p.requests_per_day }, { name: 'requests', value: p.requests }) ??
      REQUESTS;
    const params = { ...p, requests };
    const workload = toWorkload(params);
    // counted_with: each model is priced, and ranked, on the workload in its own tokens.
    const own = ownTokens(params, workload);
    const on = (model: Model) => workloadOn(own, workload, model);
    for (const model of models) refuseModality(model, on(model));
    const { comparison, summary } = compareModels(models, workload, (m) => catalogue.sheets.get(m), own);
    const end = ({ model, monthly }: (typeof summary)['cheapest']) => ({ id: model.id, name: model.name, monthly });
    // Each model's costs and warnings under the price schedule (yearly: the twelve months from today).
    const followed = comparison.map(({ model, costs }) =>
      followSchedule(model, on(model), today, costs, costWarnings(model, on(model), catalogue.sheets.get(model))),
    );
    const yearlyOf = (model: Model) => followed[comparison.findIndex((c) => c.model === model)]?.costs.yearly;
    const [cheapestYearly, dearestYearly] = [yearlyOf(summary.cheapest.model), yearlyOf(summary.mostExpensive.model)];
    // The yearly saving of the same two models, each year under its schedule (may be negative: see the schema).
    const savings =
      cheapestYearly && dearestYearly
        ? { ...summary.savings, yearly: dearestYearly.minus(cheapestYearly) }
        : summary.savings;
    const changes = models.flatMap((m) => {
      const change = schedulePhrase(m, today);
      return change === undefined ? [] : [{ id: m.id, name: m.name, change }];
    });
    return {
      pricedOn: today,
      // The workload as everywhere, with the spec's requests_per_day beside requests.
      workload: workloadEcho(params, { requestsPerDay: true }),
      comparison: comparison.map(({ model }, i) => {
        const sheets = catalogue.sheets.get(model);
        const { costs, warnings } = followed[i] as (typeof followed)[number];
        return {
          ...listed(model),
          ...requestedAs(ids[i] ?? model.id, model),
          ...tokensOn(own, model),
          costs,
          appliedPrices: appliedPricesOf(model, on(model), catalogue.datedFrom.get(model), sheets),
          ...(warnings.length ? { warnings } : {}),
          ...inRegionOf(region.doorOf(model)),
        };
      }),
      summary: {
        cheapest: end(summary.cheapest),
        mostExpensive: end(summary.mostExpensive),
        savings,
        ...(summary.notOnTier ? { notOnTier: summary.notOnTier.map((m) => m.id) } : {}),
        ...(changes.length ? { priceChanges: changes } : {}),
      },
    };
  },
});
