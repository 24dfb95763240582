// Offline provider over the bundled places: demos, tests and machines without network.
import { MARKETS, type Country } from '#shared/markets.ts';
import { FIXTURE_PLACES, type FixturePlace } from './fixture-data.ts';
import { OFFLINE_TOWNS, type OfflineTown } from './offline-towns.ts';
import { MAX_RESULTS, type GeocodedAddress, type Place, type PlacesProvider } from './provider.ts';

/** Lower case, accents removed, apostrophes unified: "Città" matches "citta". */
function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase();
}

const toPlace = ({ placeId, name, address, lat, lng }: FixturePlace): Place => ({ placeId, name, address, lat, lng });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `name` appears in `folded` as whole words, or -1. */
function wordIndex(folded: string, name: string): number {
  const match = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(foldForSearch(name))}(?![\\p{L}\\p{N}])`, 'u').exec(folded);
  return match ? match.index : -1;
}

/**
 * The offline geocoder: it looks nothing up. The centre of the known town named in the address
 * (the last one named, as a town comes after the street: "Liverpool Road, London" is London),
 * else the market's centre; `demo` says so.
 */
export function geocodeOffline(address: string, country: Country): GeocodedAddress {
  const folded = foldForSearch(address);
  let best: { index: number; town: OfflineTown } | null = null;
  for (const town of OFFLINE_TOWNS[country] ?? []) {
    const index = Math.max(...town.names.map((name) => wordIndex(folded, name)));
    if (index >= 0 && (!best || index > best.index)) best = { index, town };
  }
  if (best) return { lat: best.town.lat, lng: best.town.lng, label: best.town.names[0] ?? '', match: 'town', demo: true };
  const centre = MARKETS[country].mapCentre;
  return { lat: centre.lat, lng: centre.lng, label: centre.label, match: 'market', demo: true };
}

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
    async geocode(address: string, country: Country) {
      return geocodeOffline(address, country);
    },
  };
}
