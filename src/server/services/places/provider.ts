// A place search provider: the map's pharmacy search goes through our server to one of these.
import type { Country } from '#shared/markets.ts';
import type { GeocodedAddress, Place } from '#shared/schemas/api.ts';

export type { GeocodedAddress, Place };

export interface PlacesProvider {
  search(query: string, country: Country): Promise<Place[]>;
  details(placeId: string): Promise<Place | null>;
  /** Where `address` is ("Can't find your pharmacy?"); null when the provider cannot place it at all. */
  geocode(address: string, country: Country): Promise<GeocodedAddress | null>;
}

export const MAX_RESULTS = 10;
