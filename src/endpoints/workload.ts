/** The workload parameters shared by the cost endpoints, and their conversion to a core Workload. */
import { MODES, type Mode, type Workload } from '../core/cost.js';
import { ApiError } from './errors.js';
import { choice, integer, optionalInteger } from './params.js';

export const MAX_TOKENS = 100_000_000;
export const MAX_REQUESTS = 1_000_000_000;

export const inputTokens = (fallback: number) =>
  integer(0, MAX_TOKENS, fallback, 'Input tokens per request.');
export const outputTokens = (fallback: number) =>
  integer(0, MAX_TOKENS, fallback, 'Output tokens per request.');
export const requestsPerDay = (fallback: number) =>
  integer(1, MAX_REQUESTS, fallback, 'Requests per day.');
export const daysPerMonth = integer(1, 31, 30, 'Days per month.');
export const cachedInputTokens = optionalInteger(
  0,
  MAX_TOKENS,
  "The part of input_tokens read from the prompt cache, billed at the model's cachedInput price (at most input_tokens).",
);
export const mode = choice(MODES, 'Billing mode: standard, streaming (output +15%) or batch (50% off).');

export interface WorkloadParams {
  input_tokens: number;
  output_tokens: number;
  requests: number;
  days: number;
  mode: Mode;
  cached_input_tokens?: number | undefined;
}

export function toWorkload(p: WorkloadParams): Workload {
  return {
    inputTokens: p.input_tokens,
    outputTokens: p.output_tokens,
    requests: p.requests,
    days: p.days,
    mode: p.mode,
    ...cachedPart(p.input_tokens, p.cached_input_tokens),
  };
}

/**
 * `{cachedInputTokens}` for a core Workload when cached_input_tokens is given, else `{}` (so a
 * request without it is exactly what it was before). Cached tokens are part of the input tokens,
 * so more of them than input_tokens is a 400.
 */
export function cachedPart(inputTokens: number, cached: number | undefined): { cachedInputTokens?: number } {
  if (cached === undefined) return {};
  if (cached > inputTokens) {
    throw new ApiError(
      400,
      'invalid_parameter',
      `cached_input_tokens (${cached}) must not exceed input_tokens (${inputTokens}): cached tokens are the part of the input read from the cache.`,
      { param: 'cached_input_tokens' },
    );
  }
  return { cachedInputTokens: cached };
}

/**
 * A response's workload echo: `{input_tokens, cached_input_tokens?, output_tokens, <requests>,
 * days, mode?}`, with `cached_input_tokens` only when it was given and `mode` only when one is
 * passed (calculate's). The endpoints name the requests per day differently.
 */
export function workloadEcho(
  tokens: Pick<WorkloadParams, 'input_tokens' | 'output_tokens' | 'cached_input_tokens'>,
  requestsName: 'requests' | 'requests_per_day',
  requests: number,
  days: number,
  mode?: Mode,
) {
  return {
    input_tokens: tokens.input_tokens,
    ...(tokens.cached_input_tokens === undefined ? {} : { cached_input_tokens: tokens.cached_input_tokens }),
    output_tokens: tokens.output_tokens,
    [requestsName]: requests,
    days,
    ...(mode === undefined ? {} : { mode }),
  };
}
