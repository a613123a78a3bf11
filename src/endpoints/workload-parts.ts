/**
 * The workload parameters for what providers bill beyond text tokens: the service tier, the parts
 * of a request's input and output billed at their own prices (reasoning, audio, image and video
 * tokens) and web searches. Counts are inclusive, as genai-prices' Usage counts them: each part is
 * already counted in input_tokens or output_tokens, so none is ever billed twice.
 */
import { SERVICE_TIERS, type BillableExtras, type ServiceTier } from '../core/cost.js';
import { ApiError } from './errors.js';
import { choiceOr, MAX_TOKENS, optionalInteger } from './params.js';

export const MAX_WEB_SEARCHES = 10_000;

const part = (description: string) => optionalInteger(0, MAX_TOKENS, description);

/** The parameters, in the order the answers' `workload` repeats them: input parts, output parts, searches. */
export const partOptions = {
  input_audio_tokens: part(
    "The part of input_tokens that is audio, billed at the model's audio input price (its input price where it publishes none; a 400 for a model that takes no audio).",
  ),
  cached_audio_tokens: part(
    "The part of input_audio_tokens read from the prompt cache (so also part of cached_input_tokens), billed at the model's cached-audio price.",
  ),
  input_image_tokens: part("The part of input_tokens that is images, billed at the model's image input price (its input price where it publishes none)."),
  input_video_tokens: part("The part of input_tokens that is video, billed at the model's video input price (its input price where it publishes none)."),
  reasoning_tokens: part(
    "The part of output_tokens spent reasoning (thinking), billed at the model's reasoning price where it publishes one, else at its output price; shown apart in the answer.",
  ),
  output_audio_tokens: part("The part of output_tokens that is audio, billed at the model's audio output price (its output price where it publishes none)."),
  output_image_tokens: part("The part of output_tokens that is images, billed at the model's image output price (its output price where it publishes none)."),
  output_video_tokens: part("The part of output_tokens that is video, billed at the model's video output price (its output price where it publishes none)."),
  web_searches: optionalInteger(0, MAX_WEB_SEARCHES, "Web searches per request, billed at the model's price per 1,000 searches where it publishes one."),
};

export const serviceTier = choiceOr(
  SERVICE_TIERS,
  'standard',
  "Service tier: standard (default), flex (slower, cheaper), priority (faster, dearer) or fast, at the model's own tier prices; a tier the model is not sold on is priced at standard with a warning. OpenAI's name default is read as standard.",
  { default: 'standard' },
);

type PartName = keyof typeof partOptions;

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
function withinWhole(whole: string, total: number, parts: Array<[param: string, value: number | undefined, label?: string | undefined]>, why: string): void {
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
    withinWhole('input_audio_tokens', audio, [['cached_audio_tokens', cachedAudio]], 'cached audio tokens are part of the audio input.');
    withinWhole('cached_input_tokens', p.cached_input_tokens ?? 0, [['cached_audio_tokens', cachedAudio]], 'cached audio tokens are part of the tokens read from the cache.');
  }
  const inputParts: Array<[string, number | undefined, (string | undefined)?]> = [
    ['cached_input_tokens', p.cached_input_tokens],
    ['cache_write_tokens', p.cache_write_tokens],
    ['input_audio_tokens', p.input_audio_tokens === undefined ? undefined : audio - (cachedAudio ?? 0), cachedAudio ? '(input_audio_tokens - cached_audio_tokens)' : undefined],
    ['input_image_tokens', p.input_image_tokens],
    ['input_video_tokens', p.input_video_tokens],
  ];
  const modalities = p.input_audio_tokens !== undefined || p.input_image_tokens !== undefined || p.input_video_tokens !== undefined;
  withinWhole('input_tokens', p.input_tokens, inputParts, modalities
    ? 'cache reads and writes and audio, image and video input are parts of the input (audio read from the cache is counted once, in cached_input_tokens).'
    : 'cache reads and writes are parts of the input.');
  withinWhole('output_tokens', p.output_tokens, [
    ['reasoning_tokens', p.reasoning_tokens],
    ['output_audio_tokens', p.output_audio_tokens],
    ['output_image_tokens', p.output_image_tokens],
    ['output_video_tokens', p.output_video_tokens],
  ], 'reasoning, audio, image and video output are parts of the output.');
}

/** The parts a query or an answer's workload gives (numbers under the parameter names), under the core's names; 0 left out. */
export function extrasOf(values: Readonly<Record<string, unknown>>): BillableExtras {
  const extras: BillableExtras = {};
  for (const name of Object.keys(EXTRAS) as PartName[]) {
    const value = values[name];
    if (typeof value === 'number' && value > 0) extras[EXTRAS[name]] = value;
  }
  return extras;
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
