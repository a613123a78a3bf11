/**
 * The OpenAPI 3.1 document, generated from the zod schemas the endpoints validate their queries
 * with and the response schemas tests hold the real answers to, so it cannot drift from the API.
 */
import { repriceQuery } from '../endpoints/reprice.js';
import { repriceOperation } from './reprice-openapi.js';
import { REPRICE_PATH } from './routes/reprice.js';
import * as z from 'zod';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Endpoint, RequestContext } from '../endpoints/endpoint.js';
import {
  badgeJsonResponseSchema, calculateResponseSchema, catalogueSchema, cheapestResponseSchema, compareResponseSchema,
  errorBodySchema, healthResponseSchema, tokenizersResponseSchema, modelRecordSchema, oneModelSchema, recommendResponseSchema, shieldsResponseSchema,
} from '../endpoints/responses/index.js';
import { offersResponseSchema } from '../endpoints/responses/offers.js';

type JsonObject = Record<string, unknown>;

/** Named schemas, referenced from responses as #/components/schemas/<id>. */
const components = z.registry<{ id: string }>();
components.add(errorBodySchema, { id: 'Error' });
components.add(modelRecordSchema, { id: 'Model' });
components.add(catalogueSchema, { id: 'Catalogue' });
components.add(oneModelSchema, { id: 'OneModel' });
components.add(calculateResponseSchema, { id: 'CalculateResponse' });
components.add(cheapestResponseSchema, { id: 'CheapestResponse' });
components.add(compareResponseSchema, { id: 'CompareResponse' });
components.add(recommendResponseSchema, { id: 'RecommendResponse' });
components.add(badgeJsonResponseSchema, { id: 'BadgeEmbed' });
components.add(shieldsResponseSchema, { id: 'ShieldsEndpoint' });
components.add(healthResponseSchema, { id: 'Health' });
components.add(offersResponseSchema, { id: 'OffersResponse' });
components.add(tokenizersResponseSchema, { id: 'TokenizersResponse' });

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: JsonObject) => ({ 'application/json': { schema } });
const text = (description: string) => ({ schema: { type: 'string', description } });

/** What an endpoint answers with when it succeeds, and which error statuses it can give. */
interface ResponseDoc {
  description: string;
  content: Record<string, { schema: JsonObject }>;
  /** Error statuses besides those every path can give (400 for a bad query, 405, 414). */
  errors?: readonly number[];
}

const RESPONSES: Record<string, ResponseDoc> = {
  '/data/pricing.json': { description: 'The whole catalogue.', content: json(ref('Catalogue')) },
  '/api/pricing': {
    description: 'The catalogue (filtered), or one model when model is given.',
    content: json({ oneOf: [ref('Catalogue'), ref('OneModel')] }),
    errors: [404],
  },
  '/api/calculate': { description: 'The workload cost on one model, or on each of several.', content: json(ref('CalculateResponse')), errors: [404] },
  '/api/cheapest': { description: 'The cheapest models for the workload, cheapest first.', content: json(ref('CheapestResponse')) },
  '/api/compare': { description: 'Costs per model and what the cheapest saves.', content: json(ref('CompareResponse')), errors: [404] },
  '/api/recommend': { description: 'Recommended models, best first.', content: json(ref('RecommendResponse')) },
  '/api/offers': { description: "Every seller's door to the model, vetted doors cheapest first, the kept-out apart with reasons.", content: json(ref('OffersResponse')), errors: [404] },
  '/api/tokenizers': { description: 'The tokenizers, which models use each and how exactly, the corpus and the measured table.', content: json(ref('TokenizersResponse')) },
  '/api/badge': {
    description: 'The badge (format=svg), embed snippets (json), shields endpoint JSON (shields), Markdown (md) or the badge URL (url).',
    content: {
      'image/svg+xml': text('The SVG badge; for an unknown model, an SVG error badge with status 404.'),
      'application/json': { schema: { oneOf: [ref('BadgeEmbed'), ref('ShieldsEndpoint')] } },
      'text/markdown': text('A Markdown image linking to the model page.'),
      'text/plain': text('The badge URL.'),
    },
    errors: [404],
  },
  '/api/changes': {
    description: 'Price changes, newest first: JSON (default), an Atom feed (format=atom) or a JSON Feed 1.1 (format=jsonfeed).',
    content: {
      'application/json': { schema: { type: 'object', description: 'The changes and the filters applied.' } },
      'application/atom+xml': text('An Atom feed.'),
      'application/feed+json': { schema: { type: 'object', description: 'A JSON Feed 1.1 document.' } },
    },
    errors: [404],
  },
  '/widget.js': { description: 'The widget script (load it with <script async src>).', content: { 'text/javascript': text('JavaScript.') }, errors: [404] },
  '/assets/site.js': { description: "The site's script.", content: { 'text/javascript': text('JavaScript.') }, errors: [404] },
  '/assets/reprice.js': { description: "The /reprice page's script.", content: { 'text/javascript': text('JavaScript.') }, errors: [404] },
  '/assets/site.css': { description: "The site's stylesheet.", content: { 'text/css': text('CSS.') } },
  '/assets/docs.js': { description: "The API reference's script (Swagger UI).", content: { 'text/javascript': text('JavaScript.') }, errors: [404] },
  '/assets/docs.css': { description: "The API reference's stylesheet.", content: { 'text/css': text('CSS.') }, errors: [404] },
  '/healthz': { description: 'The service is up.', content: json(ref('Health')) },
  '/': { description: 'The site: catalogue, calculator and chart.', content: { 'text/html': text('HTML page.') } },
  '/openapi.json': { description: 'This document.', content: json({ type: 'object' }) },
};

