import { describe, expect, it } from 'vitest';
import { offlineServiceWarnings } from './offline-service-warnings.ts';

const real = { places: { provider: 'nominatim', url: 'https://nominatim.example.org' }, mapTilesUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' } as const;

describe('offlineServiceWarnings', () => {
  it('says nothing when places and tiles are real', () => {
    expect(offlineServiceWarnings(real)).toEqual([]);
  });

  it('warns once for the offline places provider and once for missing tiles, naming the settings', () => {
    const warnings = offlineServiceWarnings({ places: { provider: 'fixture', url: real.places.url }, mapTilesUrl: ' ' });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/offline demo mode.*PLACES_PROVIDER=fixture.*invented pharmacies.*PLACES_PROVIDER=nominatim/);
    expect(warnings[1]).toMatch(/offline demo mode.*MAP_TILES_URL.*MAP_ATTRIBUTION/);
    expect(warnings.every((w) => !w.includes('\n'))).toBe(true);
  });

  it('warns only for what is offline', () => {
    expect(offlineServiceWarnings({ ...real, mapTilesUrl: '' })).toEqual([expect.stringContaining('MAP_TILES_URL')]);
    expect(offlineServiceWarnings({ ...real, places: { provider: 'fixture', url: real.places.url } })).toEqual([expect.stringContaining('PLACES_PROVIDER')]);
  });
});
