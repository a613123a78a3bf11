/** GET /api/calculate: what a workload costs on one model or on up to 10. */
import * as z from 'zod';
import type { Model } from '../../core/schema/catalogue-schema.js';
import { calculateCost } from '../../core/pricing/cost.js';
import { appliedPricesOf } from '../applied-prices.js';
import { asOf, modelAsOf } from '../as-of.js';
import { endpoint, findModel, findModels, namedJson, requestedAs } from '../endpoint.js';
import { ApiError } from '../../lib/errors.js';
import { idList, text } from '../params.js';
import { listed } from '../present.js';
import { buildSheets } from '../../core/pricing/price-sheet.js';
import { costWarnings } from '../../core/pricing/warnings.js';
import { refuseModality } from '../part-rules.js';
import { inRegionOf, regionFinder, regionOf } from '../region.js';
import { ownTokens, tokensOn, toWorkload, workloadEcho, workloadOn, workloadQuery } from '../workload.js';
import { followSchedule, latestKnownNote } from '../../core/advice/as-priced.js';
import { startedChange } from '../../core/catalogue/priced-on.js';

export const calculateQuery = z.object({
  model: text('Model id or alias (required unless models is given).'),
  models: idList(1, 10, 'Comma-separated model ids or aliases, at most 10 (instead of model).'),
  ...workloadQuery({ input: 2000, output: 500 }),
  as_of: asOf,
});

export const calculate = endpoint({
  path: '/api/calculate',
  summary: 'Cost of a workload on one model (model) or several (models)',
  response: {
    description: 'The workload cost on one model, or on each of several.',
    content: { 'application/json': namedJson((r) => ({ oneOf: { CalculateResponse: r.calculateResponseSchema } })) },
    errors: [404],
  },
  tool: { name: 'calculate_cost', description: 'What a workload costs on one model (model) or several (models)' },
  commands: [
    {
      name: 'calc',
      summary: 'What a workload costs on one model, or on several',
      ids: { usage: '<id> [id...]', one: 'model', many: 'models' },
    },
  ],
  query: calculateQuery,
  handle: (params, { catalogue, today }) => {
    const given = toWorkload(params);
    // region: each id is its door in the region, at the region's price.
    const region = regionFinder(catalogue, regionOf(catalogue, params.region), findModel);
    // counted_with: each model is priced on the workload in its own tokens.
    const own = ownTokens(params, given);
    // With as_of, each model is priced as it was that day, else as it is today; the answer says which day.
    const date = params.as_of;
    const pricedOn = date ?? today;
    const notes: string[] = [];
    const costsOf = (model: Model, param: string) => {
      const then = date === undefined ? undefined : modelAsOf(model, date, param);
      const priced = then?.model ?? startedChange(model, today) ?? model;
      const workload = workloadOn(own, given, model);
      refuseModality(priced, workload);
      const door = region.doorOf(model);
      // A model as it was priced on as_of is not in the catalogue: its sheets are built once here.
      const sheets = catalogue.sheets.get(priced) ?? (priced === door?.priced ? door.sheets() : buildSheets(priced));
      const followed = followSchedule(
        model,
        workload,
        pricedOn,
        calculateCost(priced, workload, sheets),
        costWarnings(priced, workload, sheets),
      );
      const note = date === undefined ? undefined : latestKnownNote(model, date);
      if (note) notes.push(note);
      return {
        ...tokensOn(own, model),
        costs: followed.costs,
        appliedPrices: appliedPricesOf(
          priced,
          workload,
          then ? then.set.effectiveFrom : catalogue.datedFrom.get(priced),
          sheets,
        ),
        ...(followed.warnings.length ? { warnings: followed.warnings } : {}),
        ...inRegionOf(door),
      };
    };
    if (params.model !== undefined && params.models !== undefined) {
      throw new ApiError(400, 'invalid_parameter', 'Give either model (one id) or models (a list), not both.', {
        param: 'models',
      });
    }
    const head = { ...(date === undefined ? {} : { as_of: date }), pricedOn, workload: workloadEcho(params) };
    if (params.models !== undefined) {
      const ids = params.models;
      const results = findModels(catalogue, ids, 'models', region.find).map((model, i) => ({
        ...listed(model),
        ...requestedAs(ids[i] ?? model.id, model),
        ...costsOf(model, 'models'),
      }));
      return { ...head, results, ...(notes.length ? { latestKnown: notes } : {}) };
    }
    if (params.model === undefined) {
      throw new ApiError(400, 'missing_parameter', 'model is required (a model id), or models (comma-separated ids).', {
        param: 'model',
      });
    }
    const model = region.find(params.model, 'model');
    const one = costsOf(model, 'model');
    return {
      model: model.id,
      ...requestedAs(params.model, model),
      ...head,
      ...one,
      ...(notes.length ? { latestKnown: notes } : {}),
    };
  },
});
