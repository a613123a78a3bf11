/** What an endpoint module declares (its method, path, query and body, answer, words and handler), and what handlers share. */
import type * as z from 'zod';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import { closestModelIds } from '../core/advice/closest-ids.js';
import { ApiError, quote } from '../lib/errors.js';
import { findDoor } from './doors.js';
import type { QuerySchema } from './params.js';

export interface RequestContext {
  catalogue: Catalogue;
  /**
   * Where links read on this same site start (the JSON answers' meta, the pages, the OpenAPI
   * server): BASE_URL without its trailing slash, or '' (links relative to the site's root).
   */
  baseUrl: string;
  /**
   * An absolute address, for the few links that must work elsewhere (the badge's snippets, the
   * feeds' links): BASE_URL, or the request's origin. Read only there: an answer that reads it
   * is made per origin.
   */
  readonly origin: string;
  /** Static assets the runtime provides (widget bundle, pages). */
  assets: Assets;
  /** The UTC day (YYYY-MM-DD) the answer prices when not given one: the clock's. */
  today: string;
}

export interface Assets {
  /** The bundled widget script. */
  widgetJs?: string;
  /** The site's bundled script (/assets/site.js: sortable table, calculator). */
  siteJs?: string;
  /** The /reprice page's script (/assets/reprice.js: reads a usage export in the browser). */
  repriceJs?: string;
  /** The API reference's script and stylesheet (/assets/docs.js, /assets/docs.css: Swagger UI). */
  docsJs?: string;
  docsCss?: string;
  /**
   * br and gzip of the files above, made when they were built (read with the file on its first
   * request; made then only if the build's are missing), so that requests do not pay for
   * compressing them; a runtime whose edge compresses passes none.
   */
  coded?: { readonly [K in AssetName]?: Coded };
}

export type AssetName = 'widgetJs' | 'siteJs' | 'repriceJs' | 'docsJs' | 'docsCss';

/** A file's bytes in the content codings made of it ahead of any request. */
export interface Coded {
  br?: Uint8Array;
  gzip?: Uint8Array;
}

/** An answer that is not JSON: text with its content type (and a 404 for a missing file or model). */
export class TextReply {
  constructor(
    readonly body: string,
    readonly type: string,
    readonly status: 200 | 404 = 200,
    /**
     * Set on a file, the same bytes for the life of the process whatever the query, origin or
     * catalogue: the answer cache keeps it for good, with the codings made of it ahead (if any).
     */
    readonly fixed?: Coded,
  ) {}
}

/** A handler's answer: a plain object (sent as JSON, money exact) or a TextReply. */
export type Reply = TextReply | object;

/** A JSON Schema object, as OpenAPI and MCP carry it. */
export type JsonObject = Record<string, unknown>;

/**
 * Named zod schemas of an answer (the OpenAPI document's components): the answer is one of
 * `oneOf` (with one, that one); `parts` are named schemas inside them.
 */
export interface NamedSchemas {
  oneOf: Readonly<Record<string, z.ZodType>>;
  parts?: Readonly<Record<string, z.ZodType>>;
}

/**
 * A body of one media type: a JSON Schema written out (text, a feed), or named zod schemas, loaded
 * when the OpenAPI document is first built (their code is not needed to answer) and held by tests
 * to the real answers.
 */
export type Media = { schema: JsonObject } | { named: () => Promise<NamedSchemas> };

/**
 * A JSON answer of named schemas from endpoints/responses/, picked when the OpenAPI document is
 * first built (the module is imported then, not at start-up).
 */
export const namedJson = (pick: (schemas: typeof import('./responses/index.js')) => NamedSchemas): Media => ({
  named: async () => pick(await import('./responses/index.js')),
});

/** A text body, described. */
export const textMedia = (description: string): Media => ({ schema: { type: 'string', description } });

/** What an endpoint answers with when it succeeds, and which error statuses it can give. */
export interface ResponseDoc {
  description: string;
  content: Readonly<Record<string, Media>>;
  /** Error statuses besides those every path can give (400 for a bad query, 405, 414, 429; 413 for a body). */
  errors?: readonly number[];
  /** What an error status means here, where the words every path shares do not say it. */
  says?: Readonly<Record<number, string>>;
}

/** A request body: how much is read, how it is read, and how it is described. */
export interface BodyDoc<P, B> {
  /** The most bytes read; a longer body is a 413 with `tooLarge` as its message, before it is read whole. */
  maxBytes: number;
  tooLarge: string;
  /** The body as OpenAPI describes it, by media type. */
  content: Readonly<Record<string, { schema: JsonObject }>>;
  /** The body's text read into what the handler takes (the query's format parameter may say how). */
  read(body: string | unknown, params: P): B | Promise<B>;
  /**
   * How a caller that passes arguments rather than a body (an MCP tool) gives it: the argument's
   * name, what it is, and schema (its JSON value is the body), and the query it then implies (the body's format).
   */
  argument: { name: string; what: string; schema: z.ZodType; query: Readonly<Record<string, string>> };
}

