// A patient app's offline copy of the finder (issue 38 item 8): a market's listings kept in memory
// from a snapshot and then the change feed, and "the five nearest to this point" answered from
// that copy without the network. Types generated from the committed OpenAPI document
// (finder-v1.d.ts, by openapi-typescript), requests through openapi-fetch.
import createClient from 'openapi-fetch';
import type { components, paths } from './finder-v1.d.ts';

export type Listing = components['schemas']['FinderListing'];
export type Market = Listing['market'];
type Problem = components['schemas']['Problem'];

export interface PatientAppOptions {
  /** The API's origin, e.g. http://localhost:3000. */
  baseUrl: string;
  market: Market;
  /** A client key (X-Api-Key); without one the requests are anonymous. */
  apiKey?: string;
  /** Changes a page (1-1000). */
  pageSize?: number;
  fetch?: typeof globalThis.fetch;
}

export interface SyncResult {
  /** Whether this sync started from a new snapshot (the first sync, or the cursor had expired: 410). */
  snapshot: boolean;
  /** Changes applied. */
  changes: number;
}

/** A failed request: the status and the problem the API answered. */
class FinderApiError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;
  constructor(status: number, problem: Problem | undefined) {
    super(`finder API answered ${status}${problem ? `: ${problem.title}${problem.detail ? ` (${problem.detail})` : ''}` : ''}`);
    this.status = status;
    this.problem = problem;
  }
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres (haversine). */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function createPatientApp(options: PatientAppOptions) {
  const { market, pageSize = 500 } = options;
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: options.apiKey ? { 'X-Api-Key': options.apiKey } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  /** The copy: listing id -> listing. */
  const listings = new Map<string, Listing>();
  /** Where to read changes from next; null before the first snapshot. */
  let cursor: string | null = null;

  async function takeSnapshot(): Promise<string> {
    const { data, error, response } = await client.GET('/api/v1/finder/snapshot', { params: { query: { market } } });
    if (!data) throw new FinderApiError(response.status, error as Problem | undefined);
    listings.clear();
    for (const listing of data.data) listings.set(listing.id, listing);
    return data.cursor;
  }

  return {
    listings: listings as ReadonlyMap<string, Listing>,

    /**
     * Brings the copy up to date: a snapshot the first time, then the changes after the cursor,
     * page by page until a page is empty. An expired cursor (410) starts again from a new snapshot.
     */
    async sync(): Promise<SyncResult> {
      const result: SyncResult = { snapshot: false, changes: 0 };
      let since: string;
      if (cursor === null) {
        since = cursor = await takeSnapshot();
        result.snapshot = true;
      } else since = cursor;
      for (;;) {
        const { data, error, response } = await client.GET('/api/v1/finder/changes', { params: { query: { market, since, limit: String(pageSize) } } });
        if (response.status === 410) {
          since = cursor = await takeSnapshot();
          result.snapshot = true;
          continue;
        }
        if (!data) throw new FinderApiError(response.status, error as Problem | undefined);
        for (const change of data.data) {
          if (change.op === 'upsert') listings.set(change.id, change.listing);
          else listings.delete(change.id);
        }
        result.changes += data.data.length;
        since = cursor = data.next;
        if (data.data.length === 0) return result;
      }
    },

    /** The `count` listings of the copy nearest to a point, nearest first, with their distance; no request. */
    nearest(lat: number, lng: number, count = 5): (Listing & { distanceKm: number })[] {
      return [...listings.values()]
        .map((listing) => ({ ...listing, distanceKm: distanceKm(lat, lng, listing.lat, listing.lng) }))
        .sort((a, b) => a.distanceKm - b.distanceKm || (a.id < b.id ? -1 : 1))
        .slice(0, count);
    },
  };
}
