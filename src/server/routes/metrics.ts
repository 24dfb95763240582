// GET /metrics: Prometheus's text format (services/metrics.ts; README "Metrics", decision 0045).
// Answered to a client on this machine (the connection's own address is loopback, and no proxy
// forwarded the request), and to any other only with `Authorization: Bearer <METRICS_TOKEN>`;
// everyone else gets the JSON 404 of an unknown path. Every request's route, method, status and
// duration are counted when its answer is sent.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiMessage } from '#shared/schemas/api.ts';
import type { Metrics } from '../services/metrics.ts';

/** The connection's own address (never X-Forwarded-For) is 127.0.0.0/8 or ::1, IPv4-mapped too. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}

/**
 * A reverse proxy on this machine connects from loopback on behalf of anyone: a request it
 * forwarded (it says so in a header) is not a local one.
 */
function forwarded(request: FastifyRequest): boolean {
  return request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer token matches, compared in constant time (over SHA-256 digests, so lengths give nothing away either). */
function rightToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

export async function metricsRoutes(app: FastifyInstance, deps: { metrics: Metrics; token: string | null }) {
  const { metrics, token } = deps;
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (request, reply) => {
    const local = isLoopback(request.socket.remoteAddress) && !forwarded(request);
    if (!local && !(token !== null && rightToken(request.headers.authorization, token)))
      return reply.code(404).send({ status: 'failed', message: ApiMessage.notFound });
    const text = await metrics.text();
    return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
