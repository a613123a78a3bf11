/**
 * The OpenAPI 3.1 document, made from the endpoints' declarations: the zod schemas they validate
 * their queries with, their bodies, and the response schemas tests hold the real answers to, so
 * it cannot drift from the API.
 */
import * as z from 'zod';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type {
  AnyEndpoint,
  JsonObject,
  Media,
  NamedSchemas,
  RequestContext,
  ResponseDoc,
} from '../endpoints/endpoint.js';
import { errorBodySchema } from '../endpoints/responses/index.js';

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: JsonObject) => ({ 'application/json': { schema } });

/** A route the app serves outside ENDPOINTS (a path parameter, or its own headers). */
export interface ExtraRoute {
  /** Hono's path, e.g. `/models/:id`. */
  path: string;
  summary: string;
  parameters?: JsonObject[];
  response: ResponseDoc;
}

/** Each endpoint's named schemas, by media type, as loaded (describeApi loads them once). */
type Loaded = ReadonlyMap<Media, NamedSchemas>;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'A parameter is invalid, missing, unknown or given twice; error.param names it.',
  404: 'No such model (error.suggestions lists the closest ids) or no such path.',
  405: 'Not GET, HEAD or OPTIONS: the API is read-only.',
  413: 'The body is too large.',
  414: 'The request URL is too long.',
  429: 'Too many requests from one client, when the operator enables a rate limit.',
};

/** OpenAPI's `/models/{id}` for Hono's `/models/:id`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operationId(path: string): string {
  const words = path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return 'site';
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/** One query parameter: its JSON Schema as a client writes it, with the description and examples from .meta(). */
function queryParameter(
  name: string,
  schema: z.ZodType,
  exampleModels: readonly string[],
  siblings: readonly string[],
): JsonObject {
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

/** The schema of one media type: written out, or a reference to the named schema (or oneOf the named schemas) it answers with. */
function mediaSchema(media: Media, loaded: Loaded): JsonObject {
  if ('schema' in media) return media.schema;
  const named = loaded.get(media);
  if (named === undefined) throw new Error('A named schema was not loaded before the document was built.');
  const ids = Object.keys(named.oneOf);
  return ids.length === 1 ? ref(ids[0]!) : { oneOf: ids.map(ref) };
}

function responses(doc: ResponseDoc, common: readonly number[], loaded: Loaded): JsonObject {
  const content: Record<string, { schema: JsonObject }> = {};
  for (const [type, media] of Object.entries(doc.content)) content[type] = { schema: mediaSchema(media, loaded) };
  const out: JsonObject = { 200: { description: doc.description, content } };
  const statuses = [...new Set([...common, ...(doc.errors ?? [])])].sort((a, b) => a - b);
  for (const status of statuses) {
    out[status] = {
      description: doc.says?.[status] ?? ERROR_DESCRIPTIONS[status] ?? 'An error.',
      content: json(ref('Error')),
    };
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

/** The whole document: one operation per endpoint and extra route. */
export function buildOpenApiDocument(
  endpoints: readonly AnyEndpoint[],
  extras: readonly ExtraRoute[],
  loaded: Loaded,
  options: OpenApiOptions = {},
): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const e of endpoints) {
    const shape = e.query.shape as Record<string, z.ZodType>;
    const names = Object.keys(shape);
    const parameters = e.ignoreQuery
      ? []
      : Object.entries(shape).map(([name, schema]) => queryParameter(name, schema, options.exampleModels ?? [], names));
    // Every path can give a 414 and a 429; a GET a 405 for another method, and (reading a query) a
    // 400 for a parameter it does not know, even with none; a body a 413.
    const common = e.body ? [400, 413, 414, 429] : [...(e.ignoreQuery ? [] : [400]), 405, 414, 429];
    const operation: JsonObject = {
      operationId: operationId(e.path),
      summary: e.summary,
      ...(e.description === undefined ? {} : { description: e.description }),
      tags: [e.path.startsWith('/api/') || e.path.startsWith('/data/') ? 'API' : 'Site and assets'],
      parameters,
      ...(e.body ? { requestBody: { required: true, content: e.body.content } } : {}),
      responses: responses(e.response, common, loaded),
    };
    paths[openApiPath(e.path)] = { [(e.method ?? 'GET').toLowerCase()]: operation };
  }
  for (const extra of extras) {
    paths[openApiPath(extra.path)] = {
      get: {
        operationId: operationId(extra.path),
        summary: extra.summary,
        tags: ['Site and assets'],
        parameters: (extra.parameters ?? []).map((p) => pathExample(p, options.exampleModels ?? [])),
        responses: responses(extra.response, [405, 414, 429], loaded),
      },
    };
  }
  // The named schemas, referenced from responses as #/components/schemas/<id>: the error envelope,
  // then each endpoint's, in the order of the endpoints.
  const components = z.registry<{ id: string }>();
  const named = new Map<string, z.ZodType>([['Error', errorBodySchema]]);
  for (const schemas of loaded.values()) {
    for (const [id, schema] of [...Object.entries(schemas.parts ?? {}), ...Object.entries(schemas.oneOf)]) {
      const earlier = named.get(id);
      if (earlier !== undefined && earlier !== schema) throw new Error(`Two response schemas are named ${id}.`);
      named.set(id, schema);
    }
  }
  for (const [id, schema] of named) components.add(schema, { id });
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

/** A Describe behind a promise: the app imports this module when the document is first asked for. */
export type DescribeApi = (ctx: RequestContext) => Promise<JsonObject>;

/**
 * The describer, once the endpoints' named response schemas are loaded (each endpoint imports its
 * own when asked; the app asks when the document is first needed).
 */
export async function describeApi(
  endpoints: () => readonly AnyEndpoint[],
  extras: () => readonly ExtraRoute[],
): Promise<Describe> {
  const loaded = new Map<Media, NamedSchemas>();
  const media = [...endpoints().map((e) => e.response), ...extras().map((x) => x.response)].flatMap((doc) =>
    Object.values(doc.content),
  );
  await Promise.all(
    media.map(async (m) => {
      if ('named' in m) loaded.set(m, await m.named());
    }),
  );
  // The document depends only on the catalogue and, in its server, BASE_URL (unset: '/', this
  // same site, whatever the Host): it is built once per catalogue (/openapi.json and /docs both
  // read it; neither changes it) and freed with it.
  const built = new WeakMap<Catalogue, JsonObject>();
  return (ctx) => {
    let document = built.get(ctx.catalogue);
    if (document === undefined) {
      document = buildOpenApiDocument(endpoints(), extras(), loaded, {
        exampleModels: ctx.catalogue.models.slice(0, 2).map((m) => m.id),
      });
      built.set(ctx.catalogue, document);
    }
    return ctx.baseUrl === '' ? document : { ...document, servers: [{ url: ctx.baseUrl }] };
  };
}
