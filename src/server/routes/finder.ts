// GET /api/v1/finder/pharmacies (issue #13 item 4): listed champions near a point, for the patient
// app and the /finder page; GET /api/v1/finder/listings/{listingId} (issue 25 item 9): one listing,
// for its own page. Public and cacheable: every answer carries an ETag and is revalidated
// (no-cache), so that a listing taken down disappears from the next answer at once while an
// unchanged page costs a 304 without its body. Listings are named by their public listing id only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '#shared/markets.ts';
import * as z from 'zod/mini';
import * as FinderApi from '#shared/api/finder-endpoints.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { FINDER_PAGE_SIZE, FinderListingParamsSchema, FinderQuerySchema, type FinderAnswer } from '#shared/schemas/finder.ts';
import type { Queryable } from '../db/client.ts';
import { failed, invalidFromZod } from '../http/answers.ts';
import { etagOf, matchesEtag } from '../http/etag.ts';
import { findListedPharmacies, findListing } from '../services/finder.ts';
import { webTexts } from '../services/web-texts.ts';
import type { PageHead } from './web.ts';

const FINDER_CACHE_CONTROL = 'public, no-cache';

/** A public answer, revalidated by its ETag. */
function sendRevalidated(request: FastifyRequest, reply: FastifyReply, answer: unknown) {
  const body = JSON.stringify(answer);
  const etag = etagOf(body);
  reply.header('cache-control', FINDER_CACHE_CONTROL).header('etag', etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.code(200).type('application/json; charset=utf-8').send(body);
}

export async function finderRoutes(app: FastifyInstance, deps: { db: Queryable; rateLimit: { max: number; timeWindow: string } }) {
  app.get(FinderApi.finderPharmacies.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const parsed = z.safeParse(FinderQuerySchema, request.query ?? {});
    if (!parsed.success) return invalidFromZod(reply.header('cache-control', 'no-store'), parsed.error);
    const { items, total } = await findListedPharmacies(deps.db, { ...parsed.data, service: parsed.data.service || undefined });
    const answer: FinderAnswer = { status: 'ok', data: items, total, page: parsed.data.page, pageSize: FINDER_PAGE_SIZE };
    return sendRevalidated(request, reply, answer);
  });

  app.get(FinderApi.finderListing.path, { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const parsed = z.safeParse(FinderListingParamsSchema, request.params ?? {});
    const listing = parsed.success ? await findListing(deps.db, parsed.data.listingId) : null;
    if (!listing) return failed(reply.header('cache-control', 'no-store'), 404, ApiMessage.notFound);
    return sendRevalidated(request, reply, { status: 'ok', data: listing });
  });
}

/**
 * The head of a listing's page (/finder/{listingId}), so that a shared link reads as the pharmacy:
 * its title and description in the page's language, with the words the page itself uses; null
 * for an id that is not listed (the not-found view, 404).
 */
export function listingPageHead(db: Queryable) {
  return async (localPath: string, language: Language, productName: string): Promise<PageHead | null> => {
    const listingId = localPath.replace(/\/+$/, '').split('/').pop() ?? '';
    const parsed = z.safeParse(FinderListingParamsSchema, { listingId });
    const listing = parsed.success ? await findListing(db, parsed.data.listingId) : null;
    if (!listing) return null;
    const t = webTexts(language);
    return {
      title: `${t('finder.listing.title', { pharmacy: listing.pharmacyName })} – ${productName}`,
      description: t('finder.listing.description', { name: listing.firstName, pharmacy: listing.pharmacyName, address: listing.address }),
    };
  };
}
