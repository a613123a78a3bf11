/** Parts several answers share: amounts, a model's summary fields, a benchmark result, an empty list's hint. */
import * as z from 'zod';
import { MODEL_STATUSES, TIERS } from '../../core/schema/catalogue-schema.js';

/** USD amounts print as exact decimals in the JSON text, so a client reads them as numbers. */
export const usd = (description: string) => z.number().nonnegative().meta({ description });

export const price = (description: string) =>
  z
    .number()
    .nonnegative()
    .meta({ description: `${description}, USD per 1M tokens.` });

export const benchmarkResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  metric: z.string(),
  scale: z.string().meta({ description: 'The scale of value: 0-100, 0-1, Elo, tokens/s, % solved, ...' }),
  value: z
    .number()
    .nullable()
    .meta({ description: "Null when the source's terms keep its number out; derived then holds its 0-100 value." }),
  derived: z.number().optional(),
  date: z.string(),
  source: z.string(),
  url: z.string(),
});

export const summaryFields = {
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  tier: z.enum(TIERS),
};

/** A model in a result list also says whether it is current or legacy (older, still sold). */
export const listedFields = {
  ...summaryFields,
  status: z.enum(MODEL_STATUSES).meta({ description: 'current, or legacy: an older model still sold.' }),
};

export const requestedId = z.string().optional().meta({
  description: 'The alias the request named this model by, when it used one (id is the model it resolves to).',
});

/** Why a filtered list came back empty, and what would return results (only on an empty list). */
export const hintFields = {
  param: z.string().meta({ description: 'The filter that removed the last candidates.' }),
  message: z.string().meta({ description: 'A sentence: the filters given, and what returns results without them.' }),
  without: z.array(z.string()).meta({ description: 'The filters left out to find `nearest` (`param` first).' }),
};
