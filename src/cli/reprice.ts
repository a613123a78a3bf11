/**
 * `ai-model-pricing reprice FILE [--targets a,b] [--format f] [--target-mode batch] [--json]`: a
 * usage export priced in-process, offline (the file never leaves the machine), by the handler
 * POST /api/reprice uses. Prints cost per day and the totals, or the API's JSON.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import { ApiError } from '../lib/errors.js';
import { toJson } from '../lib/json.js';
import { parseQuery } from '../endpoints/params.js';
import { parseExport, reprice, repriceQuery } from '../endpoints/reprice.js';
import type { ParsedArgs } from './args.js';
import { toOption } from './args.js';
import { CliError } from './cli-error.js';
import { list, record, text, usd, type Plain } from './render.js';
import { prose, table } from './table.js';

export const REPRICE_SUMMARY = 'Re-price a usage export (ccusage, OpenAI, Anthropic, OpenRouter, CSV): at its dates\' prices, today\'s, and on targets';

export const REPRICE_HELP = `Usage: ai-model-pricing reprice FILE [options]

${REPRICE_SUMMARY}. Read and priced on this machine (as POST /api/reprice answers, without the 1 MiB limit).

Options:
  --targets <ids>               Models to price all of it on, at today's prices (comma-separated).
  --format <f>                  ccusage, openai, anthropic, openrouter, csv or rows (default: detected).
  --target-mode <m>             standard or batch, for the targets.
  --target-service-tier <t>     standard, flex, priority or fast, for the targets.
  --json                        Print the API's JSON answer instead of a table.
  --help                        Show this help.
`;

export async function runReprice(args: ParsedArgs, out: (text: string) => void, catalogue: () => Catalogue, today: string): Promise<number> {
  if (args.help) {
    out(REPRICE_HELP);
    return 0;
  }
  const [file, ...more] = args.positionals;
  if (file === undefined || more.length) throw new CliError('reprice takes one FILE (a usage export); run ai-model-pricing reprice --help');
  let body: string;
  try {
    if (!statSync(file).isFile()) throw new Error('not a file');
    body = readFileSync(file, 'utf8');
  } catch {
    throw new CliError(`cannot read ${JSON.stringify(file)} (a usage export file)`);
  }
  try {
    const params = parseQuery(new URLSearchParams(args.query), repriceQuery);
    const answer = reprice(parseExport(body, params.format), params, catalogue(), today);
    const json = toJson(answer);
    out(args.json ? `${json}\n` : `${render(JSON.parse(json) as Plain)}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const param = err.details.param;
    const option = param && param !== 'body' && Object.hasOwn(repriceQuery.shape, param) ? ` (--${toOption(param)})` : '';
    throw new CliError(`${err.message}${option}`);
  }
}

/** Cost per day, then the totals, unknown models and errors. */
export function render(a: Plain): string {
  const targets = list(a.targets).map((t) => text(t.id));
  const days = list(a.days);
  const head = [{ title: 'DATE' }, { title: 'AS BILLED', align: 'right' as const }, { title: 'TODAY', align: 'right' as const },
    ...targets.map((_, i) => ({ title: `T${i + 1}`, align: 'right' as const })), { title: 'REPORTED', align: 'right' as const }];
  const line = (label: string, s: Plain) => [label, usd(s.cost), usd(s.today), ...targets.map((id) => usd(record(s.targets)[id])), usd(s.reported)];
  const totals = record(a.totals);
  const reported = record(totals.reported);
  const rows = [...days.map((d) => line(text(d.date), d)), line('TOTAL', { ...totals, reported: reported.cost })];
  const read = record(a.read);
  const notes = [
    `${text(a.format)} export: ${text(read.rows)} rows, ${text(read.pricedRows)} priced; AS BILLED at each row's date's prices, TODAY at ${text(a.today)}'s.`,
    ...targets.map((id, i) => `T${i + 1} = ${id} (today's prices).`),
    ...(reported.rows ? [`Reported cost / ours: ${text(reported.ratio)} over ${text(reported.rows)} rows; ${text(reported.mismatches)} reported as $0 for a priced model (mismatches).`] : []),
    ...list(a.unknownModels).map((u) => `Not priced: ${text(u.model ?? '(no model)')} (rows ${text(u.rows)}). ${text(u.reason)}${list(u.suggestions).length ? ` Nearest: ${text(u.suggestions)}.` : ''}`),
    ...list(a.errors).map((e) => `Row ${text(e.row)}, ${text(e.field)}: ${text(e.message)}`),
  ];
  return `${table(head, rows)}\n\n${notes.map((n) => prose(n)).join('\n')}`;
}
