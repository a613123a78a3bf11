/** The OpenAPI operation of POST /api/reprice (the document's GET operations come from the endpoints). */
import { MAX_BODY_BYTES, MAX_ROWS } from '../endpoints/reprice.js';
import { CSV_COLUMNS } from '../core/usage/csv.js';

type JsonObject = Record<string, unknown>;

const ERROR = { $ref: '#/components/schemas/Error' };
const money = { type: 'number', description: 'USD, exact to the nano-dollar.' };

export function repriceOperation(parameters: JsonObject[]): JsonObject {
  const errors = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });
  return {
    post: {
      operationId: 'apiReprice',
      summary: 'Re-price a usage export: each row at its own date\'s prices, at today\'s, and on each target',
      description:
        'Takes a usage export as the body: ccusage daily/monthly JSON, OpenAI Usage API completions buckets, Anthropic ' +
        'usage_report/messages, OpenRouter activity, a CSV with the columns ' + CSV_COLUMNS.join(',') + ', or a JSON list of ' +
        `objects with those columns. At most ${MAX_BODY_BYTES} bytes and ${MAX_ROWS} rows. Nothing is stored; the answer is ` +
        '`Cache-Control: no-store`. Its work counts against the rate limit: one request per 100 row-prices (each row once, once more per target) ' +
        'and per 5 distinct unknown names. Each row priced comes with detail=rows. See docs/api.md for each format\'s rules.',
      tags: ['API'],
      parameters,
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { description: 'A usage export in one of the JSON formats, or a list of rows.' } },
          'text/csv': { schema: { type: 'string', description: `A header line (${CSV_COLUMNS.join(',')}; date and model required), then one row a line.` } },
        },
      },
      responses: {
        200: {
          description: 'The totals, a series per day, unknown models apart, per-row errors; each row priced with detail=rows (last).',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['format', 'today', 'read', 'totals', 'days', 'unknownModels', 'errors'],
                properties: {
                  format: { type: 'string' },
                  today: { type: 'string', format: 'date' },
                  read: { type: 'object', description: 'What was read: rows, models, dates, units.' },
                  totals: {
                    type: 'object',
                    properties: { cost: money, today: money, targets: { type: 'object', additionalProperties: money }, reported: { type: 'object' } },
                  },
                  days: { type: 'array', items: { type: 'object' } },
                  rows: { type: 'array', items: { type: 'object' }, description: 'Each row priced (detail=rows only).' },
                  unknownModels: { type: 'array', items: { type: 'object' } },
                  errors: { type: 'array', items: { type: 'object', properties: { row: { type: 'integer' }, field: { type: 'string' }, message: { type: 'string' } } } },
                },
              },
            },
          },
        },
        400: errors('The export cannot be read: the message names the row and field (param).'),
        404: errors('A target model is not known (with suggestions).'),
        413: errors(`Over ${MAX_BODY_BYTES} bytes or ${MAX_ROWS} rows: split the export and send each part.`),
        429: errors('Rate limited (an upload counts one request per 100 row-prices, and per 5 distinct unknown names, charged as its work is done).'),
        503: errors('The uploads being received hold all the memory they may: retry after Retry-After seconds.'),
      },
    },
  };
}
