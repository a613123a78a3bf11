/**
 * The rules of the workload parts billed beyond text tokens, shared by the API and the site's
 * calculator (no zod here, so the site's script stays small). Counts are inclusive, as
 * genai-prices' Usage counts them: each part is already counted in input_tokens or output_tokens,
 * so none is ever billed twice.
 */
import type { Model } from '../core/schema/catalogue-schema.js';
import type { BillableExtras, ServiceTier, Workload } from '../core/pricing/cost.js';
import { modalityProblem, workloadProblem, type WorkloadProblem } from '../core/pricing/problems.js';
import { ApiError } from '../lib/errors.js';

export const MAX_WEB_SEARCHES = 10_000;

/** The parameters, in the order the answers' `workload` repeats them: input parts, output parts, searches. */
export const PART_NAMES = [
  'input_audio_tokens',
  'cached_audio_tokens',
  'input_image_tokens',
  'input_video_tokens',
  'reasoning_tokens',
  'output_audio_tokens',
  'output_image_tokens',
  'output_video_tokens',
  'web_searches',
] as const;

type PartName = (typeof PART_NAMES)[number];

/** The core's name for each part. */
const EXTRAS: Record<PartName, keyof BillableExtras> = {
  input_audio_tokens: 'inputAudioTokens',
  cached_audio_tokens: 'cacheAudioReadTokens',
  input_image_tokens: 'inputImageTokens',
  input_video_tokens: 'inputVideoTokens',
  reasoning_tokens: 'reasoningTokens',
  output_audio_tokens: 'outputAudioTokens',
  output_image_tokens: 'outputImageTokens',
  output_video_tokens: 'outputVideoTokens',
  web_searches: 'webSearches',
};

export type PartParams = { service_tier: ServiceTier } & { [K in PartName]?: number | undefined };

/** The token counts each part belongs to. */
interface Totals {
  input_tokens: number;
  output_tokens: number;
  cached_input_tokens?: number | undefined;
  cache_write_tokens?: number | undefined;
}

/**
 * A 400 when the parts given add up to more than their whole: each named in turn, the error names
 * the one that crosses it (so a part too large on its own is named alone).
 */
function withinWhole(
  whole: string,
  total: number,
  parts: Array<[param: string, value: number | undefined, label?: string | undefined]>,
  why: string,
): void {
  let sum = 0;
  const named: string[] = [];
  for (const [param, value, label = param] of parts) {
    if (value === undefined) continue;
    sum += value;
    named.push(label);
    if (sum > total) {
      const what = named.length === 1 ? `${label} (${value})` : `${named.join(' + ')} (${sum})`;
      throw new ApiError(400, 'invalid_parameter', `${what} must not exceed ${whole} (${total}): ${why}`, { param });
    }
  }
}

/**
 * Refuses parts that do not fit in their whole. The input is cache reads, cache writes, uncached
 * audio, images and video (taken as uncached) and the rest text; audio read from the cache is in
 * both cached_input_tokens and input_audio_tokens, and counted once. The output is reasoning,
 * audio, image and video tokens and the rest text.
 */
export function checkParts(p: Totals & PartParams): void {
  const audio = p.input_audio_tokens ?? 0;
  const cachedAudio = p.cached_audio_tokens;
  if (cachedAudio !== undefined) {
    withinWhole(
      'input_audio_tokens',
      audio,
      [['cached_audio_tokens', cachedAudio]],
      'cached audio tokens are part of the audio input.',
    );
    withinWhole(
      'cached_input_tokens',
      p.cached_input_tokens ?? 0,
      [['cached_audio_tokens', cachedAudio]],
      'cached audio tokens are part of the tokens read from the cache.',
    );
  }
  const inputParts: Array<[string, number | undefined, (string | undefined)?]> = [
    ['cached_input_tokens', p.cached_input_tokens],
    ['cache_write_tokens', p.cache_write_tokens],
    [
      'input_audio_tokens',
      p.input_audio_tokens === undefined ? undefined : audio - (cachedAudio ?? 0),
      cachedAudio ? '(input_audio_tokens - cached_audio_tokens)' : undefined,
    ],
    ['input_image_tokens', p.input_image_tokens],
    ['input_video_tokens', p.input_video_tokens],
  ];
  const modalities =
    p.input_audio_tokens !== undefined || p.input_image_tokens !== undefined || p.input_video_tokens !== undefined;
  withinWhole(
    'input_tokens',
    p.input_tokens,
    inputParts,
    modalities
      ? 'cache reads and writes and audio, image and video input are parts of the input (audio read from the cache is counted once, in cached_input_tokens).'
      : 'cache reads and writes are parts of the input.',
  );
  withinWhole(
    'output_tokens',
    p.output_tokens,
    [
      ['reasoning_tokens', p.reasoning_tokens],
      ['output_audio_tokens', p.output_audio_tokens],
      ['output_image_tokens', p.output_image_tokens],
      ['output_video_tokens', p.output_video_tokens],
    ],
    'reasoning, audio, image and video output are parts of the output.',
  );
}

