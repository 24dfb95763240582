// The finder's public read API (issue #13 item 4, issue 25 item 9, issue 38):
// - GET /api/v1/finder/search: the patient app's search, nearest first, paged by an opaque cursor;
// - GET /api/v1/finder/pharmacies: the page-number search of our own /finder page and today's
//   clients, deprecated (Deprecation, Sunset and a Link to its successor);
// - GET /api/v1/finder/listings/{listingId}: one listing, for its own page.
// Every answer carries an ETag made of the listings version (services/listings-version.ts, the same
// on every server of a fleet) and the request, so a conditional request is answered 304 before any
// search runs; errors are RFC 9457 problem details (config.publicApi). Listings are named by their
// public listing id only.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '#shared/markets.ts';
import * as z from 'zod/mini';
import * as FinderApi from '#shared/api/finder-endpoints.ts';
import * as PublicApi from '#shared/api/public-api-endpoints.ts';
import { FinderSearchQuerySchema } from '#shared/schemas/finder-api.ts';
import { FINDER_PAGE_SIZE, FinderListingParamsSchema, FinderQuerySchema, type FinderAnswer } from '#shared/schemas/finder.ts';
import type { Queryable } from '../db/client.ts';
import { etagOf, matchesEtag } from '../http/etag.ts';
import { admitConditional } from '../http/public-rate-limit.ts';
import { sendInvalidParams, sendProblem } from '../http/problem.ts';
import { findListedPharmacies, findListing } from '../services/finder.ts';
import { type FinderIndex } from '../services/finder-index.ts';
import { decodeSearchCursor, searchListings } from '../services/finder-search.ts';
import { PUBLIC_LISTINGS_CACHE_CONTROL, readFeedState, versionOf, type ListingsVersion } from '../services/listings-version.ts';
import { texts } from '../services/texts.ts';
import type { PageLoad } from './web.ts';

/** Our own pages' answers: revalidated every time (a listing taken down is gone from the next page). */
const REVALIDATE = 'public, no-cache';

/** When the page-number search was deprecated and when it may go (RFC 9745, RFC 8594). */
const LEGACY_SEARCH_DEPRECATED = new Date('2026-12-01T00:00:00Z');
const LEGACY_SEARCH_SUNSET = new Date('2027-06-30T00:00:00Z');

interface FinderDeps {
  db: Queryable;
  rateLimit: object;
  /** The version every server of the fleet agrees on (the primary's); without it an answer's ETag is its body's hash, so the search runs before a 304. */
  listingsVersion?: ListingsVersion;
  /** `db` is the primary itself (no read replica): a 200 is stamped with the version already known, without a read of its own. */
  readsFromPrimary?: boolean;
  /** The search's read model (services/finder-index.ts); without it (or a listings version) the search runs on SQL. */
  finderIndex?: FinderIndex;
}

const requestKey = (path: string, input: unknown) => createHash('sha256').update(path).update(JSON.stringify(input)).digest('base64url').slice(0, 22);