/** A route the app serves outside ENDPOINTS (a path parameter, or its own headers). */
export interface ExtraRoute {
  /** Hono's path, e.g. `/models/:id`. */
  path: string;
  summary: string;
  parameters?: JsonObject[];
  response: ResponseDoc;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'A parameter is invalid, missing, unknown or given twice; error.param names it.',
  404: 'No such model (error.suggestions lists the closest ids) or no such path.',
  405: 'Not GET, HEAD or OPTIONS: the API is read-only.',
  414: 'The request URL is too long.',
  429: 'Too many requests from one client, when the operator enables a rate limit.',
};

/** OpenAPI's `/models/{id}` for Hono's `/models/:id`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operationId(path: string): string {
  const words = path.replace(/[{}]/g, '').split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.length === 0) return 'site';
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/** One query parameter: its JSON Schema as a client writes it, with the description and examples from .meta(). */
function queryParameter(name: string, schema: z.ZodType, exampleModels: readonly string[], siblings: readonly string[]): JsonObject {
  const { $schema: _drop, ...converted } = z.toJSONSchema(schema, { io: 'input' }) as JsonObject;
  const meta = { ...(schema.meta() ?? {}) } as JsonObject;
  const [first, second] = exampleModels;
  if (name === 'model' && first) meta.examples = [first];
  // Swagger UI's "Try it out" fills in every example: where model and models are alternatives
  // (calculate), only model has one, so that the request it sends is valid.
  if (name === 'models') delete meta.examples;
  if (name === 'models' && first && second && !siblings.includes('model')) meta.examples = [`${first},${second}`];
  const merged: JsonObject = { ...converted, type: 'string' };
  for (const key of ['default', 'examples', 'enum'] as const) if (meta[key] !== undefined) merged[key] = meta[key];
  const parameter: JsonObject = { name, in: 'query', required: false, schema: merged };
  if (typeof meta.description === 'string') parameter.description = meta.description;
  const examples = meta.examples;
  if (Array.isArray(examples) && examples.length > 0) parameter.example = examples[0];
  return parameter;
}

/** A model id path parameter's example is a model of the running catalogue, so that "Try it out" finds it. */
function pathExample(parameter: JsonObject, exampleModels: readonly string[]): JsonObject {
  const [first] = exampleModels;
  return parameter.in === 'path' && parameter.name === 'id' && first ? { ...parameter, example: first } : parameter;
}

