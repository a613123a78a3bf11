/** What an endpoint module declares: its path, its query schema and a handler of typed params. */
import type * as z from 'zod';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import { closestIds, idIndexOf } from '../core/advice/closest-ids.js';
import { ApiError, quote } from '../lib/errors.js';
import { findDoor } from './doors.js';
import type { QuerySchema } from './params.js';

export interface RequestContext {
  catalogue: Catalogue;
  /** Public address of the service, no trailing slash. */
  baseUrl: string;
  /** Static assets the runtime provides (widget bundle, pages). */
  assets: Assets;
  /** The UTC day (YYYY-MM-DD) the answer prices when not given one: the clock's (clock.ts). */
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

export interface Endpoint<S extends QuerySchema = QuerySchema> {
  path: string;
  summary: string;
  query: S;
  /** Serve the same answer whatever the query string holds (static files). */
  ignoreQuery?: boolean;
  /** A reply, or the promise of one (the OpenAPI document, whose code is imported on first use). */
  handle(params: z.output<S>, ctx: RequestContext): Reply | Promise<Reply>;
}

/** Declares an endpoint; the identity function gives handlers their parameter types. */
export function endpoint<S extends QuerySchema>(definition: Endpoint<S>): Endpoint<S> {
  return definition;
}

/** The model with this id or alias (any case), or a 404 that suggests the closest ids. */
export function findModel(catalogue: Catalogue, id: string, param: string): Model {
  // `<model-id>@<seller>`: one seller's door, the record at that seller's prices (doors.ts).
  if (id.includes('@')) return findDoor(catalogue, id, param, (plain) => findModel(catalogue, plain, param));
  const model = catalogue.byId.get(id.trim().toLowerCase());
  if (model) return model;
  const suggestions = closestIds(idIndexOf(catalogue), id);
  const hint = suggestions.length ? ` Did you mean ${suggestions.join(', ')}?` : '';
  throw new ApiError(404, 'model_not_found', `No model with id ${quote(id)} (${param}).${hint}`, { param, suggestions });
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
export function findModels(catalogue: Catalogue, ids: readonly string[], param: string): Model[] {
  const found = new Map<string, string>();
  return ids.map((id) => {
    const model = findModel(catalogue, id, param);
    const earlier = found.get(model.id);
    if (earlier !== undefined) {
      throw new ApiError(400, 'invalid_parameter', `${param} names model ${quote(model.id)} twice (${quote(earlier)} and ${quote(id)}); list each model once.`, {
        param,
      });
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
