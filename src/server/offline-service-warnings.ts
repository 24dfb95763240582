// Start-up warnings for services that run in offline demo mode (one log line each), so that an
// operator does not put a site live whose applicants cannot find their pharmacy.
import type { Config } from './config.ts';

export function offlineServiceWarnings(config: Pick<Config, 'places' | 'mapTilesUrl'>): string[] {
  const warnings: string[] = [];
  if (config.places.provider === 'fixture') {
    warnings.push(
      'Places run in offline demo mode (PLACES_PROVIDER=fixture): the pharmacy search knows only invented pharmacies around Liverpool, Rome and Berlin, and a typed address is placed at a town centre, not looked up. Set PLACES_PROVIDER=nominatim (and PLACES_URL) for real places.',
    );
  }
  if (!config.mapTilesUrl.trim()) {
    warnings.push(
      'The map runs in offline demo mode (MAP_TILES_URL is empty): applicants see a pin on a blank map, without streets. Set MAP_TILES_URL and MAP_ATTRIBUTION to a tile server.',
    );
  }
  return warnings;
}
