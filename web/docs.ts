/**
 * The end of /assets/docs.js: starts Swagger UI (whose bundle, from swagger-ui-dist, comes first in
 * the same file) on this service's /openapi.json, in place of the plain reference the page carries.
 */
declare const SwaggerUIBundle: (options: Record<string, unknown>) => unknown;

SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#app',
  deepLinking: true,
  // The API is read-only: only GET can be tried.
  supportedSubmitMethods: ['get'],
  // No request for a validator badge on another host.
  validatorUrl: null,
});
