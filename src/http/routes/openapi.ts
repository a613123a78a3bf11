/** GET /openapi.json: the OpenAPI 3.1 document of everything the app serves. */
import * as z from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import type { DescribeApi } from '../openapi.js';

/** Takes the describer from the app, since this endpoint is itself one of those it describes. */
export function openApiEndpoint(describe: DescribeApi) {
  return endpoint({
    path: '/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document',
    query: z.object({}),
    ignoreQuery: true,
    response: { description: 'This document.', content: { 'application/json': { schema: { type: 'object' } } } },
    handle: (_p, ctx) => describe(ctx),
  });
}
