import type { Config } from '../../config.ts';
import { withCache } from './cache.ts';
import { createFixturePlaces } from './fixture.ts';
import { createNominatimPlaces } from './nominatim.ts';
import type { PlacesProvider } from './provider.ts';

export function createPlacesProvider(config: Pick<Config, 'places' | 'productName'>): PlacesProvider {
  if (config.places.provider === 'nominatim') {
    return withCache(createNominatimPlaces(config.places.url, `${config.productName.replace(/[^\w.-]+/g, '')}/1.0`));
  }
  return withCache(createFixturePlaces());
}
