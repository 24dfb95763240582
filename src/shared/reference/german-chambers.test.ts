import { describe, expect, it } from 'vitest';
import { GERMAN_CHAMBERS, GERMAN_CHAMBER_NAMES, isGermanChamberName } from './german-chambers.ts';

describe('German chambers of pharmacists', () => {
  it('lists all 17 chambers, with unique ids and names', () => {
    expect(GERMAN_CHAMBERS).toHaveLength(17);
    expect(new Set(GERMAN_CHAMBERS.map((c) => c.id)).size).toBe(17);
    expect(new Set(GERMAN_CHAMBER_NAMES).size).toBe(17);
  });

  it('has both North Rhine-Westphalian chambers', () => {
    expect(GERMAN_CHAMBER_NAMES).toContain('Apothekerkammer Nordrhein');
    expect(GERMAN_CHAMBER_NAMES).toContain('Apothekerkammer Westfalen-Lippe');
  });

  it('uses slug ids and non-empty names', () => {
    for (const { id, name } of GERMAN_CHAMBERS) {
      expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(name.trim()).toBe(name);
      expect(name.length).toBeGreaterThan(0);
    }
  });

  it('recognises chamber names only', () => {
    expect(isGermanChamberName('Bayerische Landesapothekerkammer')).toBe(true);
    expect(isGermanChamberName('UK (GPhC)')).toBe(false);
    expect(isGermanChamberName(undefined)).toBe(false);
  });
});
