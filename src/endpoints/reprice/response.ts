/** The answer of POST /api/reprice: a usage export priced row by row, per day and in total. */
import * as z from 'zod';
import { FORMATS } from '../../core/usage/rows.js';
import { usd } from '../responses/common.js';

const targetSums = z
  .record(z.string(), usd("USD at today's prices on this target."))
  .meta({ description: 'By target id.' });

export const repriceResponseSchema = z.object({
  format: z.enum(FORMATS).meta({ description: 'The format the export was read as (named or detected).' }),
  today: z.string().meta({ description: 'The day whose prices `today` and the targets are at (YYYY-MM-DD).' }),
  read: z
    .looseObject({
      rows: z.number().int(),
      pricedRows: z.number().int(),
      unknownRows: z.number().int(),
      models: z.record(z.string(), z.number().int()),
      dates: z.object({ first: z.string(), last: z.string() }).optional(),
      units: z.record(z.string(), z.number()),
    })
    .meta({ description: 'What was read: rows, models, dates, units.' }),
  targets: z
    .array(
      z.object({
        id: z.string(),
        door: z
          .string()
          .optional()
          .meta({ description: '<model-id>@cheapest only: the door picked, <model-id>@<seller>.' }),
        picked: z.string().optional().meta({ description: 'How the door was picked, and among how many.' }),
        pricedAt: z.literal('today'),
        mode: z.string(),
        serviceTier: z.string(),
      }),
    )
    .optional(),
  totals: z.object({
    cost: usd("At the prices in force on each row's date."),
    today: usd("At today's prices."),
    targets: targetSums.optional(),
    reported: z
      .looseObject({
        cost: usd('What the export reports.'),
        ours: usd('Our cost of the rows that report one.'),
        rows: z.number().int(),
        mismatches: z.number().int(),
      })
      .optional(),
  }),
  days: z
    .array(
      z.looseObject({
        date: z.string(),
        cost: usd("At that day's prices."),
        today: usd("At today's prices."),
        targets: targetSums.optional(),
        reported: usd('Reported.').optional(),
      }),
    )
    .meta({ description: 'Cost per day (a span on its first day), oldest first.' }),
  rows: z
    .array(
      z.looseObject({ row: z.number().int(), date: z.string(), model: z.string(), cost: usd("At its date's prices.") }),
    )
    .optional()
    .meta({ description: 'Each priced row (detail=rows only).' }),
  unknownModels: z
    .array(
      z.object({
        model: z.string().nullable(),
        rows: z.array(z.number().int()),
        reason: z.string(),
        suggestions: z.array(z.string()),
      }),
    )
    .meta({ description: 'Models not priced (never as $0), with the rows naming them.' }),
  errors: z
    .array(z.object({ row: z.number().int(), field: z.string(), message: z.string() }))
    .meta({ description: 'Rows that could not be read.' }),
  notes: z.array(z.string()),
});
