// GET /api/places/geocode?address=&market= (DESIGN §6): where the provider puts a typed address.
import type { Country } from '#shared/markets.ts';
import type { GeocodedAddress } from '#shared/schemas/api.ts';
import * as Api from '#shared/api/endpoints.ts';
import { callApi } from '../api-client.ts';

export type { GeocodedAddress };

/** `found` with the position, `notFound` when the provider cannot place the address, `failed` for anything else. */
export type GeocodeOutcome = { status: 'found'; place: GeocodedAddress } | { status: 'notFound' } | { status: 'failed' };

function isGeocoded(value: unknown): value is GeocodedAddress {
  if (!value || typeof value !== 'object') return false;
  const g = value as Record<string, unknown>;
  return (
    Number.isFinite(g.lat) && Number.isFinite(g.lng) && typeof g.label === 'string' && (g.match === 'address' || g.match === 'town' || g.match === 'market')
  );
}

export async function geocodeAddress(address: string, market: Country, signal?: AbortSignal): Promise<GeocodeOutcome> {
  try {
    const { ok, httpStatus, body } = await callApi(Api.placeGeocode, { request: { address, market }, signal });
    if (ok && body?.status === 'ok' && isGeocoded(body.data)) return { status: 'found', place: { ...body.data, demo: body.data.demo === true } };
    return httpStatus === 404 ? { status: 'notFound' } : { status: 'failed' };
  } catch {
    return { status: 'failed' };
  }
}
