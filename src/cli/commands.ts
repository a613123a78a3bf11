/**
 * The commands that answer from the catalogue: each is an HTTP endpoint (its query schema,
 * defaults, validation and handler) plus a way to print its JSON answer as a table.
 */
import type { Endpoint } from '../endpoints/endpoint.js';
import { calculate, cheapest, compare, pricing, recommend } from '../endpoints/index.js';
import type { QuerySchema } from '../endpoints/params.js';
import { CliError } from './cli-error.js';
import { pairs, table } from './table.js';

/** An endpoint's JSON answer, every amount printable exactly: numbers that print back as the answer wrote them, any other amount as its decimal text (see toPlain in run.ts). */
type Plain = Record<string, unknown>;

export interface QueryCommand {
  name: string;
  summary: string;
  /** What the positional words are, for the usage line (`<id>`, `[id...]`). */
  positionals: string;
  endpoint: Endpoint<QuerySchema>;
  /** The endpoint's parameters this command takes (all when unset). */
  params?: readonly string[];
  /** Positional model ids → query parameters. */
  fromPositionals(ids: readonly string[]): Array<[string, string]>;
  render(answer: Plain): string;
}

const none = (what: string) => (ids: readonly string[]): Array<[string, string]> => {
  if (ids.length) throw new CliError(`${what} takes no model ids; got ${ids.join(' ')}`);
  return [];
};

export const QUERY_COMMANDS: readonly QueryCommand[] = [
  {
    name: 'list',
    summary: 'List the models and their prices, filtered by provider and tier',
    positionals: '',
    endpoint: pricing as unknown as Endpoint<QuerySchema>,
    params: ['provider', 'tier', 'status'],
    fromPositionals: none('list'),
    render: (a) => {
      const models = list(a.models);
      const meta = record(a.meta);
      return `${table(
        [{ title: 'ID' }, { title: 'NAME' }, { title: 'PROVIDER' }, { title: 'TIER' }, { title: 'INPUT $/1M', align: 'right' }, { title: 'OUTPUT $/1M', align: 'right' }, { title: 'CONTEXT', align: 'right' }],
        models.map((m) => [text(m.id), text(m.name), text(m.provider), text(m.tier), text(m.input), text(m.output), text(m.context)]),
      )}\n\n${models.length} models; prices last checked ${text(meta.lastUpdated)}.`;
    },
  },
  {
    name: 'price',
    summary: "One model's prices, context window and tier",
    positionals: '<id>',
    endpoint: pricing as unknown as Endpoint<QuerySchema>,
    params: ['model'],
    fromPositionals: (ids) => {
      if (ids.length > 1) throw new CliError(`price takes one model id; got ${ids.length}`);
      return ids.length ? [['model', ids[0] ?? '']] : [];
    },
    render: (a) => `${pairs(flatten(record(a.model)))}${aliasNotes([{ id: record(a.model).id, requestedId: a.requestedId }])}`,
  },
  {
    name: 'calc',
    summary: 'What a workload costs on one model, or on several',
    positionals: '<id> [id...]',
    endpoint: calculate as unknown as Endpoint<QuerySchema>,
    fromPositionals: (ids) => (ids.length === 0 ? [] : ids.length === 1 ? [['model', ids[0] ?? '']] : [['models', ids.join(',')]]),
    render: (a) => {
      const rows = a.results === undefined ? [{ id: a.model, requestedId: a.requestedId, costs: a.costs }] : list(a.results);
      return `${workloadLine(record(a.workload))}\n\n${costTable(rows)}${aliasNotes(rows)}`;
    },
  },
  {
    name: 'cheapest',
    summary: 'The cheapest models for a workload (30 days a month)',
    positionals: '',
    endpoint: cheapest as unknown as Endpoint<QuerySchema>,
    fromPositionals: none('cheapest'),
    render: (a) => {
      const rows = list(a.recommendations);
      if (rows.length === 0) return `${workloadLine(record(a.workload))}\n\nNo model fits these filters.`;
      return `${workloadLine(record(a.workload))}\n\n${table(
        [{ title: 'RANK', align: 'right' }, { title: 'ID' }, { title: 'NAME' }, { title: 'TIER' }, { title: 'PER REQUEST', align: 'right' }, { title: 'MONTHLY', align: 'right' }],
        rows.map((r) => { const c = record(r.costs); return [text(r.rank), text(r.id), text(r.name), text(r.tier), usd(c.perRequest), usd(c.monthly)]; }),
      )}`;
    },
  },
  {
    name: 'compare',
    summary: 'Compare 2 to 10 models on one workload (30 days a month)',
    positionals: '<id> <id> [id...]',
    endpoint: compare as unknown as Endpoint<QuerySchema>,
    fromPositionals: (ids) => (ids.length ? [['models', ids.join(',')]] : []),
    render: (a) => {
      const summary = record(a.summary);
      const cheapestModel = record(summary.cheapest);
      const dearest = record(summary.mostExpensive);
      return [
        workloadLine(record(a.workload)),
        '',
        costTable(list(a.comparison)) + aliasNotes(list(a.comparison)),
        '',
        `Cheapest: ${text(cheapestModel.name)} at ${usd(cheapestModel.monthly)} a month; most expensive: ${text(dearest.name)} at ${usd(dearest.monthly)}.`,
        `Savings: ${savings(summary.savings)}.`,
      ].join('\n');
    },
  },
  {
    name: 'recommend',
    summary: 'Recommended models for a use case: suitability and quality first, then cost',
    positionals: '',
    endpoint: recommend as unknown as Endpoint<QuerySchema>,
    fromPositionals: none('recommend'),
    render: (a) => {
      const rows = list(a.recommendations);
      if (rows.length === 0) return 'No model meets these criteria.';
      return table(
        [{ title: 'RANK', align: 'right' }, { title: 'ID' }, { title: 'NAME' }, { title: 'TIER' }, { title: 'QUALITY', align: 'right' }, { title: 'CONTEXT', align: 'right' }, { title: 'PER REQUEST', align: 'right' }, { title: 'WHY' }],
        rows.map((r) => [text(r.rank), text(r.id), text(r.name), text(r.tier), text(r.quality), text(r.context), usd(r.costPerRequest), text(r.reason)]),
      );
    },
  },
];

