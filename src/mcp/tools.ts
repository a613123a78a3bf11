/**
 * The MCP tools, one per endpoint that declares one: a tool asks its endpoint as an HTTP client
 * would (a GET of its path with the arguments as its query, or a POST with the body argument as
 * the body), through the same service (and answer cache); it takes the endpoint's parameters
 * (described by its query schema) and answers with the same JSON.
 */
import * as z from 'zod';
import type { AnyEndpoint, ToolDoc } from '../endpoints/endpoint.js';
import { ApiError } from '../lib/errors.js';
import { API_ENDPOINTS } from '../endpoints/index.js';
import { toJson } from '../lib/json.js';
import { parseQuery, type QuerySchema } from '../endpoints/params.js';

/** A JSON Schema object, as MCP's tools/list carries it. */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  [key: string]: unknown;
}

/** Asks the service for a path and query (`/api/pricing?model=x`): its answer, as an HTTP client gets it (a GET unless `init` says; a body's tool POSTs). */
export type Ask = (target: string, init?: RequestInit) => Promise<Response>;

export interface Tool {
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
  /** Runs the tool: the endpoint's JSON answer as text, or its error envelope. */
  call(args: Record<string, unknown>, ask: Ask): Promise<{ json: string; isError: boolean }>;
}

/** The endpoint's tool: its declared parameters (the rest stay at their defaults), and its body as one argument. */
function endpointTool(endpoint: AnyEndpoint, tool: ToolDoc): Tool {
  const shape = endpoint.query.shape;
  const schema: QuerySchema = tool.keys
    ? z.object(Object.fromEntries(tool.keys.map((k) => [k, shape[k] as QuerySchema['shape'][string]])))
    : endpoint.query;
  const body = endpoint.body?.argument;
  const required = [...(body ? [body.name] : []), ...(tool.required ?? [])];
  const fixed = Object.entries(body?.query ?? {});
  const method = endpoint.method ?? 'GET';
  const inputSchema = inputSchemaOf(schema, required);
  if (body) inputSchema.properties = { [body.name]: bodySchemaOf(body.schema), ...inputSchema.properties };
  return {
    name: tool.name,
    description: `${tool.description} (same as ${method} ${endpoint.path}${fixed.map(([k, v]) => ` with ${k}=${v}`).join('')}; money in USD, exact decimals).`,
    inputSchema,
    async call(args, ask) {
      let query: string;
      const { [body?.name ?? '']: sent, ...params } = args;
      try {
        const search = toSearchParams(body ? params : args);
        // The tool's own parameters (some tools take fewer than their endpoint), checked before asking.
        parseQuery(search, schema);
        for (const param of tool.required ?? []) {
          if (!search.get(param)) throw new ApiError(400, 'missing_parameter', `${param} is required.`, { param });
        }
        if (body && (typeof sent !== 'object' || sent === null)) {
          throw new ApiError(400, 'missing_parameter', `${body.name} is required: ${body.what}.`, { param: body.name });
        }
        query = toQuery(new URLSearchParams([...fixed, ...search]));
      } catch (err) {
        if (err instanceof ApiError) return { json: toJson(err.toBody()), isError: true };
        throw err;
      }
      const target = query === '' ? endpoint.path : `${endpoint.path}?${query}`;
      const response = await ask(
        target,
        body ? { method, body: JSON.stringify(sent), headers: { 'content-type': 'application/json' } } : undefined,
      );
      return { json: await response.text(), isError: response.status !== 200 };
    },
  };
}

export const TOOLS: readonly Tool[] = API_ENDPOINTS.flatMap((e) => (e.tool ? [endpointTool(e, e.tool)] : []));

/** The body argument's JSON Schema (its input side: what a caller writes). */
function bodySchemaOf(schema: z.ZodType): object {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/**
 * The query schema's JSON Schema (its input side: the text a query string carries), widened so
 * that an agent may also pass numbers, and lists of ids as arrays, as JSON arguments naturally are.
 */
function inputSchemaOf(schema: QuerySchema, required: readonly string[]): ToolInputSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Record<string, unknown>>;
  };
  const properties: Record<string, object> = {};
  for (const [name, property] of Object.entries(json.properties ?? {})) {
    // toJSONSchema leaves out a default given in .meta() on the input side; agents should see it.
    const fallback = schema.shape[name]?.meta()?.default;
    const { type: _type, ...rest }: Record<string, unknown> = {
      ...property,
      ...(fallback === undefined ? {} : { default: fallback }),
    };
    properties[name] =
      'enum' in property
        ? { ...rest, type: 'string' }
        : {
            ...rest,
            anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { type: ['string', 'number'] } }],
          };
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}

/**
 * A query as a browser or the docs would spell it (commas left as they are), so that a tool call
 * and an HTTP request asking the same thing share one entry in the answer cache.
 */
function toQuery(search: URLSearchParams): string {
  return [...search]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value).replaceAll('%2C', ',')}`)
    .join('&');
}

/** Tool arguments as the query the endpoint reads: numbers as text, arrays comma-joined. */
export function toSearchParams(args: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    const items = Array.isArray(value) ? value : [value];
    if (!items.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) {
      throw new ApiError(400, 'invalid_parameter', `${name} must be a string, a number or a list of them.`, {
        param: name,
      });
    }
    search.append(name, items.map(String).join(','));
  }
  return search;
}
