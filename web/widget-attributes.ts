/**
 * The compare widget's workload attributes (dataset names: data-input-tokens is inputTokens) and
 * the /api/compare parameter each one is; apart from the DOM code so a test can hold it to the
 * endpoint's parameters.
 */
export const WORKLOAD_ATTRIBUTES = {
  inputTokens: 'input_tokens',
  outputTokens: 'output_tokens',
  requests: 'requests',
  requestsPerDay: 'requests_per_day',
  days: 'days',
  mode: 'mode',
  cachedInputTokens: 'cached_input_tokens',
  cacheWriteTokens: 'cache_write_tokens',
  cacheTtl: 'cache_ttl',
  serviceTier: 'service_tier',
  inputAudioTokens: 'input_audio_tokens',
  cachedAudioTokens: 'cached_audio_tokens',
  inputImageTokens: 'input_image_tokens',
  inputVideoTokens: 'input_video_tokens',
  reasoningTokens: 'reasoning_tokens',
  outputAudioTokens: 'output_audio_tokens',
  outputImageTokens: 'output_image_tokens',
  outputVideoTokens: 'output_video_tokens',
  webSearches: 'web_searches',
  offPeakShare: 'off_peak_share',
  at: 'at',
  countedWith: 'counted_with',
  textKind: 'text_kind',
  region: 'region',
} as const;
