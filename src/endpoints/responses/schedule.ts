/** The response fields of the price schedule (followSchedule, scheduledYearly). */
import * as z from 'zod';

const prices = z.object({
  input: z.number(),
  output: z.number(),
  cachedInput: z.number().optional(),
  cacheWrite: z.number().optional(),
});

/** What a price_change_scheduled warning carries besides its message. */
export const scheduledChangeSchema = z
  .object({
    date: z.string().meta({ description: 'The day the new prices take effect (YYYY-MM-DD).' }),
    to: prices.meta({ description: 'The new prices, USD per 1M tokens.' }),
    percent: prices.partial().meta({ description: 'Percent change per price that changes (from a non-zero price).' }),
    source: z.string(),
  })
  .meta({
    description: 'price_change_scheduled only: a change of the prices within the twelve months after the date priced.',
  });

/** The date a cost answer priced, and the note of an as_of past every known change. */
export const scheduleFields = {
  pricedOn: z.string().meta({
    description:
      'The day whose prices perRequest, daily and monthly are at (as_of, else today, UTC); yearly runs twelve months from it.',
  }),
  latestKnown: z.array(z.string()).optional().meta({
    description:
      'With an as_of past the last price the catalogue knows (a scheduled one included): these are the latest known prices.',
  }),
};

/** On a ranked item: the first change within the twelve months, in words. */
export const priceChangeSchema = z.string().optional().meta({
  description:
    'When the model\'s prices change within twelve months of pricedOn: the first change in words ("rises 100% on 2027-01-01"); its costs are at the prices of pricedOn and a price_change_scheduled warning has the details.',
});

/** In compare's summary: each compared model whose prices change within the twelve months. */
export const priceChangesSchema = z
  .array(z.object({ id: z.string(), name: z.string(), change: z.string() }))
  .optional()
  .meta({
    description:
      'The compared models whose prices change within twelve months of pricedOn, each with the first change in words; monthly figures are at the prices of pricedOn.',
  });