/** An MCP tool over the endpoint: its name and words; `keys` keeps some parameters (the rest at their defaults), `required` those a call must give. */
export interface ToolDoc {
  name: string;
  description: string;
  keys?: readonly string[];
  required?: readonly string[];
}

/**
 * A command line command over the endpoint: `ids` says what the positional words are (model ids
 * to `one` parameter when one is given, to `many` otherwise; a command without `ids` takes none),
 * `body` that the one positional word is a file read as the body; `params` keeps some parameters.
 */
export interface CommandDoc {
  name: string;
  summary: string;
  ids?: { usage: string; one?: string; many?: string };
  body?: { usage: string; what: string };
  params?: readonly string[];
}

/**
 * One endpoint, declared once: its method and path, query and body, what it answers and its
 * words, and the handler. The HTTP routes, the OpenAPI document, the MCP tools and the CLI
 * commands are all made from the list of these.
 */
export interface Endpoint<S extends QuerySchema = QuerySchema, B = undefined> {
  /** GET when unset (HEAD and OPTIONS go with it). */
  method?: 'GET' | 'POST';
  path: string;
  summary: string;
  /** Words beyond the summary, for the OpenAPI document. */
  description?: string;
  query: S;
  /** Serve the same answer whatever the query string holds (static files). */
  ignoreQuery?: boolean;
  body?: BodyDoc<z.output<S>, B>;
  response: ResponseDoc;
  /** Never kept by a cache (`Cache-Control: no-store`): an answer made from what the client sent. */
  noStore?: boolean;
  /** How many requests the answer counts for against the rate limit (default 1), on the catalogue in force. */
  charge?(body: B, params: z.output<S>, catalogue: Catalogue): number;
  tool?: ToolDoc;
  commands?: readonly CommandDoc[];
  /** A reply, or the promise of one (the OpenAPI document, whose code is imported on first use). */
  handle(params: z.output<S>, ctx: RequestContext, body: B): Reply | Promise<Reply>;
}

/** Any endpoint of the list, whatever its query and body: as a list they are handled alike. */
export type AnyEndpoint = Endpoint<QuerySchema, unknown>;

/** Declares an endpoint; the identity function gives handlers their parameter types. */
export function endpoint<S extends QuerySchema, B = undefined>(definition: Endpoint<S, B>): Endpoint<S, B> {
  return definition;
}

/** The model with this id or alias (any case), or a 404 that suggests the closest ids (closestModelIds). */
export function findModel(catalogue: Catalogue, id: string, param: string): Model {
  // `<model-id>@<seller>`: one seller's door, the record at that seller's prices.
  if (id.includes('@')) return findDoor(catalogue, id, param, (plain) => findModel(catalogue, plain, param));
  const model = catalogue.byId.get(id.trim().toLowerCase());
  if (model) return model;
  // With or without the maker's slug: `claude-sonet-5` finds anthropic-claude-sonnet-5.
  const suggestions = closestModelIds(catalogue, id.trim());
  const hint = suggestions.length ? ` Did you mean ${suggestions.join(', ')}?` : '';
  throw new ApiError(404, 'model_not_found', `No model with id ${quote(id)} (${param}).${hint}`, {
    param,
    suggestions,
  });
}

/**
 * `{requestedId}` when `id` named the model by an alias, else `{}`: answers give the model's own
 * id and, beside it, the alias the request used.
 */
export function requestedAs(id: string, model: Model): { requestedId?: string } {
  const key = id.trim().toLowerCase();
  return key === model.id ? {} : { requestedId: key };
}

/** Each id's model (as findModel); two ids naming one model (an id and its alias) are a 400. */
export function findModels(
  catalogue: Catalogue,
  ids: readonly string[],
  param: string,
  find: (id: string, param: string) => Model = (id, p) => findModel(catalogue, id, p),
): Model[] {
  const found = new Map<string, string>();
  return ids.map((id) => {
    const model = find(id, param);
    const earlier = found.get(model.id);
    if (earlier !== undefined) {
      throw new ApiError(
        400,
        'invalid_parameter',
        `${param} names model ${quote(model.id)} twice (${quote(earlier)} and ${quote(id)}); list each model once.`,
        {
          param,
        },
      );
    }
    found.set(model.id, id);
    return model;
  });
}

export function requireParam<T>(value: T | undefined, param: string, what: string): T {
  if (value === undefined) {
    throw new ApiError(400, 'missing_parameter', `${param} is required: ${what}.`, { param });
  }
  return value;
}
