/** The answers of calculate and compare: the cost of a workload on given models. */
import * as z from 'zod';
import { appliedPricesSchema } from './applied-prices.js';
import { doorCaveatFields } from './doors.js';
import { listedFields, requestedId, usd } from './common.js';
import { priceChangesSchema, scheduleFields } from './schedule.js';
import { costsSchema, tokensSchema, warningsSchema, workloadSchema } from './workload.js';

/** A model's cost of the workload, as calculate and compare give it for each model. */
const costedFields = {
  tokens: tokensSchema,
  costs: costsSchema,
  appliedPrices: appliedPricesSchema,
  warnings: warningsSchema,
  inRegion: doorCaveatFields.inRegion,
  currency: doorCaveatFields.currency,
};

export const calculateResponseSchema = z.union([
  z.object({
    model: z.string().meta({ description: 'The model id.' }),
    requestedId,
    workload: workloadSchema,
    ...costedFields,
    ...scheduleFields,
  }),
  z.object({
    ...scheduleFields,
    workload: workloadSchema,
    results: z.array(z.object({ ...listedFields, requestedId, ...costedFields })),
  }),
]);

export const compareResponseSchema = z.object({
  pricedOn: scheduleFields.pricedOn,
  workload: workloadSchema,
  comparison: z.array(z.object({ ...listedFields, requestedId, ...costedFields })),
  summary: z.object({
    cheapest: z.object({ id: z.string(), name: z.string(), monthly: usd('Monthly cost.') }),
    mostExpensive: z.object({ id: z.string(), name: z.string(), monthly: usd('Monthly cost.') }),
    savings: z
      .object({
        monthly: usd('Monthly saving.'),
        yearly: z.number().meta({
          description:
            "Yearly saving: the dearest's yearly cost less the cheapest's, each under its price schedule (negative when a scheduled change makes this month's cheapest dearer over the year).",
        }),
        percent: z.number(),
      })
      .meta({ description: 'What choosing the cheapest model saves against the dearest.' }),
    notOnTier: z.array(z.string()).optional().meta({
      description:
        'With a service_tier other than standard: the ids of the models not sold on it for this request (priced at standard, a warning each); cheapest, dearest and savings are of the models that are, when any is.',
    }),
    priceChanges: priceChangesSchema,
  }),
});
