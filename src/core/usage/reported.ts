/**
 * The cost an export reports beside ours (at the prices of the row's date): the ratio reported / ours
 * and a verdict. A reported 0 for a model we price above 0 is a mismatch (usage trackers print 0
 * for models their table does not know), never agreement.
 */
import { Usd } from '../schema/money.js';

export interface Reported {
  cost: Usd;
  /** reported / ours, to 4 decimals; null when ours is 0. */
  ratio: number | null;
  /** agrees: within 1% (or a millionth of a dollar); differs; mismatch: reported as $0 for a priced row. */
  status: 'agrees' | 'differs' | 'mismatch';
}

/** USD as whole nano-dollars (a reported cost may carry more decimals: rounded). */
export const usdOf = (value: number): Usd => new Usd(BigInt(Math.round(value * 1e9)));

export function ratioOf(reported: bigint, ours: bigint): number | null {
  if (ours === 0n) return null;
  // To 4 decimals, half up, from the exact nano-dollars.
  return Number((reported * 20_000n + ours) / (ours * 2n)) / 10_000;
}

export function compareReported(value: number, ours: Usd): Reported {
  const cost = usdOf(value);
  const ratio = ratioOf(cost.nanos, ours.nanos);
  const diff = cost.nanos > ours.nanos ? cost.nanos - ours.nanos : ours.nanos - cost.nanos;
  let status: Reported['status'];
  if (cost.nanos === 0n && ours.nanos > 0n) status = 'mismatch';
  else status = diff <= 1000n || diff * 100n <= ours.nanos ? 'agrees' : 'differs';
  return { cost, ratio, status };
}
