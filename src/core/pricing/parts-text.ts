/**
 * The parts of a request billed apart (BillableExtras) in words, for the site's workload line and
 * the CLI's: "3,000 audio (400 cached), 2,000 image" of the input, "800 reasoning" of the output.
 */
import type { BillableExtras } from './cost.js';

const n = (v: number) => v.toLocaleString('en-US');

/** The input's audio (and its cached part), image and video tokens given, or none. */
export function inputPartsText(e: BillableExtras): string[] {
  const audio = e.inputAudioTokens
    ? `${n(e.inputAudioTokens)} audio${e.cacheAudioReadTokens ? ` (${n(e.cacheAudioReadTokens)} cached)` : ''}`
    : '';
  return [
    audio,
    e.inputImageTokens ? `${n(e.inputImageTokens)} image` : '',
    e.inputVideoTokens ? `${n(e.inputVideoTokens)} video` : '',
  ].filter(Boolean);
}

/** The output's reasoning, audio, image and video tokens given, or none. */
export function outputPartsText(e: BillableExtras): string[] {
  const parts: Array<[number | undefined, string]> = [
    [e.reasoningTokens, 'reasoning'],
    [e.outputAudioTokens, 'audio'],
    [e.outputImageTokens, 'image'],
    [e.outputVideoTokens, 'video'],
  ];
  return parts.filter(([count]) => count).map(([count, what]) => `${n(count ?? 0)} ${what}`);
}

/** ", 4 web searches" (per request), or '' when none. */
export function searchesText(e: BillableExtras): string {
  const count = e.webSearches ?? 0;
  return count ? `, ${n(count)} web search${count === 1 ? '' : 'es'}` : '';
}
