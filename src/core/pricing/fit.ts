/**
 * Whether a model can run a request, and what a person pricing it should know before acting on
 * the cost: the one place these rules live for every endpoint, the site and the widget.
 */
import type { Model } from '../schema/catalogue-schema.js';
import { formatContext } from './context-window.js';

/**
 * Why a ranked answer leaves a model out (modality, modality_unknown, unit_unpriced: partsExclusion;
 * service_tier_not_offered: the service tier asked is not sold for the request; unrated: a score-ranked
 * answer has no place for it).
 */
export type Exclusion = WorkloadExclusion | 'unrated' | 'region_unknown' | 'not_in_region';

/** The reasons a model cannot run a workload or be bought for it, in the order answers name them. */
export const WORKLOAD_EXCLUSIONS = [
  'context_window',
  'max_output',
  'modality',
  'modality_unknown',
  'unit_unpriced',
  'service_tier_not_offered',
  'free_tier_only',
] as const;
export type WorkloadExclusion = (typeof WORKLOAD_EXCLUSIONS)[number];

/** The fields the fit rules read (the site's and the widget's smaller records carry them too). */
export type FitFields = Pick<Model, 'contextTokens' | 'maxOutputTokens' | 'freeTierOnly'>;

/**
 * Why a request of these sizes cannot run on the model: input + output tokens past its context
 * window, or output past its largest output (where known). Undefined when it fits.
 */
export function fitProblem(
  model: FitFields,
  inputTokens: number,
  outputTokens: number,
): 'context_window' | 'max_output' | undefined {
  if (inputTokens + outputTokens > model.contextTokens) return 'context_window';
  if (model.maxOutputTokens !== undefined && outputTokens > model.maxOutputTokens) return 'max_output';
  return undefined;
}

/** Why a ranking leaves the model out (fit first, then a free tier unless those are asked for). */
export function exclusionOf(
  model: FitFields,
  inputTokens: number,
  outputTokens: number,
  includeFreeTier: boolean,
): Exclusion | undefined {
  return (
    fitProblem(model, inputTokens, outputTokens) ??
    (model.freeTierOnly && !includeFreeTier ? 'free_tier_only' : undefined)
  );
}

const n = (value: number) => value.toLocaleString('en-US');

/** A plain sentence for each reason, for answers that count what they left out. */
export const EXCLUSION_TEXT: Record<Exclusion, string> = {
  context_window: 'input + output tokens exceed the context window',
  max_output: 'output tokens exceed the largest output the model returns',
  modality: "the model is on record as not taking (or giving) the workload's audio, image or video",
  modality_unknown:
    "not known to take (or give) the workload's audio, image or video: no source on record lists it and the model publishes no price for it",
  unit_unpriced:
    'a unit the workload uses (web searches) has no price on record for the model: its cost would leave it out',
  service_tier_not_offered:
    'not sold on the service tier asked (or not for a prompt this long): service_tier_fallback=standard ranks them at standard prices, marked',
  free_tier_only: 'served only on a free, rate-limited tier: no capacity to buy (include_free_tier=true shows them)',
  unrated: 'unrated: no benchmark result gives it a score for this use case, so a score-ranked answer cannot place it',
  region_unknown:
    'no door of it is known to serve the region asked: no source or pricing page says its sellers serve it (left out, never assumed)',
  not_in_region: 'every seller of it serves other regions only, as its source or pricing page says',
};

/** The sentence of a fit problem for one model and request. */
export function fitMessage(
  model: FitFields & Pick<Model, 'name'>,
  problem: 'context_window' | 'max_output',
  inputTokens: number,
  outputTokens: number,
): string {
  return problem === 'context_window'
    ? `${n(inputTokens)} input + ${n(outputTokens)} output tokens do not fit ${model.name}'s ${formatContext(model.contextTokens)}-token context window (${n(model.contextTokens)} tokens): the provider would refuse this request.`
    : `${n(outputTokens)} output tokens are more than ${model.name} returns in one answer (at most ${n(model.maxOutputTokens ?? 0)}): the provider would refuse this request.`;
}