function responses(doc: ResponseDoc, extraErrors: readonly number[]): JsonObject {
  const out: JsonObject = { 200: { description: doc.description, content: doc.content } };
  const statuses = [...new Set([...extraErrors, ...(doc.errors ?? []), 405, 414, 429])].sort((a, b) => a - b);
  for (const status of statuses) {
    out[status] = { description: ERROR_DESCRIPTIONS[status] ?? 'An error.', content: json(ref('Error')) };
  }
  return out;
}

export interface OpenApiOptions {
  /** The service's public address, listed as the server; relative (`/`) when unset. */
  baseUrl?: string;
  version?: string;
  /** Model ids of the running catalogue, used as the examples of model and models (so they work). */
  exampleModels?: readonly string[];
}

/** The whole document: one GET operation per endpoint and extra route. */
export function buildOpenApiDocument(
  endpoints: readonly Endpoint[],
  extras: readonly ExtraRoute[],
  options: OpenApiOptions = {},
): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const e of endpoints) {
    const shape = e.query.shape as Record<string, z.ZodType>;
    const names = Object.keys(shape);
    const parameters = e.ignoreQuery ? [] : Object.entries(shape).map(([name, schema]) => queryParameter(name, schema, options.exampleModels ?? [], names));
    const doc = RESPONSES[e.path] ?? { description: 'Success.', content: json({}) };
    paths[openApiPath(e.path)] = {
      get: {
        operationId: operationId(e.path),
        summary: e.summary,
        tags: [e.path.startsWith('/api/') || e.path.startsWith('/data/') ? 'API' : 'Site and assets'],
        parameters,
        // A parameter the endpoint does not know is a 400 too, so even parameterless paths can give one.
        responses: responses(doc, e.ignoreQuery ? [] : [400]),
      },
    };
  }
  for (const extra of extras) {
    paths[openApiPath(extra.path)] = {
      get: {
        operationId: operationId(extra.path),
        summary: extra.summary,
        tags: ['Site and assets'],
        parameters: (extra.parameters ?? []).map((p) => pathExample(p, options.exampleModels ?? [])),
        responses: responses(extra.response, []),
      },
    };
  }
  const repriceShape = repriceQuery.shape as Record<string, z.ZodType>;
  paths[REPRICE_PATH] = repriceOperation(Object.entries(repriceShape).map(([name, schema]) => queryParameter(name, schema, [], [])));
  const { schemas } = z.toJSONSchema(components, { io: 'output', uri: (id) => `#/components/schemas/${id}` });
  const componentSchemas: Record<string, JsonObject> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _drop, $id: _id, ...rest } = schema as JsonObject;
    componentSchemas[id] = rest;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AI model pricing API',
      version: options.version ?? '1.0.0',
      description:
        'Free, public, read-only prices of AI language models (USD per 1M tokens) and the costs they imply. ' +
        'No key, no sign-up; CORS is open. Every error is JSON: {"error":{"status","code","message","param"?,"suggestions"?}}.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.baseUrl ?? '/' }],
    tags: [
      { name: 'API', description: 'JSON endpoints and the price badge.' },
      { name: 'Site and assets', description: 'Pages, the widget script and this document.' },
    ],
    paths,
    components: { schemas: componentSchemas },
  };
}

/** The document for one request: the service's address and the running catalogue's ids as examples. */
export type Describe = (ctx: RequestContext) => JsonObject;

/** A Describe behind a promise: app.ts imports this module when the document is first asked for. */
export type DescribeApi = (ctx: RequestContext) => Promise<JsonObject>;

export function describeApi(endpoints: () => readonly Endpoint[], extras: () => readonly ExtraRoute[]): Describe {
  // The document depends only on the catalogue and, in its server, the address: it is built once
  // per catalogue (/openapi.json and /docs both read it; neither changes it) and freed with it; an
  // address (without BASE_URL, the Host header, which clients choose) only names the server.
  const built = new WeakMap<Catalogue, JsonObject>();
  return (ctx) => {
    let document = built.get(ctx.catalogue);
    if (document === undefined) {
      document = buildOpenApiDocument(endpoints(), extras(), { exampleModels: ctx.catalogue.models.slice(0, 2).map((m) => m.id) });
      built.set(ctx.catalogue, document);
    }
    return { ...document, servers: [{ url: ctx.baseUrl }] };
  };
}
