/**
 * The words of a score-ranked answer: which evidence a score comes from ("Coding 87/100 from the
 * AA Coding Index 61 and Code Arena 1,512, Jul–Aug 2026") and how an item trades off against the
 * one ranked above it ("8 points lower, a fifth of the price").
 */
import type { UseCase } from '../schema/catalogue-schema.js';
import type { ScoreDetail, ScoreInput } from './scores.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const label = (useCase: UseCase | undefined) =>
  useCase === undefined ? 'Overall' : `${useCase[0]!.toUpperCase()}${useCase.slice(1).replace('-', ' ')}`;

// Each formatter is made once (toLocaleString with options builds one on every call: most of an
// answer's CPU), on first use (the first sets up ICU's number formatting, about 7 ms that a cold
// start would spend before its first answer, which shows no score).
let twoDecimals: Intl.NumberFormat | undefined;
let oneDecimal: Intl.NumberFormat | undefined;

/** A result as people read it: 1,512 (Elo), 61 (an index), 0.62 (a share); a derived value as n/100. */
export function shownValue({ result }: Pick<ScoreInput, 'result'>): string {
  if (result.value === null) return `${Math.round(result.derived ?? 0)}/100 (derived; the rating is not republished)`;
  const format =
    result.value < 10
      ? (twoDecimals ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }))
      : (oneDecimal ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));
  return format.format(result.value);
}

/** "Jul 2026", "Jul–Aug 2026" or "Oct 2025–Aug 2026": the span of the results' dates. */
export function dateSpan(dates: readonly string[]): string {
  const sorted = [...dates].sort();
  const month = (d: string, withYear: boolean) =>
    `${MONTHS[Number(d.slice(5, 7)) - 1]}${withYear ? ` ${d.slice(0, 4)}` : ''}`;
  const [first, last] = [sorted[0]!, sorted.at(-1)!];
  if (first.slice(0, 7) === last.slice(0, 7)) return month(last, true);
  return first.slice(0, 4) === last.slice(0, 4)
    ? `${month(first, false)}–${month(last, true)}`
    : `${month(first, true)}–${month(last, true)}`;
}

/** "from the AA Coding Index 61 and Code Arena 1,512, Jul–Aug 2026": the (at most two) heaviest results, with their dates. */
export function evidenceFrom(inputs: readonly ScoreInput[]): string {
  const named = inputs.slice(0, 2).map((i) => `the ${i.result.name} ${shownValue(i)}`);
  const more = inputs.length > 2 ? ` and ${inputs.length - 2} more` : '';
  return `from ${named.join(' and ')}${more}, ${dateSpan(inputs.map((i) => i.result.date))}`;
}

/** The score and the (at most two) heaviest results behind it (`from`: evidenceFrom of its inputs, when made already). */
export function evidenceText(
  useCase: UseCase | undefined,
  detail: ScoreDetail,
  from = evidenceFrom(detail.inputs),
): string {
  const head = `${label(useCase)} ${detail.score}/100`;
  if (detail.fromOverall) return `${head} (no ${useCase ?? ''} benchmark: its overall score stands in, ${from})`;
  return detail.inputs.length === 1 ? `${head} ${from} (one result only)` : `${head} ${from}`;
}

const FRACTIONS = [
  '',
  '',
  'half',
  'a third of',
  'a quarter of',
  'a fifth of',
  'a sixth of',
  'a seventh of',
  'an eighth of',
  'a ninth of',
  'a tenth of',
];

/** How a price compares with another's: "a fifth of the price", "40% dearer", "3× the price". */
export function priceWords(cost: number, other: number): string {
  if (other === 0) return cost === 0 ? 'also free' : 'dearer than the free model above';
  const r = cost / other;
  if (r >= 0.95 && r <= 1.05) return 'about the same price';
  if (r < 1) {
    if (r === 0) return 'free';
    const n = Math.round(1 / r);
    if (n >= 2 && n <= 10 && Math.abs(1 / r - n) / n < 0.1) return `${FRACTIONS[n]} the price`;
    return n > 10 ? `1/${n} of the price` : `${Math.round(r * 100)}% of the price`;
  }
  return r < 1.95 ? `${Math.round((r - 1) * 100)}% dearer` : `${r < 3 ? r.toFixed(1) : Math.round(r)}× the price`;
}

/** "8 points lower, a fifth of the price" against the item ranked above. */
export function tradeOff(score: number, cost: number, above: { score: number; cost: number }): string {
  const d = score - above.score;
  const points =
    d === 0 ? 'the same score' : `${Math.abs(d)} point${Math.abs(d) === 1 ? '' : 's'} ${d < 0 ? 'lower' : 'higher'}`;
  return `${points}, ${priceWords(cost, above.cost)}`;
}