function costTable(rows: readonly Plain[]): string {
  return table(
    [{ title: 'ID' }, { title: 'PER REQUEST', align: 'right' }, { title: 'DAILY', align: 'right' }, { title: 'MONTHLY', align: 'right' }, { title: 'YEARLY', align: 'right' }],
    rows.map((r) => {
      const c = record(r.costs);
      return [text(r.id), usd(c.perRequest), usd(c.daily), usd(c.monthly), usd(c.yearly)];
    }),
  );
}

/** A line per row asked for by an alias: which model the alias named. */
function aliasNotes(rows: readonly Plain[]): string {
  return rows
    .filter((r) => typeof r.requestedId === 'string')
    .map((r) => `\n${text(r.requestedId)} is an alias of ${text(r.id)}.`)
    .join('');
}

/** "2,000 input + 500 output tokens per request, 1,000 requests a day, 30 days a month (standard)". */
function workloadLine(w: Plain): string {
  const n = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-US') : text(v));
  const requests = w.requests ?? w.requests_per_day;
  const parts = [`${n(w.input_tokens)} input + ${n(w.output_tokens)} output tokens per request`];
  if (requests !== undefined) parts.push(`${n(requests)} requests a day`);
  if (w.days !== undefined) parts.push(`${n(w.days)} days a month`);
  return `Workload: ${parts.join(', ')}${typeof w.mode === 'string' ? ` (${w.mode})` : ''}.`;
}

function savings(value: unknown): string {
  if (typeof value === 'string') return usd(value);
  return flatten(record(value)).map(([k, v]) => (k === 'percent' ? `${v}%` : `${k} ${/^-?\d/.test(v) ? usd(v) : v}`)).join(', ');
}

/** Nested fields as dotted keys: longContext.threshold. */
function flatten(value: Plain, prefix = ''): Array<[string, string]> {
  return Object.entries(value).flatMap(([k, v]): Array<[string, string]> =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? flatten(v as Plain, `${prefix}${k}.`) : [[`${prefix}${k}`, text(v)]],
  );
}

function usd(value: unknown): string {
  return value === undefined || value === null ? '' : `$${text(value)}`;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(text).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function record(value: unknown): Plain {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Plain) : {};
}

function list(value: unknown): Plain[] {
  return Array.isArray(value) ? value.map(record) : [];
}
