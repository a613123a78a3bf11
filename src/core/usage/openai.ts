/**
 * OpenAI Usage API, completions: `data[]` buckets (`start_time`, `end_time` in Unix seconds) with
 * `results[]` of `model`, `input_tokens`, `input_cached_tokens`, `output_tokens`,
 * `input_audio_tokens`, `output_audio_tokens`, `num_model_requests`, `batch`, `service_tier`.
 * Rules: `input_tokens` includes the cached and audio input, `output_tokens` the audio output (as
 * a Workload counts); a bucket longer than a day is a span; `model: null` (a page fetched without
 * `group_by=model`) is kept with no model, listed apart; `batch: true` is priced in batch mode.
 * The export reports no cost.
 */
import { bucketRows, count, day, type Parsed } from './rows.js';

export function* parseOpenAi(doc: Record<string, unknown>): Generator<void, Parsed> {
  return yield* bucketRows(doc, 'openai', 'start_time', (r, res, bucket, at, i) => {
    if (bucket['end_time'] !== undefined && bucket['end_time'] !== null) {
      // end_time is exclusive: the span's last day is the day of the second before it.
      const end = bucket['end_time'];
      const seconds =
        typeof end === 'number' ? end : typeof end === 'string' && /^\d{1,12}$/.test(end) ? Number(end) : undefined;
      const last = day(seconds === undefined ? end : seconds - 1, `data[${i}].end_time`);
      if (last > r.date) r.endDate = last;
    }
    r.inputTokens = count(res['input_tokens'], `${at}.input_tokens`);
    r.cachedInputTokens = count(res['input_cached_tokens'], `${at}.input_cached_tokens`);
    r.outputTokens = count(res['output_tokens'], `${at}.output_tokens`);
    r.inputAudioTokens = count(res['input_audio_tokens'], `${at}.input_audio_tokens`);
    r.outputAudioTokens = count(res['output_audio_tokens'], `${at}.output_audio_tokens`);
    r.requests = count(res['num_model_requests'], `${at}.num_model_requests`);
    r.batch = res['batch'] === true;
    if (typeof res['service_tier'] === 'string') r.serviceTier = res['service_tier'];
  });
}
