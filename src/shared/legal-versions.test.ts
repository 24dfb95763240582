import { describe, expect, it } from 'vitest';
import { COUNTRIES, LANGUAGES } from './markets.ts';
import { legalVersionsOf } from './legal-versions.ts';
import { MARKETS } from './markets.ts';

describe('legalVersionsOf', () => {
  it('names the Italian texts in Italian with the date of each', () => {
    expect(legalVersionsOf('it', 'it')).toEqual({ privacy: 'it/it/privacy-policy@2026-11-25', terms: 'it/it/terms-and-conditions@2021-05-07' });
  });

  it('names the UK texts, in the language of the page', () => {
    expect(legalVersionsOf('uk', 'en')).toEqual({ privacy: 'uk/en/privacy-policy@2026-11-25', terms: 'uk/en/terms-and-conditions@2021-05-07' });
    expect(legalVersionsOf('uk', 'de')).toEqual({ privacy: 'uk/de/privacy-policy@2026-11-25', terms: 'uk/de/terms-and-conditions@2021-05-07' });
  });

  it('names the German texts by their own kinds', () => {
    expect(legalVersionsOf('de', 'de')).toEqual({ privacy: 'de/de/datenschutz@2026-11-25', terms: 'de/de/nutzungsbedingungen@2022-04-07' });
    expect(legalVersionsOf('de', 'it')).toEqual({ privacy: 'de/it/datenschutz@2026-11-25', terms: 'de/it/nutzungsbedingungen@2022-04-07' });
  });

  it('gives every market and language a version of the form market/language/kind@date', () => {
    for (const country of COUNTRIES) {
      for (const language of LANGUAGES) {
        const { privacy, terms } = legalVersionsOf(country, language);
        for (const version of [privacy, terms]) expect(version).toMatch(new RegExp(`^${country}/${language}/[a-z-]+@\\d{4}-\\d{2}(-\\d{2})?$`));
        expect(privacy).not.toBe(terms);
      }
    }
  });

  it('writes a date with only its month known as YYYY-MM', () => {
    const saved = MARKETS.de.legalDates.datenschutz;
    MARKETS.de.legalDates.datenschutz = '2022-03';
    try {
      expect(legalVersionsOf('de', 'de').privacy).toBe('de/de/datenschutz@2022-03');
    } finally {
      MARKETS.de.legalDates.datenschutz = saved;
    }
  });
});
