/**
 * The MCP tools: each one is an HTTP endpoint, asked as a GET of its path with the arguments as
 * its query, through the same service (and answer cache) as HTTP clients; a tool takes the
 * endpoint's parameters (described by its query schema) and answers with the same JSON.
 */
import * as z from 'zod';
import type { Endpoint } from '../endpoints/endpoint.js';
import { ApiError } from '../lib/errors.js';
import { calculate, cheapest, compare, pricing, recommend } from '../endpoints/index.js';
import { toJson } from '../lib/json.js';
import { parseQuery, type QuerySchema } from '../endpoints/params.js';
import { offers } from '../endpoints/offers.js';
import { repriceTool } from './reprice-tool.js';

/** A JSON Schema object, as MCP's tools/list carries it. */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  [key: string]: unknown;
}

/** Asks the service for a path and query (`/api/pricing?model=x`): its answer, as an HTTP client gets it (a GET unless `init` says; reprice_usage POSTs). */
export type Ask = (target: string, init?: RequestInit) => Promise<Response>;

export interface Tool {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
  /** Runs the tool: the endpoint's JSON answer as text, or its error envelope. */
  call(args: Record<string, unknown>, ask: Ask): Promise<{ json: string; isError: boolean }>;
}

/**
 * A tool over an endpoint. `keys` keeps only some of its parameters (the rest stay at their
 * defaults); `required` marks those a call must give (get_model_price without a model would
 * otherwise be the whole catalogue).
 */
function endpointTool<S extends QuerySchema>(
  name: string,
  description: string,
  endpoint: Endpoint<S>,
  options: { keys?: readonly (keyof S['shape'] & string)[]; required?: readonly string[] } = {},
): Tool {
  const schema: QuerySchema = options.keys
    ? z.object(Object.fromEntries(options.keys.map((k) => [k, endpoint.query.shape[k] as QuerySchema['shape'][string]])))
    : endpoint.query;
  return {
    name,
    description: `${description} (same as GET ${endpoint.path}; money in USD, exact decimals).`,
    inputSchema: inputSchemaOf(schema, options.required ?? []),
    async call(args, ask) {
      let query: string;
      try {
        const search = toSearchParams(args);
        // The tool's own parameters (some tools take fewer than their endpoint), checked before asking.
        parseQuery(search, schema);
        for (const param of options.required ?? []) {
          if (!search.get(param)) throw new ApiError(400, 'missing_parameter', `${param} is required.`, { param });
        }
        query = toQuery(search);
      } catch (err) {
        if (err instanceof ApiError) return { json: toJson(err.toBody()), isError: true };
        throw err;
      }
      const response = await ask(query === '' ? endpoint.path : `${endpoint.path}?${query}`);
      return { json: await response.text(), isError: response.status !== 200 };
    },
  };
}

export const TOOLS: readonly Tool[] = [
  endpointTool('get_model_price', "One model's prices per 1M tokens, context window and tier", pricing, {
    keys: ['model'],
    required: ['model'],
  }),
  endpointTool('calculate_cost', 'What a workload costs on one model (model) or several (models)', calculate),
  endpointTool('find_cheapest', 'The cheapest models that can run a workload, for the days a month given (30 by default)', cheapest),
  endpointTool('compare_models', 'Compare 2 to 10 models on one workload, with what the cheapest saves', compare, {
    required: ['models'],
  }),
  endpointTool('recommend_models', 'The models best suited to a use case within tier, quality, cost and context limits', recommend),
  endpointTool('list_offers', "Every seller's door to one model (maker, clouds, hosts), ranked by the workload's monthly cost, with the doors kept out and why", offers, {
    required: ['model'],
  }),
  repriceTool,
];

/**
 * The query schema's JSON Schema (its input side: the text a query string carries), widened so
 * that an agent may also pass numbers, and lists of ids as arrays, as JSON arguments naturally are.
 */
function inputSchemaOf(schema: QuerySchema, required: readonly string[]): ToolInputSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> };
  const properties: Record<string, object> = {};
  for (const [name, property] of Object.entries(json.properties ?? {})) {
    // toJSONSchema leaves out a default given in .meta() on the input side; agents should see it.
    const fallback = schema.shape[name]?.meta()?.default;
    const { type: _type, ...rest }: Record<string, unknown> = { ...property, ...(fallback === undefined ? {} : { default: fallback }) };
    properties[name] = 'enum' in property
      ? { ...rest, type: 'string' }
      : { ...rest, anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { type: ['string', 'number'] } }] };
  }
  return { type: 'object', properties, ...(required.length ? { required: [...required] } : {}), additionalProperties: false };
}

/**
 * A query as a browser or the docs would spell it (commas left as they are), so that a tool call
 * and an HTTP request asking the same thing share one entry in the answer cache.
 */
function toQuery(search: URLSearchParams): string {
  return [...search].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value).replaceAll('%2C', ',')}`).join('&');
}

/** Tool arguments as the query the endpoint reads: numbers as text, arrays comma-joined. */
export function toSearchParams(args: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    const items = Array.isArray(value) ? value : [value];
    if (!items.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) {
      throw new ApiError(400, 'invalid_parameter', `${name} must be a string, a number or a list of them.`, { param: name });
    }
    search.append(name, items.map(String).join(','));
  }
  return search;
}
