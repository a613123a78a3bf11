import type { SourceEntry } from './catalog-sources.mjs';

export const FORMATS: readonly ['models.dev', 'litellm', 'openrouter', 'genai-prices'];
export function readSource(format: string, json: unknown, options?: { today?: string }): SourceEntry[];