/** The parts a query or an answer's workload gives (numbers under the parameter names), under the core's names; 0 left out. */
export function extrasOf(values: Readonly<Record<string, unknown>>): BillableExtras {
  const extras: BillableExtras = {};
  for (const name of PART_NAMES) {
    const value = values[name];
    if (typeof value === 'number' && value > 0) extras[EXTRAS[name]] = value;
  }
  return extras;
}

/** The reverse of extrasOf: a workload's parts under the parameter names, 0 left out. */
export function partsParams(w: Pick<Workload, 'extras'>): Partial<Record<PartName, number>> {
  const params: Partial<Record<PartName, number>> = {};
  for (const name of PART_NAMES) {
    const value = w.extras?.[EXTRAS[name]] ?? 0;
    if (value > 0) params[name] = value;
  }
  return params;
}

/** The core's service tier and extras for the parameters: only what was given and is not nothing. */
export function toParts(p: PartParams): { serviceTier?: ServiceTier; extras?: BillableExtras } {
  const extras = extrasOf(p);
  return {
    ...(p.service_tier === 'standard' ? {} : { serviceTier: p.service_tier }),
    ...(Object.keys(extras).length ? { extras } : {}),
  };
}

/** The parts as the answers' `workload` repeats them, 0 for those not given. */
export function partsEcho(p: PartParams) {
  const count = (name: PartName) => p[name] ?? 0;
  return {
    input: {
      input_audio_tokens: count('input_audio_tokens'),
      cached_audio_tokens: count('cached_audio_tokens'),
      input_image_tokens: count('input_image_tokens'),
      input_video_tokens: count('input_video_tokens'),
    },
    output: {
      reasoning_tokens: count('reasoning_tokens'),
      output_audio_tokens: count('output_audio_tokens'),
      output_image_tokens: count('output_image_tokens'),
      output_video_tokens: count('output_video_tokens'),
      web_searches: count('web_searches'),
    },
  };
}

/** The parameter each Workload field the core names in a problem comes from. */
const FIELD_PARAMS: Record<string, string> = {
  serviceTier: 'service_tier',
  inputTokens: 'input_tokens',
  outputTokens: 'output_tokens',
  ...Object.fromEntries(PART_NAMES.map((name) => [`extras.${EXTRAS[name]}`, name])),
};

function problemError(problem: WorkloadProblem, message: string): ApiError {
  return new ApiError(400, 'invalid_parameter', message, { param: FIELD_PARAMS[problem.field] ?? problem.field });
}

/**
 * A 400 for a workload no model is sold for: a service tier with batch (parts over their whole are
 * refused before, by checkParts, in the parameters' names).
 */
export function refuseWorkload(workload: Workload): void {
  const problem = workloadProblem(workload);
  if (problem === undefined) return;
  const advice =
    problem.code === 'tier_with_batch'
      ? ' Give mode=batch with service_tier=standard, or the tier with another mode.'
      : '';
  throw problemError(problem, `${problem.message}${advice}`);
}

/** A 400 naming the parameter and the model when the model is on record as not taking (or giving) a modality the workload has. */
export function refuseModality(model: Model, workload: Workload): void {
  const problem = modalityProblem(model, workload);
  if (problem) {
    const param = FIELD_PARAMS[problem.field] ?? problem.field;
    throw problemError(problem, `${param} must be 0 for ${model.id}: ${problem.message}`);
  }
}
