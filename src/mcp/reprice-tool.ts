/**
 * The MCP tool reprice_usage: usage rows (this service's CSV columns, as objects) priced as POST
 * /api/reprice prices them, asked of the same service (so the rows count against the rate limit).
 */
import { CSV_COLUMNS } from '../core/usage/csv.js';
import { ApiError } from '../lib/errors.js';
import { toJson } from '../lib/json.js';
import { parseQuery } from '../endpoints/params.js';
import { MAX_ROWS, repriceQuery } from '../endpoints/reprice.js';
import type { Tool } from './tools.js';

const TARGET_KEYS = ['targets', 'target_mode', 'target_service_tier'] as const;

export const repriceTool: Tool = {
  name: 'reprice_usage',
  description:
    'Re-price usage rows: each at the prices in force on its date, at today\'s, and on each target model, with the cost the row reports beside ours ' +
    '(same as POST /api/reprice with format=rows; money in USD, exact decimals). Unknown models are listed apart, never priced as $0.',
  inputSchema: {
    type: 'object',
    properties: {
      rows: {
        type: 'array', maxItems: MAX_ROWS,
        description: `Usage rows; date (YYYY-MM-DD) and model required; counts inclusive (cached tokens are part of input_tokens). Columns: ${CSV_COLUMNS.join(', ')}.`,
        items: { type: 'object', properties: Object.fromEntries(CSV_COLUMNS.map((c) => [c, { type: ['string', 'number'] }])), required: ['date', 'model'], additionalProperties: false },
      },
      targets: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }], description: 'Model ids to price all of it on, at today\'s prices.' },
      target_mode: { type: 'string', enum: ['standard', 'batch'] },
      target_service_tier: { type: 'string', enum: ['standard', 'flex', 'priority', 'fast'] },
    },
    required: ['rows'],
    additionalProperties: false,
  },
  async call(args, ask) {
    const search = new URLSearchParams([['format', 'rows']]);
    try {
      for (const key of Object.keys(args)) {
        if (key !== 'rows' && !(TARGET_KEYS as readonly string[]).includes(key)) throw new ApiError(400, 'unknown_parameter', `Unknown argument ${JSON.stringify(key)}; reprice_usage takes rows, ${TARGET_KEYS.join(', ')}.`, { param: key });
      }
      if (!Array.isArray(args.rows)) throw new ApiError(400, 'missing_parameter', 'rows is required: a list of usage rows.', { param: 'rows' });
      for (const key of TARGET_KEYS) {
        const value = args[key];
        if (value !== undefined && value !== null) search.set(key, Array.isArray(value) ? value.map(String).join(',') : String(value));
      }
      parseQuery(search, repriceQuery);
    } catch (err) {
      if (err instanceof ApiError) return { json: toJson(err.toBody()), isError: true };
      throw err;
    }
    const response = await ask(`/api/reprice?${search.toString().replaceAll('%2C', ',')}`, {
      method: 'POST', body: JSON.stringify(args.rows), headers: { 'content-type': 'application/json' },
    });
    return { json: await response.text(), isError: response.status !== 200 };
  },
};
