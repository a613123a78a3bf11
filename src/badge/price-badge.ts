/**
 * The price badge, in three visible steps: the content (label, message, colour) is worked out from
 * the model, badge-maker renders and escapes it, and shields' endpoint JSON carries the same content.
 */
import { makeBadge } from 'badge-maker';
import type { Model, Tier } from '../core/schema/catalogue-schema.js';
import { priceNanos } from '../core/pricing/cost.js';
import { formatScaled } from '../core/schema/money.js';

/** badge-maker's styles; `flat` is the default and `flat-square` the other one the spec names. */
export const BADGE_STYLES = ['flat', 'flat-square', 'plastic', 'for-the-badge', 'social'] as const;
export type BadgeStyle = (typeof BADGE_STYLES)[number];

/** Badge colour per tier: green is cheap, blue the middle, purple the premium models. */
export const TIER_COLOURS: Record<Tier, string> = { Budget: 'brightgreen', Mid: 'blue', Premium: 'blueviolet' };

/** What a badge says, independent of how it is drawn. */
export interface BadgeContent {
  label: string;
  message: string;
  color: string;
}

/** A price per 1M tokens as `$1.25`: exact decimal text, no float noise, no exponent. */
export function formatPrice(price: number): string {
  return `$${formatScaled(priceNanos(price), 9)}`;
}

/**
 * `$1.25 / $10 per 1M`: input then output price per million tokens; `free tier only: $0 / $0 per 1M`
 * for a model served only on a free, rate-limited tier (its $0 is no capacity to buy).
 */
export function priceMessage(model: Pick<Model, 'input' | 'output' | 'freeTierOnly'>): string {
  return `${model.freeTierOnly ? 'free tier only: ' : ''}${formatPrice(model.input)} / ${formatPrice(model.output)} per 1M`;
}

/**
 * The badge's content; `change`, a price change within twelve months ("rises 100% on 2027-01-01"),
 * marks the message so that nobody takes the price for one that lasts.
 */
export function priceBadgeContent(model: Model, change?: string): BadgeContent {
  const message = change === undefined ? priceMessage(model) : `${priceMessage(model)} · ${change}`;
  return { label: model.name, message, color: TIER_COLOURS[model.tier] };
}

/** The content of the badge shown instead of a price when the request cannot be answered. */
export function errorBadgeContent(message: string): BadgeContent {
  return { label: 'price', message, color: 'lightgrey' };
}

/** The SVG (with `<title>` and `aria-label`, as badge-maker draws them). */
export function badgeSvg(content: BadgeContent, style: BadgeStyle): string {
  return makeBadge({ ...content, style });
}

/**
 * shields.io's endpoint badge schema, so `https://img.shields.io/endpoint?url=<this JSON's URL>`
 * draws the same badge. See https://shields.io/badges/endpoint-badge.
 */
export function shieldsEndpointJson(content: BadgeContent, style: BadgeStyle) {
  return { schemaVersion: 1 as const, label: content.label, message: content.message, color: content.color, style };
}
