/**
 * The service tiers a model may sell besides standard, each priced in a record's `serviceTiers`:
 * the one list of them (the price schema is built from it). No zod here: the browser
 * bundles read it through the price sheets.
 */
export const PAID_TIERS = ['flex', 'priority', 'fast'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];
