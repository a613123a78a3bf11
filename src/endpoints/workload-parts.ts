/**
 * The query parameters for what providers bill beyond text tokens: the service tier, the parts of
 * a request's input and output billed at their own prices (reasoning, audio, image and video
 * tokens) and web searches. Their rules (what each is part of, the core's names) are in
 * a module of their own, which the site's script shares without zod.
 */
import { SERVICE_TIERS } from '../core/pricing/cost.js';
import { choiceOr, MAX_TOKENS, optionalInteger } from './params.js';
import { MAX_WEB_SEARCHES, type PART_NAMES } from './part-rules.js';

const part = (description: string) => optionalInteger(0, MAX_TOKENS, description);

/** The parameters, in the order the answers' `workload` repeats them: input parts, output parts, searches. */
export const partOptions: Record<(typeof PART_NAMES)[number], ReturnType<typeof part>> = {
  input_audio_tokens: part(
    "The part of input_tokens that is audio, billed at the model's audio input price (its input price where it publishes none; a 400 for a model that takes no audio).",
  ),
  cached_audio_tokens: part(
    "The part of input_audio_tokens read from the prompt cache (so also part of cached_input_tokens), billed at the model's cached-audio price.",
  ),
  input_image_tokens: part(
    "The part of input_tokens that is images, billed at the model's image input price (its input price where it publishes none).",
  ),
  input_video_tokens: part(
    "The part of input_tokens that is video, billed at the model's video input price (its input price where it publishes none).",
  ),
  reasoning_tokens: part(
    "The part of output_tokens spent reasoning (thinking), billed at the model's reasoning price where it publishes one, else at its output price; shown apart in the answer.",
  ),
  output_audio_tokens: part(
    "The part of output_tokens that is audio, billed at the model's audio output price (its output price where it publishes none).",
  ),
  output_image_tokens: part(
    "The part of output_tokens that is images, billed at the model's image output price (its output price where it publishes none).",
  ),
  output_video_tokens: part(
    "The part of output_tokens that is video, billed at the model's video output price (its output price where it publishes none).",
  ),
  web_searches: optionalInteger(
    0,
    MAX_WEB_SEARCHES,
    "Web searches per request, billed at the model's price per 1,000 searches where it publishes one.",
  ),
};

export const serviceTier = choiceOr(
  SERVICE_TIERS,
  'standard',
  "Service tier: standard (default), flex (slower, cheaper), priority (faster, dearer) or fast, at the model's own tier prices; a tier the model is not sold on is priced at standard with a warning (cheapest and recommend leave such models out unless service_tier_fallback=standard). OpenAI's name default is read as standard.",
  { default: 'standard' },
);
