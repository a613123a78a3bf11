/** GET /healthz: liveness and the catalogue's size and date. */
import * as z from 'zod';
import { endpoint, namedJson } from '../endpoint.js';

export const health = endpoint({
  path: '/healthz',
  summary: 'Service health',
  response: {
    description: 'The service is up.',
    content: { 'application/json': namedJson((r) => ({ oneOf: { Health: r.healthResponseSchema } })) },
  },
  query: z.object({}),
  handle: (_params, { catalogue }) => ({
    status: 'ok',
    models: catalogue.models.length,
    lastUpdated: catalogue.lastUpdated,
  }),
});
