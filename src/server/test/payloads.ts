// The one builder of a valid application payload, for the API tests, the resilience tests and the
// benchmarks. The market and language choose the form (`applicationFormFor`, as the server does);
// the three-step form's payload is its multipart fields, so every value is a string there.
import { applicationFormFor } from '#shared/forms/catalogue.ts';
import { MARKET_LANGUAGE, type Country, type Language } from '#shared/markets.ts';
import { REGISTRATION_BODY_IT, REGISTRATION_BODY_UK } from '#shared/reference/options.ts';

export interface ApplicationOf {
  country: Country;
  /** The market's own language unless given (uk-de and it-en are three-step forms). */
  language?: Language;
  /**
   * Names the applicant by run and index: e-mail `load-{run}-{index}@bench.example.com`, place
   * `bench:{run}:{index}` (so each save inserts a pharmacy row), registration number 1,000,000 +
   * index (runs sharing a database use disjoint index ranges). Without it each call gets a fresh
   * e-mail and registration number at the market's fixture place.
   */
  distinct?: { run: string; index: number };
}

const PERSON: Record<Country, { firstName: string; lastName: string; emailDomain: string }> = {
  uk: { firstName: 'Amelia', lastName: "O'Brien", emailDomain: 'example.co.uk' },
  it: { firstName: 'Giulia', lastName: "D'Angelo", emailDomain: 'example.it' },
  de: { firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt', emailDomain: 'example.de' },
};

const PHARMACY: Record<Country, { placeId: string; lat: number; lng: number; address: string; whereYouWork: string; services: string }> = {
  uk: {
    placeId: 'fixture:uk:001',
    lat: 53.4,
    lng: -2.99,
    address: '84 Bold Street, Liverpool L1 4DJ, United Kingdom',
    whereYouWork: 'Bold Street Chemist',
    services: 'Flu jabs, blood pressure checks',
  },
  it: {
    placeId: 'fixture:it:001',
    lat: 41.87,
    lng: 12.52,
    address: 'Via Tiburtina 45, 00185 Roma, Italia',
    whereYouWork: 'Farmacia San Lorenzo',
    services: 'Vaccinazioni, misurazione della pressione',
  },
  de: {
    placeId: 'fixture:de:001',
    lat: 52.52,
    lng: 13.405,
    address: 'Friedrichstraße 100, 10117 Berlin, Deutschland',
    whereYouWork: 'Apotheke am Bahnhof',
    services: 'Impfungen, Medikationsanalyse',
  },
};

const REGISTRATION_BODY: Record<Country, string> = { uk: REGISTRATION_BODY_UK, it: REGISTRATION_BODY_IT, de: 'Apothekerkammer Berlin' };
/** The leading digit of a registration number per market, so markets never collide. */
const NUMBER_PREFIX: Record<Country, string> = { uk: '2', it: '4', de: '3' };

let counter = 0;

function applicant(of: ApplicationOf) {
  const person = PERSON[of.country];
  const pharmacy = PHARMACY[of.country];
  if (!of.distinct) {
    counter += 1;
    const unique = `${process.pid % 1000}${counter}`.padStart(4, '0').slice(-6);
    return {
      ...person,
      email: `pharmacist${unique}@${person.emailDomain}`,
      professionalRegistrationNumber: `${NUMBER_PREFIX[of.country]}${unique}`.slice(0, 7),
      ...pharmacy,
    };
  }
  const { run, index } = of.distinct;
  if (!Number.isInteger(index) || index < 0 || index >= 8_999_999) throw new Error('index out of range for a 7-digit registration number');
  return {
    ...person,
    email: `load-${run}-${index}@bench.example.com`,
    professionalRegistrationNumber: String(1_000_000 + index),
    ...pharmacy,
    placeId: `bench:${run}:${index}`,
    lat: pharmacy.lat + (index % 1000) / 10_000,
    lng: pharmacy.lng - (index % 997) / 10_000,
    whereYouWork: `Bench Pharmacy ${index}`,
  };
}

const FIVE_AGREEMENTS = <T>(value: T) => ({
  agreementCheck1: value,
  agreementCheck2: value,
  agreementCheck3: value,
  agreementCheck4: value,
  agreementCheck5: value,
});

/** A valid application for a market and language, with `overrides` laid over it. */
export function validApplication(of: ApplicationOf, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const language = of.language ?? MARKET_LANGUAGE[of.country];
  const { emailDomain: _domain, ...who } = applicant(of);
  const market = { appStoreCountry: of.country, formLanguage: language };
  switch (applicationFormFor(of.country, language).id) {
    case 'apply-uk':
      return {
        ...who,
        areYouLocum: 'no',
        whereDidYouFindOutAboutUs: 'email',
        anythingElseAboutYou: 'Ten years in community pharmacy.',
        haveYouCompleted: 'yes',
        additionalTrainingNotes: '',
        isChecked: true,
        ...FIVE_AGREEMENTS(true),
        ...market,
        ...overrides,
      };
    case 'apply-it':
      return {
        ...who,
        bodyOfRegistration: REGISTRATION_BODY_IT,
        areYouLocum: 'no',
        whereDidYouFindOutAboutUs: 'email',
        anythingElseAboutYou: 'Dieci anni in farmacia territoriale.',
        haveYouCompleted: 'yes',
        isChecked: true,
        ...FIVE_AGREEMENTS(true),
        ...market,
        ...overrides,
      };
    default:
      return {
        haveYouCompleted: 'yes',
        ...who,
        lat: String(who.lat),
        lng: String(who.lng),
        bodyOfRegistration: REGISTRATION_BODY[of.country],
        isChecked: 'true',
        willUpateGoogleMapsEntry: 'true',
        howDidYouFindAboutTheProgram: 'MY EMPLOYER',
        ...FIVE_AGREEMENTS('on'),
        ...market,
        ...overrides,
      };
  }
}

/** Shorthands of the builder for the two payloads most tests send. */
export const ukApplication = (overrides: Record<string, unknown> = {}) => validApplication({ country: 'uk' }, overrides);
export const germanApplication = (overrides: Record<string, unknown> = {}) => validApplication({ country: 'de' }, overrides);
