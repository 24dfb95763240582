// Provider for a Nominatim-compatible server (OpenStreetMap's, or a self-hosted one).
import { MARKETS } from '#shared/markets.ts';
import { MAX_RESULTS, type GeocodedAddress, type Place, type PlacesProvider } from './provider.ts';

const TIMEOUT_MS = 5000;
/** Our place ids: "osm:" + OSM type letter + id, e.g. osm:N123 (what /lookup?osm_ids= takes). */
const PLACE_ID = /^osm:([NWR])(\d{1,20})$/;

interface NominatimResult {
  osm_type?: string;
  osm_id?: number | string;
  name?: string;
  display_name?: string;
  lat?: string | number;
  lon?: string | number;
  /** 30 a building, 26-27 a street, 16 a town and so on (Nominatim's address ranks). */
  place_rank?: number;
}

/** Ranks from this one up are a street or finer: the address itself was found. */
const STREET_RANK = 26;

function toGeocoded(result: NominatimResult | undefined): GeocodedAddress | null {
  if (!result) return null;
  const lat = Number(result.lat);
  const lng = Number(result.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const label = typeof result.display_name === 'string' ? result.display_name : '';
  const match = Number(result.place_rank) >= STREET_RANK ? 'address' : 'town';
  return { lat, lng, label, match, demo: false };
}

export class PlacesUnavailableError extends Error {}

function toPlace(result: NominatimResult): Place | null {
  const type = typeof result.osm_type === 'string' ? result.osm_type.charAt(0).toUpperCase() : '';
  const id = String(result.osm_id ?? '');
  const lat = Number(result.lat);
  const lng = Number(result.lon);
  const address = typeof result.display_name === 'string' ? result.display_name : '';
  if (!/^[NWR]$/.test(type) || !/^\d+$/.test(id) || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const name = typeof result.name === 'string' && result.name.trim() ? result.name.trim() : (address.split(',')[0] ?? '').trim();
  return { placeId: `osm:${type}${id}`, name, address, lat, lng };
}

export function createNominatimPlaces(baseUrl: string, userAgent = 'PharmacyChampions/1.0'): PlacesProvider {
  async function getJson(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json', 'user-agent': userAgent }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new PlacesUnavailableError(`places provider unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new PlacesUnavailableError(`places provider answered ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new PlacesUnavailableError('places provider answered with invalid JSON');
    }
  }

  const places = (json: unknown): Place[] => (Array.isArray(json) ? json : []).map((r) => toPlace(r as NominatimResult)).filter((p): p is Place => p !== null);

  return {
    async search(query, country) {
      const json = await getJson('/search', { format: 'jsonv2', q: query, countrycodes: MARKETS[country].region.toLowerCase(), limit: String(MAX_RESULTS) });
      return places(json).slice(0, MAX_RESULTS);
    },
    async details(placeId) {
      const match = PLACE_ID.exec(placeId);
      if (!match) return null;
      const json = await getJson('/lookup', { format: 'jsonv2', osm_ids: `${match[1]}${match[2]}` });
      return places(json)[0] ?? null;
    },
    async geocode(address, country) {
      const json = await getJson('/search', { format: 'jsonv2', q: address, countrycodes: MARKETS[country].region.toLowerCase(), limit: '1' });
      return toGeocoded(Array.isArray(json) ? (json[0] as NominatimResult | undefined) : undefined);
    },
  };
}
