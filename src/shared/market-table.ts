// The market table (issue 40 item 1, decision 0076): every fact the code decides by market or by
// language is a field of that market's or language's entry here, and the code reads the field.
// Nothing else compares a value with a market or language code (the lint rule
// champions/no-market-literal, src/lint/no-market-literal.js, holds the house to it), so a new
// market is a new entry, and the compiler lists each field it must give.

export const COUNTRIES = ['uk', 'it', 'de'] as const;
export type Country = (typeof COUNTRIES)[number];

export const LANGUAGES = ['en', 'it', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The applicant forms of the catalogue (forms/catalogue.ts) a market may serve in its own language. */
export type ApplicantFormId = 'apply-uk' | 'apply-it' | 'apply-steps';

/** The legal texts, each a Markdown file per market and language under src/web/content/<market>/<language>/. */
export type LegalDocumentKind =
  'privacy-policy' | 'terms-and-conditions' | 'datenschutz' | 'nutzungsbedingungen' | 'impressum' | 'accessibility' | 'barrierefreiheit';

/** '2026-11-25', or '2021-08' when only the month is known. */
export type LegalDate = `${number}-${number}-${number}` | `${number}-${number}`;

/** The legal pages a market may have (routes.ts names their paths). */
export type LegalPageName = 'privacyPolicy' | 'terms' | 'datenschutz' | 'nutzungsbedingungen' | 'impressum' | 'accessibility' | 'barrierefreiheit';

/** The lists of registration bodies a form offers (reference/registration-bodies.ts holds them, outside the entry chunk). */
export type RegistrationBodyList = 'gphc' | 'aifa' | 'german-chambers';

/** 'single' = one-page form at {prefix}/form; 'steps' = {prefix}/form/1..3. */
export type Layout = 'single' | 'steps';

/** The layout of each applicant form. */
export const FORM_LAYOUT: Record<ApplicantFormId, Layout> = { 'apply-uk': 'single', 'apply-it': 'single', 'apply-steps': 'steps' };

export interface MarketEntry {
  /** The language the market speaks unless the visitor asks for another with ?lang=; (market, its language) is the one supported pair (spec §2). */
  language: Language;
  /** The applicant form served in the market's own language; every other language is served the steps form. */
  form: ApplicantFormId;
  /** Whether area managers and reps work in the market: its own language alone has the /areamanager and /rep modes. */
  fieldForce: boolean;
  /** The message key of the registration body's label on the steps form (Germany names its chambers). */
  bodyLabel: 'steps.body.label' | 'steps.body.labelChamber';
  /**
   * The market's legal pages, in every language (an Impressum only where the market has one), written
   * in the order its footer links to them.
   */
  legal: { terms: LegalPageName; privacy: LegalPageName; accessibility: LegalPageName; impressum?: LegalPageName };
  /** The date of each of the market's legal texts (spec §9): a page shows it, a declaration records the version. */
  legalDates: Partial<Record<LegalDocumentKind, LegalDate>>;
  /** Whether a map with external tiles loads only with the visitor's consent (a cookie category, a button on the map). */
  mapNeedsConsent: boolean;
  /** Which of the landing page designs of spec §2, screen 1 (each with its own texts) the market shows. */
  landing: Country;
  /** Whether the footer shows the promotional code line, in the market's own language only (spec §2, screen 10). */
  footerPromoCode: boolean;
  /** The market's clock: a date a page or an e-mail shows is the same day wherever it is rendered. */
  timeZone: string;
  /** Where a map opens before it knows where the visitor is. */
  mapCentre: { lat: number; lng: number; label: string };
  /** The registration bodies the forms offer; the first of `defaultRegistrationBody`'s list is stored when a form asks for none. */
  registrationBodies: RegistrationBodyList;
  defaultRegistrationBody: RegistrationBodyList;
  /** The public register that lists the market's pharmacists (a reviewer's check). */
  register: 'gphc' | 'fofi' | 'chamber';
  /** ISO 3166 code: the region of hreflang (GB for the United Kingdom), and the country the places search is limited to. */
  region: string;
}

/** The last review of the accessibility statements: a review looks at every market's. */
const ACCESSIBILITY_REVIEWED: LegalDate = '2026-11-28';

// The UK and Italian privacy policy was revised on 25 November 2026 (field sign-ups, consent
// records, data rights), as was the German Datenschutzerklärung; the UK and Italian terms date from
// 07.05.2021 and the German Nutzungsbedingungen from 07.04.2022. The Impressum has no date. Change
// the accessibility statements' date after each review.
const UK_AND_ITALY_LEGAL_DATES: Partial<Record<LegalDocumentKind, LegalDate>> = {
  'privacy-policy': '2026-11-25',
  'terms-and-conditions': '2021-05-07',
  accessibility: ACCESSIBILITY_REVIEWED,
};

export const MARKETS: Record<Country, MarketEntry> = {
  uk: {
    language: 'en',
    form: 'apply-uk',
    fieldForce: false,
    bodyLabel: 'steps.body.label',
    legal: { privacy: 'privacyPolicy', terms: 'terms', accessibility: 'accessibility' },
    legalDates: UK_AND_ITALY_LEGAL_DATES,
    mapNeedsConsent: false,
    landing: 'uk',
    footerPromoCode: true,
    timeZone: 'Europe/London',
    mapCentre: { lat: 53.4084, lng: -2.9916, label: 'Liverpool' },
    registrationBodies: 'gphc',
    defaultRegistrationBody: 'gphc',
    register: 'gphc',
    region: 'GB',
  },
  it: {
    language: 'it',
    form: 'apply-it',
    fieldForce: true,
    bodyLabel: 'steps.body.label',
    legal: { privacy: 'privacyPolicy', terms: 'terms', accessibility: 'accessibility' },
    legalDates: UK_AND_ITALY_LEGAL_DATES,
    mapNeedsConsent: false,
    landing: 'it',
    footerPromoCode: false,
    timeZone: 'Europe/Rome',
    mapCentre: { lat: 41.9028, lng: 12.4964, label: 'Roma' },
    registrationBodies: 'aifa',
    defaultRegistrationBody: 'aifa',
    register: 'fofi',
    region: 'IT',
  },
  de: {
    language: 'de',
    form: 'apply-steps',
    fieldForce: false,
    bodyLabel: 'steps.body.labelChamber',
    legal: { terms: 'nutzungsbedingungen', privacy: 'datenschutz', impressum: 'impressum', accessibility: 'barrierefreiheit' },
    legalDates: {
      datenschutz: '2026-11-25',
      nutzungsbedingungen: '2022-04-07',
      barrierefreiheit: ACCESSIBILITY_REVIEWED,
    },
    mapNeedsConsent: true,
    landing: 'de',
    footerPromoCode: false,
    timeZone: 'Europe/Berlin',
    mapCentre: { lat: 52.52, lng: 13.405, label: 'Berlin' },
    registrationBodies: 'german-chambers',
    defaultRegistrationBody: 'gphc',
    register: 'chamber',
    region: 'DE',
  },
};

export interface LanguageEntry {
  /** BCP 47 tag for <html lang> and Intl formatting. */
  tag: string;
  /** Whether a mail greets the applicant by first name alone (else by first and last name). */
  greetsByFirstName: boolean;
  /** The language's own name, as the language switcher offers it. */
  name: string;
}

export const LANGUAGE_TABLE: Record<Language, LanguageEntry> = {
  en: { tag: 'en-GB', greetsByFirstName: true, name: 'English' },
  it: { tag: 'it-IT', greetsByFirstName: false, name: 'Italiano' },
  de: { tag: 'de-DE', greetsByFirstName: false, name: 'Deutsch' },
};
