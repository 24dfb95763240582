// GET /api/v1/finder/pharmacies (issue #13): listed champions near a point, a page at a time.
import * as FinderApi from '#shared/api/finder-endpoints.ts';
import type { Country } from '#shared/markets.ts';
import type { FinderPharmacy } from '#shared/schemas/finder.ts';
import { callApi } from '../api-client.ts';

export type { FinderPharmacy };

export interface FinderRequest {
  market: Country;
  lat: number;
  lng: number;
  radiusKm: number;
  page: number;
  /** Only listings whose services contain this keyword; none: all. */
  service?: string;
}

export interface FinderResult {
  items: FinderPharmacy[];
  total: number;
}

/** Six decimals (about 10 cm) in plain notation, as the query schema reads them. */
const coordinate = (value: number) => value.toFixed(6);

/** Rejects when the search fails (the page offers to try again). */
export async function findPharmacies(request: FinderRequest, signal?: AbortSignal): Promise<FinderResult> {
  const { ok, body } = await callApi(FinderApi.finderPharmacies, {
    request: {
      market: request.market,
      lat: coordinate(request.lat),
      lng: coordinate(request.lng),
      radiusKm: String(request.radiusKm),
      page: String(request.page),
      ...(request.service ? { service: request.service } : {}),
    },
    signal,
  });
  if (!ok || !body || body.status !== 'ok' || !Array.isArray(body.data)) throw new Error('finder search failed');
  return { items: body.data, total: typeof body.total === 'number' ? body.total : body.data.length };
}
