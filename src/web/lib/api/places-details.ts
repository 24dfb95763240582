// GET /api/places/details?placeId= (DESIGN §6): one place with its coordinates.
import * as Api from '#shared/api/endpoints.ts';
import { callApi } from '../api-client.ts';
import { isPlace, type Place } from './places-search.ts';

export async function getPlaceDetails(placeId: string, signal?: AbortSignal): Promise<Place | null> {
  const { ok, body } = await callApi(Api.placeDetails, { request: { placeId }, signal });
  if (!ok || !body || body.status !== 'ok' || !isPlace(body.data)) return null;
  return body.data;
}
