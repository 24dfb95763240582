import type { Config } from '../../config.ts';
import { withCache } from './cache.ts';
import { createNominatimPlaces } from './nominatim.ts';
import type { PlacesProvider } from './provider.ts';

/**
 * A provider built on its first call (issue 27): the bundled places (fixture.ts and its data) load
 * with the first search, details or geocode that needs them, not at start.
 */
function onFirstUse(load: () => Promise<PlacesProvider>): PlacesProvider {
  let loading: Promise<PlacesProvider> | null = null;
  const provider = () => (loading ??= load());
  return {
    search: async (query, country) => (await provider()).search(query, country),
    details: async (placeId) => (await provider()).details(placeId),
    geocode: async (address, country) => (await provider()).geocode(address, country),
  };
}

export function createPlacesProvider(config: Pick<Config, 'places' | 'productName'>): PlacesProvider {
  if (config.places.provider === 'nominatim') {
    return withCache(createNominatimPlaces(config.places.url, `${config.productName.replace(/[^\w.-]+/g, '')}/1.0`));
  }
  return withCache(onFirstUse(async () => (await import('./fixture.ts')).createFixturePlaces()));
}
