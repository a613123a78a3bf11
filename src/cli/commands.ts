/**
 * The commands that answer from the catalogue: each is declared by its endpoint (its name, words,
 * positionals, query schema, defaults, validation and handler, endpoints/), and printed here in
 * 80 columns from its JSON answer.
 */
import type { AnyEndpoint, CommandDoc } from '../endpoints/endpoint.js';
import { API_ENDPOINTS } from '../endpoints/index.js';
import { CliError } from './cli-error.js';
import {
  rowNotes,
  costTable,
  emptyList,
  excludedLine,
  list,
  modelCard,
  price,
  record,
  text,
  usd,
  workloadLine,
  type Plain,
} from './render.js';
import { prose, table } from './table.js';
import { renderOffers } from './offers-command.js';
import { renderReprice } from './reprice.js';

export interface QueryCommand extends CommandDoc {
  endpoint: AnyEndpoint;
  render(answer: Plain): string;
}

/** Positional model ids (given apart or comma-separated, already split) as the query parameters the command's declaration names. */
export function fromPositionals(command: QueryCommand, ids: readonly string[]): Array<[string, string]> {
  const to = command.ids;
  if (to === undefined) {
    if (ids.length) throw new CliError(`${command.name} takes no model ids; got ${ids.join(' ')}`);
    return [];
  }
  if (ids.length === 0) return [];
  if (ids.length === 1 && to.one !== undefined) return [[to.one, ids[0] ?? '']];
  if (to.many === undefined) throw new CliError(`${command.name} takes one model id; got ${ids.length}`);
  return [[to.many, ids.join(',')]];
}

/** Each command's table, by its name. */
const RENDER: Readonly<Record<string, (answer: Plain) => string>> = {
  list: (a) => {
    const models = list(a.models);
    const meta = record(a.meta);
    if (models.length === 0) return emptyList(a, 'No model matches these filters.');
    return `${table(
      [
        { title: 'ID', wrap: true },
        { title: 'TIER' },
        { title: 'IN $/1M', align: 'right' },
        { title: 'OUT $/1M', align: 'right' },
        { title: 'CONTEXT', align: 'right' },
      ],
      models.map((m) => [text(m.id), text(m.tier), price(m.input), price(m.output), text(m.context)]),
    )}\n\n${prose(`${models.length} models, prices in USD per 1M tokens, last checked ${text(meta.lastUpdated)}.`)}`;
  },
  price: (a) =>
    `${modelCard(record(a.model), a.source)}${rowNotes([{ id: record(a.model).id, requestedId: a.requestedId }])}`,
  calc: (a) => {
    const rows =
      a.results === undefined
        ? [
            {
              id: a.model,
              requestedId: a.requestedId,
              costs: a.costs,
              appliedPrices: a.appliedPrices,
              warnings: a.warnings,
            },
          ]
        : list(a.results);
    return `${workloadLine(record(a.workload))}\n\n${costTable(rows)}${rowNotes(rows)}`;
  },
  cheapest: (a) => {
    const rows = list(a.recommendations);
    const body =
      rows.length === 0
        ? emptyList(a, 'No model fits these filters.')
        : table(
            [
              { title: '#', align: 'right' },
              { title: 'ID', wrap: true },
              { title: 'TIER' },
              { title: 'PER REQUEST', align: 'right' },
              { title: 'MONTHLY', align: 'right' },
            ],
            // With --sellers, the door each model is priced at (<model-id>@<seller>).
            rows.map((r) => {
              const c = record(r.costs);
              return [text(r.rank), text(r.door ?? r.id), text(r.tier), usd(c.perRequest), usd(c.monthly)];
            }),
          );
    return `${workloadLine(record(a.workload))}\n\n${body}${rowNotes(rows)}${excludedLine(a)}`;
  },
  compare: (a) => {
    const summary = record(a.summary);
    const cheapestModel = record(summary.cheapest);
    const dearest = record(summary.mostExpensive);
    const savings = record(summary.savings);
    return [
      workloadLine(record(a.workload)),
      '',
      costTable(list(a.comparison)) + rowNotes(list(a.comparison)),
      '',
      prose(
        `Cheapest: ${text(cheapestModel.name)} at ${usd(cheapestModel.monthly)} a month; most expensive: ${text(dearest.name)} at ${usd(dearest.monthly)}.`,
      ),
      prose(`Savings: ${usd(savings.monthly)} a month, ${usd(savings.yearly)} a year (${text(savings.percent)}%).`),
      // On a service tier: the models not sold on it name no saving (compare's summary.notOnTier).
      ...(Array.isArray(summary.notOnTier) && summary.notOnTier.length
        ? [
            prose(
              `Not sold on the ${text(record(a.workload).service_tier)} tier (priced at standard, no saving named): ${text(summary.notOnTier)}.`,
            ),
          ]
        : []),
    ].join('\n');
  },
  recommend: (a) => {
    const rows = list(a.recommendations);
    const workload = `${workloadLine(record(a.workload))}\n\n`;
    if (rows.length === 0) return workload + emptyList(a, 'No model meets these criteria.') + excludedLine(a);
    // The context is in each reason; the monthly cost is what a person budgets.
    return (
      workload +
      table(
        [
          { title: '#', align: 'right' },
          { title: 'ID', wrap: true },
          { title: 'TIER' },
          { title: 'SCORE', align: 'right' },
          { title: 'PER REQUEST', align: 'right' },
          { title: 'MONTHLY', align: 'right' },
        ],
        rows.map((r) => [
          text(r.rank),
          text(r.door ?? r.id),
          text(r.tier),
          `${text(r.score)}/100`,
          usd(r.costPerRequest),
          usd(record(r.costs).monthly),
        ]),
      ) +
      `\n\n${rows.map((r) => prose(`#${text(r.rank)}: ${text(r.reason)}`)).join('\n')}` +
      rowNotes(rows) +
      excludedLine(a)
    );
  },
  offers: renderOffers,
  reprice: renderReprice,
};

/** The commands, in the order of the endpoints that declare them. */
export const QUERY_COMMANDS: readonly QueryCommand[] = API_ENDPOINTS.flatMap((endpoint) =>
  (endpoint.commands ?? []).map((command) => {
    const render = RENDER[command.name];
    if (render === undefined) throw new Error(`The command ${command.name} has no table (cli/commands.ts).`);
    return { ...command, endpoint, render };
  }),
);
