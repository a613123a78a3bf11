/**
 * `ai-model-pricing reprice FILE`'s table: a usage export priced in-process, offline (the file
 * never leaves the machine), by POST /api/reprice's own handler; cost per day and the totals.
 */
import { list, record, text, usd, type Plain } from './render.js';
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
  const line = (label: string, s: Plain) => [
    label,
    usd(s.cost),
    usd(s.today),
    ...targets.map((id) => usd(record(s.targets)[id])),
    usd(s.reported),
  ];
  const totals = record(a.totals);
  const reported = record(totals.reported);
  const rows = [...days.map((d) => line(text(d.date), d)), line('TOTAL', { ...totals, reported: reported.cost })];
  const read = record(a.read);
  const notes = [
    `${text(a.format)} export: ${text(read.rows)} rows, ${text(read.pricedRows)} priced; AS BILLED at each row's date's prices, TODAY at ${text(a.today)}'s.`,
    ...targets.map((id, i) => `T${i + 1} = ${id} (today's prices).`),
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
