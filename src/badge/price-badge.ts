/** The price badge: label = model name, message = input / output per 1M, colour by tier; made by badge-maker. */
import { makeBadge } from 'badge-maker';
import type { Model, Tier } from '../core/catalogue-schema.js';

export const BADGE_STYLES = ['flat', 'flat-square', 'plastic', 'for-the-badge', 'social'] as const;
export type BadgeStyle = (typeof BADGE_STYLES)[number];

const TIER_COLOURS: Record<Tier, string> = { Budget: 'brightgreen', Mid: 'blue', Premium: 'blueviolet' };

/** `$1.25 / $10 per 1M`: plain decimals, no float noise. */
export function priceMessage(model: Model): string {
  return `$${String(model.input)} / $${String(model.output)} per 1M`;
}

export function priceBadgeSvg(model: Model, style: BadgeStyle): string {
  return makeBadge({ label: model.name, message: priceMessage(model), color: TIER_COLOURS[model.tier], style });
}

export function errorBadgeSvg(message: string, style: BadgeStyle): string {
  return makeBadge({ label: 'price', message, color: 'lightgrey', style });
}
