/** The one tie rule of every ranking, with no imports so that the browser's site script can take it. */
import type { Model } from '../schema/catalogue-schema.js';

/** Between models ranked equal: current models before legacy ones, then by id. */
export function compareTies(a: Pick<Model, 'status' | 'id'>, b: Pick<Model, 'status' | 'id'>): number {
  if (a.status !== b.status) return a.status === 'current' ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
