// GET /api/v1/finder/listings/{listingId} (issue 25 item 9): one listing, for its own page.
import * as FinderApi from '#shared/api/finder-endpoints.ts';
import type { FinderListing } from '#shared/schemas/finder.ts';
import { callApi } from '../api-client.ts';

export type { FinderListing };

/** The listing, or null when the id is not listed (any more); rejects when the server cannot answer. */
export async function getFinderListing(listingId: string, signal?: AbortSignal): Promise<FinderListing | null> {
  const { ok, httpStatus, body } = await callApi(FinderApi.finderListing, { params: { listingId }, signal });
  if (httpStatus === 404) return null;
  if (!ok || !body || body.status !== 'ok' || !body.data) throw new Error('finder listing failed');
  return body.data;
}
