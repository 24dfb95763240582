import { describe, expect, it } from 'vitest';
import { GERMAN_CHAMBER_NAMES } from './german-chambers.ts';
import { isRegistrationBodyFor, registrationBodiesFor } from './registration-bodies.ts';

describe('registration bodies', () => {
  it('offers one body in the UK and Italy, the chambers in Germany', () => {
    expect(registrationBodiesFor('uk')).toEqual(['UK (GPhC)']);
    expect(registrationBodiesFor('it')).toEqual(['Italia (AIFA)']);
    expect(registrationBodiesFor('de')).toEqual(GERMAN_CHAMBER_NAMES);
    expect(registrationBodiesFor('de')).toHaveLength(17);
  });

  it('defaults to the UK', () => {
    expect(registrationBodiesFor(undefined)).toEqual(['UK (GPhC)']);
    expect(registrationBodiesFor(null)).toEqual(['UK (GPhC)']);
    expect(registrationBodiesFor('fr')).toEqual(['UK (GPhC)']);
  });

  it('checks a body against its market', () => {
    expect(isRegistrationBodyFor('de', 'Apothekerkammer Westfalen-Lippe')).toBe(true);
    expect(isRegistrationBodyFor('de', 'UK (GPhC)')).toBe(false);
    expect(isRegistrationBodyFor('it', 'Italia (AIFA)')).toBe(true);
    expect(isRegistrationBodyFor('uk', undefined)).toBe(false);
  });
});
