// GET /api/places/search?q=&market= (DESIGN §6): place suggestions from our server's provider.
import type { Country } from '#shared/markets.ts';
import type { Place } from '#shared/schemas/api.ts';
import * as Api from '#shared/api/endpoints.ts';
import { callApi } from '../api-client.ts';

export type { Place };

export function isPlace(value: unknown): value is Place {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return typeof p.placeId === 'string' && p.placeId !== '' && typeof p.name === 'string' && typeof p.address === 'string';
}

/** Rejects when the search fails (the caller shows "no results" or an error). */
export async function searchPlaces(q: string, market: Country, signal?: AbortSignal): Promise<Place[]> {
  const { ok, body } = await callApi(Api.placesSearch, { request: { q, market }, signal });
  if (!ok || !body || body.status !== 'ok' || !Array.isArray(body.data)) throw new Error('places search failed');
  return body.data.filter(isPlace);
}
