// The public API's limits (issue 38 items 4 and 5, docs/decisions/0052). A route of the public API
// passes the object `installPublicApiLimit` returns as its `config.rateLimit`; every such route
// then gets one hook, first of its onRequest hooks, that
// - answers 401 problem details at once to a request whose X-Api-Key is malformed, unknown or
//   revoked (looked up by its hash on every request, so a revocation holds on the next request
//   on every server of the fleet);
// - counts the request in one window per client across all public API routes: per key (its own
//   quota per minute) with a valid key, else per client address (the anonymous limit), in memory
//   and in the database a quarter second later, so that the fleet counts together without a write
//   per request (services/public-api-counter.ts, decision 0076);
// - writes the IETF RateLimit-Policy and RateLimit headers (draft-ietf-httpapi-ratelimit-headers,
//   structured fields) on every answer, and answers 429 problem details with Retry-After once the
//   window's quota is spent;
// - counts a keyed request in the key's usage of the day.
// A conditional GET (If-None-Match) is counted only once its route knows it will not answer 304
// (`admitConditional`, called by the route after its ETag check): a 304 costs less than the count
// itself (on PostgreSQL an upsert on the primary) and holds nothing new, so an app or a CDN
// revalidating its copy spends none of its quota (decision 0074). Should a route answer anything
// but 304 without asking, the answer is counted as it goes out.
// The rate-limit plugin's own per-route hook stands aside for these routes (`allowList`): it would
// count each route apart, so that a key's quota would multiply by the number of routes.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onSendAsyncHookHandler, RouteOptions } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { API_KEY_HEADER } from '#shared/schemas/api-clients.ts';
import type { ApiClientIdentity, ApiClients } from '../services/api-clients.ts';
import type { Queryable } from '../db/client.ts';
import { createPublicApiCounter } from '../services/public-api-counter.ts';
import { sendProblem } from './problem.ts';

/** The window every public API quota counts in. */
const PUBLIC_API_WINDOW_SECONDS = 60;

/** The policies' names in RateLimit-Policy and RateLimit: per client address, and per API key. */
const RATE_LIMIT_POLICIES = { anonymous: 'address', key: 'key' } as const;

/**
 * What a public API route passes as `config.rateLimit`: to the rate-limit plugin an allowed
 * request (its own hook does nothing), to `installPublicApiLimit` the mark of a public API route.
 * `max` is the anonymous limit per address, for whoever reads it.
 */
export interface PublicApiRateLimit {
  readonly max: number;
  readonly timeWindow: string;
  readonly allowList: () => boolean;
}

const headerName = API_KEY_HEADER.toLowerCase();

/** Conditional requests whose count waits for their route's ETag check: the count to run. */
const deferredCounts = new WeakMap<FastifyRequest, (reply: FastifyReply) => Promise<void>>();

/**
 * Called by a public API route whose conditional request will not be answered 304: counts it now,
 * and answers 429 when the quota is spent (false: the route must stop). True for any other request.
 */
export async function admitConditional(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const count = deferredCounts.get(request);
  if (!count) return true;
  deferredCounts.delete(request);
  await count(reply);
  return !reply.sent;
}

const isConditionalRead = (request: FastifyRequest) =>
  request.headers['if-none-match'] !== undefined && (request.method === 'GET' || request.method === 'HEAD');

/** `"name";q=600;w=60` */
const policyHeader = (name: string, quota: number) => `"${name}";q=${quota};w=${PUBLIC_API_WINDOW_SECONDS}`;
/** `"name";r=599;t=42` */
const limitHeader = (name: string, remaining: number, resetSeconds: number) => `"${name}";r=${remaining};t=${resetSeconds}`;

/** The key sent, or undefined when none was; a header sent twice is no key ('' fails as malformed). */
function sentKey(request: FastifyRequest): string | undefined {
  const value = request.headers[headerName];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? '' : value.trim();
}

/**
 * Installs the public API's limit on the app (before the public API routes are registered; the
 * rate-limit plugin must be registered already) and returns the `config.rateLimit` its routes pass.
 */
export function installPublicApiLimit(
  app: FastifyInstance,
  options: { clients: ApiClients; anonymousPerMinute: number; db: Queryable; now?: () => number },
): PublicApiRateLimit {
  const { clients, anonymousPerMinute } = options;
  const marker: PublicApiRateLimit = Object.freeze({ max: anonymousPerMinute, timeWindow: '1 minute', allowList: () => true });
  const counter = createPublicApiCounter(options.db, { windowMs: PUBLIC_API_WINDOW_SECONDS * 1000, now: options.now });
  app.addHook('onClose', () => counter.close());
  const identities = new WeakMap<FastifyRequest, ApiClientIdentity>();

  /** The request's client in the counts, and its quota a window. */
  const clientOf = (request: FastifyRequest, client: ApiClientIdentity | null) =>
    client ? { name: `key ${client.id}`, max: client.quotaPerMinute } : { name: `address ${normalizeIP(request.ip)}`, max: anonymousPerMinute };

  /** Counts the request; answers 429 (and returns the reply) once the window's quota is spent. */
  async function count(request: FastifyRequest, reply: FastifyReply, client: ApiClientIdentity | null): Promise<FastifyReply | undefined> {
    const { name, max } = clientOf(request, client);
    const { current, ttl } = await counter.count(name, max);
    const exceeded = current > max;
    const policy = client ? RATE_LIMIT_POLICIES.key : RATE_LIMIT_POLICIES.anonymous;
    const reset = Math.max(1, Math.ceil(ttl / 1000));
    reply.header('ratelimit-policy', policyHeader(policy, max)).header('ratelimit', limitHeader(policy, Math.max(0, max - current), reset));
    if (client) clients.countRequest(client.id, exceeded);
    if (!exceeded) return undefined;
    reply.header('retry-after', String(reset));
    return sendProblem(request, reply, 'rate-limited');
  }

  const limit: onRequestAsyncHookHandler = async function publicApiLimit(request: FastifyRequest, reply: FastifyReply) {
    const key = sentKey(request);
    let client: ApiClientIdentity | null = null;
    if (key !== undefined) {
      client = await clients.authenticate(key);
      if (!client) return sendProblem(request, reply, 'unauthorized');
      identities.set(request, client);
    }
    if (isConditionalRead(request)) {
      deferredCounts.set(request, async (answer) => void (await count(request, answer, client)));
      return undefined;
    }
    return count(request, reply, client);
  };

  /** A conditional request answered without `admitConditional` (anything but a 304) still counts. */
  const countUnasked: onSendAsyncHookHandler = async function countUnaskedConditional(request, reply, payload) {
    const pending = deferredCounts.get(request);
    if (!pending) return payload;
    deferredCounts.delete(request);
    if (reply.statusCode !== 304) {
      const { name, max } = clientOf(request, identities.get(request) ?? null);
      await counter.count(name, max);
    }
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.rateLimit !== marker) return;
    // First of the route's onRequest hooks: ahead of the plugin's own (which then stands aside).
    const hooks = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [limit, ...hooks];
    const onSend = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...onSend, countUnasked];
  });
  return marker;
}
