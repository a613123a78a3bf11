/**
 * `ai-model-pricing reprice FILE`'s table: a usage export priced in-process, offline (the file
 * never leaves the machine), by POST /api/reprice's own handler; cost per day and the totals.
 */
import { list, record, text, usdAlike, type Plain } from './render.js';
import { prose, table } from './table.js';

/** Cost per day, then the totals, unknown models and errors. */
export function renderReprice(a: Plain): string {
  const targets = list(a.targets).map((t) => text(t.id));
  const days = list(a.days);
  const head = [
    { title: 'DATE' },
    { title: 'AS BILLED', align: 'right' as const },
    { title: 'TODAY', align: 'right' as const },
    ...targets.map((_, i) => ({ title: `T${i + 1}`, align: 'right' as const })),
    { title: 'REPORTED', align: 'right' as const },
  ];
  const totals = record(a.totals);
  const reported = record(totals.reported);
  const sums = [...days, { ...totals, reported: reported.cost }];
  // Every amount of the table in one format (usdAlike).
  const amount = usdAlike(
    sums.flatMap((s) => [s.cost, s.today, s.reported, ...targets.map((id) => record(s.targets)[id])]),
  );
  const line = (label: string, s: Plain) => [
    label,
    amount(s.cost),
    amount(s.today),
    ...targets.map((id) => amount(record(s.targets)[id])),
    amount(s.reported),
  ];
  const rows = [...days.map((d) => line(text(d.date), d)), line('TOTAL', sums.at(-1) as Plain)];
  const read = record(a.read);
  const notes = [
    `${text(a.format)} export: ${text(read.rows)} rows, ${text(read.pricedRows)} priced; AS BILLED at each row's date's prices, TODAY at ${text(a.today)}'s.`,
    ...list(a.targets).map((t, i) =>
      typeof t.door === 'string'
        ? `T${i + 1} = ${text(t.id)}: ${text(t.door)}, ${text(t.picked)} (today's prices).`
        : `T${i + 1} = ${text(t.id)} (today's prices).`,
    ),
    ...(reported.rows
      ? [
          `Reported cost / ours: ${text(reported.ratio)} over ${text(reported.rows)} rows; ${text(reported.mismatches)} reported as $0 for a priced model (mismatches).`,
        ]
      : []),
    ...list(a.unknownModels).map(
      (u) =>
        `Not priced: ${text(u.model ?? '(no model)')} (rows ${text(u.rows)}). ${text(u.reason)}${list(u.suggestions).length ? ` Nearest: ${text(u.suggestions)}.` : ''}`,
    ),
    ...list(a.errors).map((e) => `Row ${text(e.row)}, ${text(e.field)}: ${text(e.message)}`),
  ];
  return `${table(head, rows)}\n\n${notes.map((n) => prose(n)).join('\n')}`;
}
