import { describe, expect, it } from 'vitest';
import { ITALIAN_CITIES, ITALIAN_PROVINCES, ITALIAN_REGIONS, isItalianRegionId, provincesOf, regionOfProvince } from './italy.ts';

const allProvinces = ITALIAN_PROVINCES;

describe('Italian regions and provinces', () => {
  it('has the 20 regions with unique ids and names', () => {
    expect(ITALIAN_REGIONS).toHaveLength(20);
    expect(new Set(ITALIAN_REGIONS.map((r) => r.id)).size).toBe(20);
    expect(new Set(ITALIAN_REGIONS.map((r) => r.name)).size).toBe(20);
  });

  it('gives every region at least one province', () => {
    for (const region of ITALIAN_REGIONS) expect(region.provinces.length).toBeGreaterThanOrEqual(1);
  });

  it('has the 110 provinces of the ISTAT list of 1 January 2026', () => {
    expect(allProvinces).toHaveLength(110);
  });

  it('uses unique two-letter upper-case province codes and unique names', () => {
    for (const { code } of allProvinces) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(allProvinces.map((p) => p.code)).size).toBe(allProvinces.length);
    expect(new Set(allProvinces.map((p) => p.name)).size).toBe(allProvinces.length);
  });

  it('has the post-2025 Sardinian provinces and no Sud Sardegna', () => {
    expect(
      provincesOf('sardegna')
        .map((p) => p.code)
        .sort(),
    ).toEqual(['CA', 'CI', 'NU', 'OG', 'OR', 'OT', 'SS', 'VS']);
    expect(allProvinces.some((p) => p.code === 'SU')).toBe(false);
  });

  it('looks provinces up by region', () => {
    expect(provincesOf('lazio').map((p) => p.code)).toEqual(['FR', 'LT', 'RI', 'RM', 'VT']);
    expect(provincesOf('valle-d-aosta')).toEqual([{ code: 'AO', name: 'Aosta' }]);
    expect(provincesOf('atlantide')).toEqual([]);
  });

  it('finds the region of a province, and recognises region ids', () => {
    expect(regionOfProvince('CT')?.id).toBe('sicilia');
    expect(regionOfProvince('ZZ')).toBeUndefined();
    expect(isItalianRegionId('toscana')).toBe(true);
    expect(isItalianRegionId('Toscana')).toBe(false);
  });
});

describe('Italian cities', () => {
  it('lists the ten largest cities, largest first', () => {
    expect(ITALIAN_CITIES.map((c) => c.name)).toEqual(['Roma', 'Milano', 'Napoli', 'Torino', 'Palermo', 'Genova', 'Bologna', 'Firenze', 'Bari', 'Catania']);
  });

  it('points each city at an existing region and one of its provinces', () => {
    for (const city of ITALIAN_CITIES) {
      expect(isItalianRegionId(city.regionId)).toBe(true);
      expect(provincesOf(city.regionId).map((p) => p.code)).toContain(city.provinceCode);
    }
  });
});
