/** The workload parameters shared by the cost endpoints, and their conversion to a core Workload. */
import { MODES, type Mode, type Workload } from '../core/cost.js';
import { choice, integer } from './params.js';

export const MAX_TOKENS = 100_000_000;
export const MAX_REQUESTS = 1_000_000_000;

export const inputTokens = (fallback: number) =>
  integer(0, MAX_TOKENS, fallback, 'Input tokens per request.');
export const outputTokens = (fallback: number) =>
  integer(0, MAX_TOKENS, fallback, 'Output tokens per request.');
export const requestsPerDay = (fallback: number) =>
  integer(1, MAX_REQUESTS, fallback, 'Requests per day.');
export const daysPerMonth = integer(1, 31, 30, 'Days per month.');
export const mode = choice(MODES, 'Billing mode: standard, streaming (output +15%) or batch (50% off).');

export interface WorkloadParams {
  input_tokens: number;
  output_tokens: number;
  requests: number;
  days: number;
  mode: Mode;
}

export function toWorkload(p: WorkloadParams): Workload {
  return { inputTokens: p.input_tokens, outputTokens: p.output_tokens, requests: p.requests, days: p.days, mode: p.mode };
}
