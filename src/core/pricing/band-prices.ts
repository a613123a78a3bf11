/**
 * The long-context band a request is billed in, with its input and output prices, for the words
 * that show a cost beside prices (recommend's reason, the site's table, the CLI): a prompt past a
 * model's threshold is billed at the band's prices, not the standard ones its record lists first.
 */
import type { Workload } from './workload.js';
import type { ModelSheets, Sheet } from './price-sheet.js';
import { select } from './select.js';
import { U } from '../schema/units.js';

export interface BandPrices {
  /** The band's name, as appliedPrices.band gives it ("from 272K"). */
  band: string;
  /** USD per 1M tokens. */
  input: number;
  output: number;
}

/** The band the workload's requests are billed in, when it is not the standard one. */
export function longContextBand(sheets: ModelSheets, w: Workload): BandPrices | undefined {
  const s = select(sheets, w, w.inputTokens);
  if (s.band === 0) return undefined;
  return {
    band: (sheets.bands[s.band] as Sheet).name,
    input: s.peak.usd[U.input] as number,
    output: s.peak.usd[U.output] as number,
  };
}

/** "long-context prices from 272K: $4 input, $18 output per 1M", or '' for the standard band. */
export function bandWords(b: Pick<BandPrices, 'band' | 'input' | 'output'> | undefined): string {
  if (!b || b.band === 'standard') return '';
  return `long-context prices ${b.band}: $${b.input} input, $${b.output} output per 1M`;
}