export async function finderRoutes(app: FastifyInstance, deps: FinderDeps) {
  const config = { publicApi: true, rateLimit: deps.rateLimit };

  /**
   * Answers `compute()`'s result with an ETag and Cache-Control. With a listings version, a
   * conditional request naming the current version's ETag is a 304 before anything is read; a
   * 200 is stamped with the version its own database (the replica, when reads go there) had before
   * the read, never a newer one, so an answer read from a lagging replica is not kept as current
   * (on the primary, the version this server knows: a notification still on its way only makes it older).
   */
  async function sendListings(
    request: FastifyRequest,
    reply: FastifyReply,
    cacheControl: string,
    key: string,
    compute: () => Promise<unknown | null>,
    fromIndex?: (known: string) => Promise<{ version: string; body: string }>,
  ) {
    reply.header('cache-control', cacheControl).header('vary', 'accept-encoding');
    const etagOfVersion = (version: string) => `W/"${version}-${key}"`;
    const known = deps.listingsVersion ? await deps.listingsVersion.current() : null;
    const current = known === null ? null : etagOfVersion(known);
    if (current && matchesEtag(request.headers['if-none-match'], current)) return reply.code(304).header('etag', current).send();
    if (!(await admitConditional(request, reply))) return reply;
    let etag: string | null = null;
    let body: string;
    if (known !== null && fromIndex) {
      // The read model's answer carries the version it reflects, never a newer one.
      const found = await fromIndex(known);
      etag = etagOfVersion(found.version);
      body = found.body;
    } else {
      // The version known here is never newer than what the primary's read will see.
      if (current) etag = deps.readsFromPrimary ? current : etagOfVersion(versionOf(await readFeedState(deps.db)));
      const answer = await compute();
      if (answer === null) return sendProblem(request, reply, 'not-found');
      body = JSON.stringify(answer);
    }
    etag ??= etagOf(body);
    reply.header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.code(200).type('application/json; charset=utf-8').send(body);
  }

  app.get(PublicApi.finderSearch.path, { config }, async (request, reply) => {
    const parsed = z.safeParse(FinderSearchQuerySchema, request.query ?? {});
    if (!parsed.success) return sendInvalidParams(request, reply, parsed.error);
    const query = parsed.data;
    const after = query.cursor ? decodeSearchCursor(query, query.cursor) : null;
    if (query.cursor && !after) return sendProblem(request, reply, 'invalid-parameter', { invalidParams: [{ name: 'cursor', reason: 'cursor' }] });
    const { lang: _lang, ...searched } = query;
    return sendListings(
      request,
      reply,
      PUBLIC_LISTINGS_CACHE_CONTROL,
      requestKey(PublicApi.finderSearch.path, searched),
      () => searchListings(deps.db, query, after),
      deps.finderIndex && ((known) => deps.finderIndex!.search(known, query, after)),
    );
  });

  app.get(FinderApi.finderPharmacies.path, { config }, async (request, reply) => {
    reply
      .header('deprecation', `@${Math.floor(LEGACY_SEARCH_DEPRECATED.getTime() / 1000)}`)
      .header('sunset', LEGACY_SEARCH_SUNSET.toUTCString())
      .header('link', `<${PublicApi.finderSearch.path}>; rel="successor-version"`);
    const parsed = z.safeParse(FinderQuerySchema, request.query ?? {});
    if (!parsed.success) return sendInvalidParams(request, reply, parsed.error);
    const query = { ...parsed.data, service: parsed.data.service || undefined };
    return sendListings(request, reply, REVALIDATE, requestKey(FinderApi.finderPharmacies.path, query), async (): Promise<FinderAnswer> => {
      const { items, total } = await findListedPharmacies(deps.db, query);
      return { status: 'ok', data: items, total, page: query.page, pageSize: FINDER_PAGE_SIZE };
    });
  });

  app.get(FinderApi.finderListing.path, { config }, async (request, reply) => {
    const parsed = z.safeParse(FinderListingParamsSchema, request.params ?? {});
    if (!parsed.success) return sendProblem(request, reply, 'not-found');
    const { listingId } = parsed.data;
    return sendListings(request, reply, REVALIDATE, requestKey(FinderApi.finderListing.path, listingId), async () => {
      const listing = await findListing(deps.db, listingId);
      return listing ? { status: 'ok', data: listing } : null;
    });
  });
}

/**
 * A listing's page (/finder/{listingId}): the listing it renders with, and its head, so that a
 * shared link reads as the pharmacy: its title and description in the page's language, with the
 * words the page itself uses; null for an id that is not listed (the not-found view, 404).
 */
export function listingPageLoad(db: Queryable) {
  return async (localPath: string, language: Language, productName: string): Promise<PageLoad | null> => {
    const listingId = localPath.replace(/\/+$/, '').split('/').pop() ?? '';
    const parsed = z.safeParse(FinderListingParamsSchema, { listingId });
    const listing = parsed.success ? await findListing(db, parsed.data.listingId) : null;
    if (!listing) return null;
    const t = texts(language);
    return {
      head: {
        title: `${t('finder.listing.title', { pharmacy: listing.pharmacyName })} – ${productName}`,
        description: t('finder.listing.description', { name: listing.firstName, pharmacy: listing.pharmacyName, address: listing.address }),
      },
      data: listing,
    };
  };
}
