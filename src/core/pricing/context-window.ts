/** Context-window sizes: the short text of SPEC 2.1 (`128K`, `1M`) and back, and how a long-context threshold reads. */
import type { LongContextRule } from '../schema/catalogue-schema.js';

const KIBI = 1024;
const MEBI = 1024 * 1024;

/**
 * 131072 → "128K", 200000 → "200K", 1048576 → "1M", 1050000 → "1.05M", 128000 → "128K".
 * Whole thousands read as decimal first (128000 is also 125 × 1024, but means 128K).
 */
export function formatContext(tokens: number): string {
  if (tokens % 1000 === 0) return tokens >= 1_000_000 ? `${trim(tokens / 1_000_000)}M` : `${tokens / 1000}K`;
  if (tokens % MEBI === 0) return `${tokens / MEBI}M`;
  if (tokens % KIBI === 0 && tokens < MEBI) return `${tokens / KIBI}K`;
  if (tokens >= 1_000_000) return `${trim(tokens / 1_000_000)}M`;
  return `${trim(tokens / 1000)}K`;
}

function trim(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * Reads a context size given by a person: plain tokens (`128000`) or a short text (`128K`, `1M`,
 * `1.5m`), where K is 1,000 and M is 1,000,000 so that `128K` admits both 128,000 and 131,072.
 * Returns undefined when the text is not such a size.
 */
export function parseContext(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?([kKmM]?)$/.exec(text);
  if (!match) return undefined;
  const [, whole = '', fraction = '', unit = ''] = match;
  if (fraction && !unit) return undefined;
  const scale = unit === '' ? 1 : unit.toLowerCase() === 'k' ? 1000 : 1_000_000;
  return Math.round(Number(`${whole}.${fraction || '0'}`) * scale);
}

/** How a band's threshold reads under a provider's rule: "from 272K" (rule "at") or "above 200K". */
export function bandVerb(rule: LongContextRule | undefined): 'from' | 'above' {
  return rule === 'at' ? 'from' : 'above';
}
