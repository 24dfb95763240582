// GET /api/v1/finder/pharmacies (issue #13 item 4): listed champions near a point, for the patient
// app and the /finder page. Public and cacheable: every answer carries an ETag and is revalidated
// (no-cache), so that a listing taken down disappears from the next answer at once while an
// unchanged page costs a 304 without its body.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import * as FinderApi from '#shared/api/finder-endpoints.ts';
import { FINDER_PAGE_SIZE, FinderQuerySchema, type FinderAnswer } from '#shared/schemas/finder.ts';
import type { Queryable } from '../db/client.ts';
import { invalidFromZod } from '../http/answers.ts';
import { etagOf, matchesEtag } from '../http/etag.ts';
import { findListedPharmacies } from '../services/finder.ts';

const FINDER_CACHE_CONTROL = 'public, no-cache';

export async function finderRoutes(app: FastifyInstance, deps: { db: Queryable; rateLimit: { max: number; timeWindow: string } }) {
  app.get(FinderApi.finderPharmacies.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const parsed = z.safeParse(FinderQuerySchema, request.query ?? {});
    if (!parsed.success) return invalidFromZod(reply.header('cache-control', 'no-store'), parsed.error);
    const { items, total } = await findListedPharmacies(deps.db, parsed.data);
    const answer: FinderAnswer = { status: 'ok', data: items, total, page: parsed.data.page, pageSize: FINDER_PAGE_SIZE };
    const body = JSON.stringify(answer);
    const etag = etagOf(body);
    reply.header('cache-control', FINDER_CACHE_CONTROL).header('etag', etag).header('vary', 'accept-encoding');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.code(200).type('application/json; charset=utf-8').send(body);
  });
}
