/**
 * The MCP tools: each one is an HTTP endpoint's own query schema and handler, so a tool takes the
 * same parameters, validates them with the same messages and answers with the same JSON.
 */
import * as z from 'zod';
import { TextReply, type Endpoint, type RequestContext } from '../endpoints/endpoint.js';
import { ApiError } from '../endpoints/errors.js';
import { calculate, cheapest, compare, pricing, recommend } from '../endpoints/index.js';
import { toJson } from '../endpoints/json.js';
import { parseQuery, type QuerySchema } from '../endpoints/params.js';

/** A JSON Schema object, as MCP's tools/list carries it. */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  [key: string]: unknown;
}

export interface Tool {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
  /** Runs the tool: the endpoint's JSON answer as text, or its error envelope. */
  call(args: Record<string, unknown>, ctx: RequestContext): { json: string; isError: boolean };
}

/**
 * A tool over an endpoint. `keys` keeps only some of its parameters (the rest stay at their
 * defaults); `required` marks those the endpoint would otherwise answer with missing_parameter.
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
    call(args, ctx) {
      try {
        // The picked schema holds a subset of the endpoint's optional parameters, so its output
        // is a valid (partial) parameter object for the endpoint's handler.
        const params = parseQuery(toSearchParams(args), schema) as z.output<S>;
        const reply = endpoint.handle(params, ctx);
        if (reply instanceof TextReply) throw new Error(`${endpoint.path} did not answer with JSON`);
        return { json: toJson(reply), isError: false };
      } catch (err) {
        if (err instanceof ApiError) return { json: toJson(err.toBody()), isError: true };
        throw err;
      }
    },
  };
}

export const TOOLS: readonly Tool[] = [
  endpointTool('get_model_price', "One model's prices per 1M tokens, context window and tier", pricing, {
    keys: ['model'],
    required: ['model'],
  }),
  endpointTool('calculate_cost', 'What a workload costs on one model (model) or several (models)', calculate),
  endpointTool('find_cheapest', 'The cheapest models for a workload, 30 days a month', cheapest),
  endpointTool('compare_models', 'Compare 2 to 10 models on one workload, with what the cheapest saves', compare, {
    required: ['models'],
  }),
  endpointTool('recommend_models', 'The models best suited to a use case within tier, quality, cost and context limits', recommend),
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
