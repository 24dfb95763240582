// GET /api/places/details?placeId= (DESIGN §6): one place with its coordinates.
import { apiFetch, apiPath } from '../api-client.ts';
import { isPlace, type Place } from './places-search.ts';

export async function getPlaceDetails(placeId: string, signal?: AbortSignal): Promise<Place | null> {
  const { ok, body } = await apiFetch<unknown>(apiPath('/api/places/details', { placeId }), { signal });
  if (!ok || !body || body.status !== 'ok' || !isPlace(body.data)) return null;
  return body.data;
}
