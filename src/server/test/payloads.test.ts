import { describe, expect, it } from 'vitest';
import { applicationFormFor } from '#shared/forms/catalogue.ts';
import { payloadSchema } from '#shared/forms/derive.ts';
import { COUNTRIES, LANGUAGES } from '#shared/markets.ts';
import { validApplication } from './payloads.ts';

describe('validApplication', () => {
  it.each(COUNTRIES.flatMap((country) => LANGUAGES.map((language) => [country, language] as const)))(
    'is accepted by the schema the server picks for %s in %s',
    (country, language) => {
      const payload = validApplication({ country, language }, { recaptchaToken: 'solved' });
      const parsed = payloadSchema(applicationFormFor(country, language)).safeParse(payload);
      expect(parsed.success ? {} : parsed.error.issues).toEqual({});
      expect(payload).toMatchObject({ appStoreCountry: country, formLanguage: language });
    },
  );

  it('names each applicant apart, by run and index when asked', () => {
    const [a, b] = [validApplication({ country: 'it' }), validApplication({ country: 'it' })];
    expect(a.email).not.toBe(b.email);
    expect(a.professionalRegistrationNumber).not.toBe(b.professionalRegistrationNumber);
    expect(validApplication({ country: 'uk', distinct: { run: 'x', index: 7 } })).toMatchObject({
      email: 'load-x-7@bench.example.com',
      placeId: 'bench:x:7',
      professionalRegistrationNumber: '1000007',
    });
  });
});
