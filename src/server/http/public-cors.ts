// CORS for the public API (issue 38 item 4, decision 0054): a patient app's web build, or any
// site, may read it from any origin, without credentials. Only routes marked `config.publicApi`
// (http/problem.ts) carry the headers; every other route (forms, staff, pages) stays same-origin
// and answers no CORS header at all. Each public GET route also gets its preflight (OPTIONS) answer.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/** Request headers an app may send beyond the CORS-safelisted ones: its key and a conditional request. */
const CORS_ALLOW_HEADERS = ['Accept', 'Accept-Language', 'If-None-Match', 'X-Api-Key'];

/** Answer headers a script may read: caching, limits, deprecation and the texts' language. */
const CORS_EXPOSE_HEADERS = [
  'ETag',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Deprecation',
  'Sunset',
  'Link',
  'Content-Language',
];

/** Browsers cap this (Chromium at 2 hours, Firefox at 24): a preflight is asked at most that often. */
export const CORS_MAX_AGE_SECONDS = 7200;

const ALLOW_METHODS = 'GET, HEAD, OPTIONS';

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/** The headers every answer of a public route carries. */
function addCorsHeaders(reply: FastifyReply) {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', CORS_EXPOSE_HEADERS.join(', '));
  // helmet's default (same-origin) would keep the answer from a page of another site that loads it
  // without CORS; the public API is meant to be read from anywhere.
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/** A preflight: the methods, the headers and how long the browser may keep the answer. */
async function preflight(_request: FastifyRequest, reply: FastifyReply) {
  addCorsHeaders(reply);
  return reply
    .code(204)
    .header('access-control-allow-methods', ALLOW_METHODS)
    .header('access-control-allow-headers', CORS_ALLOW_HEADERS.join(', '))
    .header('access-control-max-age', String(CORS_MAX_AGE_SECONDS))
    .header('allow', ALLOW_METHODS)
    .header('cache-control', `public, max-age=${CORS_MAX_AGE_SECONDS}`)
    .send();
}

/**
 * Installs the public API's CORS: before any route is registered (it watches routes as they are
 * added, so that each public GET route gets its OPTIONS route).
 */
export function allowPublicApiFromAnyOrigin(app: FastifyInstance) {
  const preflighted = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.publicApi !== true || !methodsOf(route).includes('GET') || preflighted.has(route.url)) return;
    preflighted.add(route.url);
    // On the root, with the route's whole path: a plugin's own hooks (a sign-in check) never see a preflight.
    app.route({ method: 'OPTIONS', url: route.url, config: { publicApi: true }, handler: preflight });
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.publicApi === true) addCorsHeaders(reply);
  });
}
