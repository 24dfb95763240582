// GET /api/v1/finder/snapshot and GET /api/v1/finder/changes (issue 38 item 3, docs/decisions/0051):
// a patient app keeps a market's listings offline, from a snapshot and then the changes after its
// cursor, deletes included. Both are public and cacheable for a short while
// (PUBLIC_LISTINGS_CACHE_CONTROL); their weak ETags are built on the listings version, so a
// conditional request answers 304 without reading the listings. The snapshot is written a batch of
// listings at a time, gzip'd when the client accepts it. Errors are problem details.
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import * as PublicApi from '#shared/api/public-api-endpoints.ts';
import { FinderChangesQuerySchema, FinderSnapshotQuerySchema, type FinderChangesAnswer } from '#shared/schemas/finder-api.ts';
import type { Database } from '../db/client.ts';
import { matchesEtag } from '../http/etag.ts';
import { admitConditional } from '../http/public-rate-limit.ts';
import { sendInvalidParams, sendProblem } from '../http/problem.ts';
import { queryHashOf, readChanges, writeSnapshot } from '../services/finder-feed.ts';
import { PUBLIC_LISTINGS_CACHE_CONTROL, type ListingsVersion } from '../services/listings-version.ts';

export interface FinderFeedDeps {
  db: Database;
  listingsVersion: ListingsVersion;
  rateLimit: { max: number; timeWindow: string };
}

/** Whether the client takes gzip (named in Accept-Encoding, or `*`, without q=0). */
function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding?.trim() !== 'gzip' && coding?.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The snapshot's ETag: the listings version and the market. */
const snapshotEtag = (version: string, market: string) => `W/"v${version}-${market}"`;

/** 304 when the client holds the answer of this version. */
function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  if (!matchesEtag(request.headers['if-none-match'], etag)) return false;
  void reply.code(304).header('etag', etag).header('cache-control', PUBLIC_LISTINGS_CACHE_CONTROL).header('vary', 'accept-encoding').send();
  return true;
}

export async function finderFeedRoutes(app: FastifyInstance, deps: FinderFeedDeps) {
  const config = { publicApi: true, rateLimit: deps.rateLimit };

  app.get(PublicApi.finderSnapshot.path, { config }, async (request, reply) => {
    const parsed = z.safeParse(FinderSnapshotQuerySchema, request.query ?? {});
    if (!parsed.success) return sendInvalidParams(request, reply, parsed.error);
    const { market } = parsed.data;
    if (notModified(request, reply, snapshotEtag(await deps.listingsVersion.current(), market))) return reply;
    if (!(await admitConditional(request, reply))) return reply;
    const body = new PassThrough();
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    const sink = gzip ? createGzip() : body;
    if (gzip) sink.pipe(body);
    let head;
    try {
      head = await writeSnapshot(deps.db, market, (piece) => void sink.write(piece));
    } catch (error) {
      sink.destroy();
      body.destroy();
      throw error;
    }
    sink.end();
    reply
      .header('etag', snapshotEtag(head.version, market))
      .header('cache-control', PUBLIC_LISTINGS_CACHE_CONTROL)
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(body);
  });

  app.get(PublicApi.finderChanges.path, { config }, async (request, reply) => {
    const parsed = z.safeParse(FinderChangesQuerySchema, request.query ?? {});
    if (!parsed.success) return sendInvalidParams(request, reply, parsed.error);
    const { market, since, limit } = parsed.data;
    const etagOf = (version: string) => `W/"v${version}-${queryHashOf(['changes', market, since, limit])}"`;
    if (notModified(request, reply, etagOf(await deps.listingsVersion.current()))) return reply;
    if (!(await admitConditional(request, reply))) return reply;
    const result = await readChanges(deps.db, market, since, limit);
    if (result.kind === 'invalid') return sendProblem(request, reply, 'invalid-parameter', { invalidParams: [{ name: 'since', reason: 'cursor' }] });
    if (result.kind === 'expired') return sendProblem(request, reply, 'cursor-expired');
    const answer: FinderChangesAnswer = { data: result.data, next: result.next };
    return reply
      .header('etag', etagOf(result.version))
      .header('cache-control', PUBLIC_LISTINGS_CACHE_CONTROL)
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(answer));
  });
}
