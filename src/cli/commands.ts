/**
 * The commands that answer from the catalogue: each is an HTTP endpoint (its query schema,
 * defaults, validation and handler) plus a way to print its JSON answer in 80 columns.
 */
import type { Endpoint } from '../endpoints/endpoint.js';
import { calculate, cheapest, compare, pricing, recommend } from '../endpoints/index.js';
import type { QuerySchema } from '../endpoints/params.js';
import { CliError } from './cli-error.js';
import { rowNotes, costTable, emptyList, excludedLine, list, modelCard, price, record, text, usd, workloadLine, type Plain } from './render.js';
import { prose, table } from './table.js';
import { offersCommand } from './offers-command.js';

export interface QueryCommand {
  name: string;
  summary: string;
  /** What the positional words are, for the usage line (`<id>`, `[id...]`). */
  positionals: string;
  endpoint: Endpoint<QuerySchema>;
  /** The endpoint's parameters this command takes (all when unset). */
  params?: readonly string[];
  /** Positional model ids (given apart or comma-separated, already split) → query parameters. */
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
      if (models.length === 0) return emptyList(a, 'No model matches these filters.');
      return `${table(
        [{ title: 'ID', wrap: true }, { title: 'TIER' }, { title: 'IN $/1M', align: 'right' }, { title: 'OUT $/1M', align: 'right' }, { title: 'CONTEXT', align: 'right' }],
        models.map((m) => [text(m.id), text(m.tier), price(m.input), price(m.output), text(m.context)]),
      )}\n\n${prose(`${models.length} models, prices in USD per 1M tokens, last checked ${text(meta.lastUpdated)}.`)}`;
    },
  },
  {
    name: 'price',
    summary: "One model's prices, context window, quality and source",
    positionals: '<id>',
    endpoint: pricing as unknown as Endpoint<QuerySchema>,
    params: ['model'],
    fromPositionals: (ids) => {
      if (ids.length > 1) throw new CliError(`price takes one model id; got ${ids.length}`);
      return ids.length ? [['model', ids[0] ?? '']] : [];
    },
    render: (a) => `${modelCard(record(a.model), a.source)}${rowNotes([{ id: record(a.model).id, requestedId: a.requestedId }])}`,
  },
  {
    name: 'calc',
    summary: 'What a workload costs on one model, or on several',
    positionals: '<id> [id...]',
    endpoint: calculate as unknown as Endpoint<QuerySchema>,
    fromPositionals: (ids) => (ids.length === 0 ? [] : ids.length === 1 ? [['model', ids[0] ?? '']] : [['models', ids.join(',')]]),
    render: (a) => {
      const rows = a.results === undefined ? [{ id: a.model, requestedId: a.requestedId, costs: a.costs, appliedPrices: a.appliedPrices, warnings: a.warnings }] : list(a.results);
      return `${workloadLine(record(a.workload))}\n\n${costTable(rows)}${rowNotes(rows)}`;
    },
  },
  {
    name: 'cheapest',
    summary: 'The cheapest models that can run a workload',
    positionals: '',
    endpoint: cheapest as unknown as Endpoint<QuerySchema>,
    fromPositionals: none('cheapest'),
    render: (a) => {
      const rows = list(a.recommendations);
      const body = rows.length === 0 ? emptyList(a, 'No model fits these filters.') : table(
        [{ title: '#', align: 'right' }, { title: 'ID', wrap: true }, { title: 'TIER' }, { title: 'PER REQUEST', align: 'right' }, { title: 'MONTHLY', align: 'right' }],
        // With --sellers, the door each model is priced at (<model-id>@<seller>).
        rows.map((r) => { const c = record(r.costs); return [text(r.rank), text(r.door ?? r.id), text(r.tier), usd(c.perRequest), usd(c.monthly)]; }),
      );
      return `${workloadLine(record(a.workload))}\n\n${body}${rowNotes(rows)}${excludedLine(a)}`;
    },
  },
  {
    name: 'compare',
    summary: 'Compare 2 to 10 models on one workload',
    positionals: '<id> <id> [id...]',
    endpoint: compare as unknown as Endpoint<QuerySchema>,
    fromPositionals: (ids) => (ids.length ? [['models', ids.join(',')]] : []),
    render: (a) => {
      const summary = record(a.summary);
      const cheapestModel = record(summary.cheapest);
      const dearest = record(summary.mostExpensive);
      const savings = record(summary.savings);
      return [
        workloadLine(record(a.workload)),
        '',
        costTable(list(a.comparison)) + rowNotes(list(a.comparison)),
        '',
        prose(`Cheapest: ${text(cheapestModel.name)} at ${usd(cheapestModel.monthly)} a month; most expensive: ${text(dearest.name)} at ${usd(dearest.monthly)}.`),
        prose(`Savings: ${usd(savings.monthly)} a month, ${usd(savings.yearly)} a year (${text(savings.percent)}%).`),
        // On a service tier: the models not sold on it name no saving (compare's summary.notOnTier).
        ...(Array.isArray(summary.notOnTier) && summary.notOnTier.length ? [prose(`Not sold on the ${text(record(a.workload).service_tier)} tier (priced at standard, no saving named): ${text(summary.notOnTier)}.`)] : []),
      ].join('\n');
    },
  },
  {
    name: 'recommend',
    summary: 'Recommended models for a use case, ranked by benchmark score (or --sort value|cost), with the evidence',
    positionals: '',
    endpoint: recommend as unknown as Endpoint<QuerySchema>,
    fromPositionals: none('recommend'),
    render: (a) => {
      const rows = list(a.recommendations);
      const workload = `${workloadLine(record(a.workload))}\n\n`;
      if (rows.length === 0) return workload + emptyList(a, 'No model meets these criteria.') + excludedLine(a);
      // The context is in each reason; the monthly cost is what a person budgets.
      return workload + table(
        [{ title: '#', align: 'right' }, { title: 'ID', wrap: true }, { title: 'TIER' }, { title: 'SCORE', align: 'right' }, { title: 'PER REQUEST', align: 'right' }, { title: 'MONTHLY', align: 'right' }],
        rows.map((r) => [text(r.rank), text(r.door ?? r.id), text(r.tier), `${text(r.score)}/100`, usd(r.costPerRequest), usd(record(r.costs).monthly)]),
      ) + `\n\n${rows.map((r) => prose(`#${text(r.rank)}: ${text(r.reason)}`)).join('\n')}` + rowNotes(rows) + excludedLine(a);
    },
  },
  offersCommand,
];
