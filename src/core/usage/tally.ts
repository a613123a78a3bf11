/**
 * The sums of a repricing: totals (as billed on each row's date, at today's prices, on each
 * target, and the reported costs beside ours), a series per day for charts, and what was read
 * (rows, models, dates, units) so a person can check it.
 */
import { Usd } from '../schema/money.js';
import { ratioOf } from './reported.js';
import { ECHO, type PricedRow, type UnitEcho } from './priced-row.js';
import type { UsageRow } from './rows.js';

interface Sums {
  cost: bigint;
  today: bigint;
  targets: bigint[];
}

export class Tally {
  private readonly sums: Sums;
  private readonly byDay = new Map<string, Sums & { reported: bigint; reportedRows: number }>();
  private readonly models = new Map<string, number>();
  private readonly units: Record<string, number> = {};
  private reported = 0n;
  private oursWhereReported = 0n;
  private reportedRows = 0;
  private mismatches = 0;
  private first: string | undefined;
  private last: string | undefined;
  private rows = 0;
  private unknown = 0;

  constructor(readonly targetIds: readonly string[]) {
    this.sums = this.zero();
  }

  private zero(): Sums {
    return { cost: 0n, today: 0n, targets: this.targetIds.map(() => 0n) };
  }

  echo(r: UsageRow): UnitEcho {
    const out: UnitEcho = {};
    for (const key of ECHO) {
      const v = r[key];
      if (v !== undefined && v !== 0) out[key] = v;
    }
    return out;
  }

  private seen(r: { date: string; endDate?: string }): void {
    this.rows++;
    if (this.first === undefined || r.date < this.first) this.first = r.date;
    const end = r.endDate ?? r.date;
    if (this.last === undefined || end > this.last) this.last = end;
  }

  unknownRow(r: UsageRow): void {
    this.seen(r);
    this.unknown++;
  }

  pricedRow(p: PricedRow): void {
    this.seen(p);
    this.models.set(p.model, (this.models.get(p.model) ?? 0) + 1);
    for (const [k, v] of Object.entries(p.units)) this.units[k] = (this.units[k] ?? 0) + v;
    let day = this.byDay.get(p.date);
    if (!day) {
      day = { ...this.zero(), reported: 0n, reportedRows: 0 };
      this.byDay.set(p.date, day);
    }
    for (const s of [this.sums, day]) {
      s.cost += p.cost.nanos;
      s.today += p.today.nanos;
      this.targetIds.forEach((id, i) => {
        s.targets[i] = (s.targets[i] as bigint) + (p.targets?.[id]?.nanos ?? 0n);
      });
    }
    if (p.reported) {
      this.reported += p.reported.cost.nanos;
      this.oursWhereReported += p.cost.nanos;
      this.reportedRows++;
      day.reported += p.reported.cost.nanos;
      day.reportedRows++;
      if (p.reported.status === 'mismatch') this.mismatches++;
    }
  }

  private targetsOf(s: Sums): Record<string, Usd> {
    return Object.fromEntries(this.targetIds.map((id, i) => [id, new Usd(s.targets[i] as bigint)]));
  }

  /** What was read. */
  read() {
    return {
      rows: this.rows,
      pricedRows: this.rows - this.unknown,
      unknownRows: this.unknown,
      models: Object.fromEntries(this.models),
      ...(this.first === undefined ? {} : { dates: { first: this.first, last: this.last } }),
      units: { ...this.units },
    };
  }

  totals() {
    return {
      cost: new Usd(this.sums.cost),
      today: new Usd(this.sums.today),
      ...(this.targetIds.length ? { targets: this.targetsOf(this.sums) } : {}),
      ...(this.reportedRows
        ? {
            reported: {
              cost: new Usd(this.reported),
              ours: new Usd(this.oursWhereReported),
              ratio: ratioOf(this.reported, this.oursWhereReported),
              rows: this.reportedRows,
              mismatches: this.mismatches,
            },
          }
        : {}),
    };
  }

  /** Cost per day (a span counted on its first day), oldest first. */
  days() {
    return [...this.byDay.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, s]) => ({
        date,
        cost: new Usd(s.cost),
        today: new Usd(s.today),
        ...(this.targetIds.length ? { targets: this.targetsOf(s) } : {}),
        ...(s.reportedRows ? { reported: new Usd(s.reported) } : {}),
      }));
  }
}
