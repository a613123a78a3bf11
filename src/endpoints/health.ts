/** GET /healthz: liveness and the catalogue's size and date. */
import * as z from 'zod';
import { endpoint } from './endpoint.js';

export const health = endpoint({
  path: '/healthz',
  summary: 'Service health',
  query: z.object({}),
  handle: (_params, { catalogue }) => ({ status: 'ok', models: catalogue.models.length, lastUpdated: catalogue.lastUpdated }),
});
