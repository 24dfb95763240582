// Offline provider over the bundled places: demos, tests and machines without network.
import type { Country } from '#shared/markets.ts';
import { FIXTURE_PLACES, type FixturePlace } from './fixture-data.ts';
import { MAX_RESULTS, type Place, type PlacesProvider } from './provider.ts';

/** Lower case, accents removed, apostrophes unified: "Città" matches "citta". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase();
}

const toPlace = ({ placeId, name, address, lat, lng }: FixturePlace): Place => ({ placeId, name, address, lat, lng });

export function createFixturePlaces(places: readonly FixturePlace[] = FIXTURE_PLACES): PlacesProvider {
  const indexed = places.map((place) => ({ place, haystack: foldForSearch(`${place.name} ${place.address}`) }));
  return {
    async search(query: string, country: Country) {
      const words = foldForSearch(query).split(/\s+/).filter(Boolean);
      return indexed
        .filter(({ place, haystack }) => place.country === country && words.every((w) => haystack.includes(w)))
        .slice(0, MAX_RESULTS)
        .map(({ place }) => toPlace(place));
    },
    async details(placeId: string) {
      const found = places.find((p) => p.placeId === placeId);
      return found ? toPlace(found) : null;
    },
  };
}
