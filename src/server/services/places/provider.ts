// A place search provider: the map's pharmacy search goes through our server to one of these.
import type { Country } from '#shared/markets.ts';
import type { Place } from '#shared/schemas/api.ts';

export type { Place };

export interface PlacesProvider {
  search(query: string, country: Country): Promise<Place[]>;
  details(placeId: string): Promise<Place | null>;
}

export const MAX_RESULTS = 10;
