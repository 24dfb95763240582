import { afterEach, describe, expect, it } from 'vitest';
import { formFor } from './forms/catalogue.ts';
import { COUNTRIES, LANGUAGES, MARKETS, type MarketEntry } from './market-table.ts';
import { isFieldForceLanguage, marketSpeaking, resolveVariant } from './markets.ts';

// The code reads a market's facts from its entry: changing an entry changes what the market is served.
const original = structuredClone(MARKETS);
afterEach(() => {
  for (const country of COUNTRIES) MARKETS[country] = structuredClone(original[country]);
});

describe('the market table', () => {
  it("holds the product's markets and languages alone: the fixture market joins only the tests that import it (decision 0080)", () => {
    expect(COUNTRIES).toEqual(['uk', 'it', 'de']);
    expect(LANGUAGES).toEqual(['en', 'it', 'de']);
  });

  it('wants every field of a new entry', () => {
    const { mapNeedsConsent: _left, ...withoutConsent } = MARKETS.uk;
    // @ts-expect-error mapNeedsConsent is missing: a market must say whether its map asks for consent.
    const entry: MarketEntry = withoutConsent;
    expect(entry.form).toBe('apply-uk');
  });

  it('serves each market its own form in its own language, the steps form in any other', () => {
    for (const country of COUNTRIES) {
      expect(formFor(resolveVariant(country, MARKETS[country].language)).id).toBe(MARKETS[country].form);
      const other = LANGUAGES.find((language) => language !== MARKETS[country].language)!;
      expect(formFor(resolveVariant(country, other)).id).toBe('apply-steps');
    }
    MARKETS.uk.form = 'apply-steps';
    expect(resolveVariant('uk', 'en')).toMatchObject({ layout: 'steps', showStepIndicator: true, supportedPair: true });
    expect(formFor(resolveVariant('uk', 'en')).id).toBe('apply-steps');
  });

  it('has the rep and area manager modes where its entry has a field force, in its own language', () => {
    expect(resolveVariant('de', 'de', 'rep').mode).toBe('default');
    expect(isFieldForceLanguage('de')).toBe(false);
    expect(isFieldForceLanguage('it')).toBe(true);
    MARKETS.de.fieldForce = true;
    expect(resolveVariant('de', 'de', 'rep')).toMatchObject({ mode: 'rep', modePrefix: '/rep', layout: 'single' });
    expect(resolveVariant('de', 'en', 'rep').mode).toBe('default');
    expect(isFieldForceLanguage('de')).toBe(true);
  });

  it('names the market that speaks a language', () => {
    expect(COUNTRIES.map((country) => marketSpeaking(MARKETS[country].language))).toEqual(COUNTRIES);
    expect(marketSpeaking('fr')).toBeUndefined();
  });
});
