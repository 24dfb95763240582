// The market table (issue 40 item 1, decision 0076): every fact the code decides by market or by
// language is a field of that market's or language's entry here, and the code reads the field.
// Nothing else compares a value with a market or language code (the lint rule
// champions/no-market-literal, src/lint/no-market-literal.js, holds the house to it), so a new
// market is a new entry, and the compiler lists each field it must give.
import type { RouteName } from './routes.ts';

export const COUNTRIES = ['uk', 'it', 'de'] as const;
export type Country = (typeof COUNTRIES)[number];

export const LANGUAGES = ['en', 'it', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The applicant forms of the catalogue (forms/catalogue.ts) a market may serve in its own language. */
export type ApplicantFormId = 'apply-uk' | 'apply-it' | 'apply-steps';

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
  /** The routes of the market's terms and privacy policy, in every language. */
  legal: { terms: RouteName; privacy: RouteName };
  /** Whether a map with external tiles loads only with the visitor's consent (a cookie category, a button on the map). */
  mapNeedsConsent: boolean;
  /** Which of the landing page designs of spec §2, screen 1 (each with its own texts) the market shows. */
  landing: Country;
  /** Whether the footer shows the promotional code line, in the market's own language only (spec §2, screen 10). */
  footerPromoCode: boolean;
}

export const MARKETS: Record<Country, MarketEntry> = {
  uk: {
    language: 'en',
    form: 'apply-uk',
    fieldForce: false,
    bodyLabel: 'steps.body.label',
    legal: { terms: 'terms', privacy: 'privacyPolicy' },
    mapNeedsConsent: false,
    landing: 'uk',
    footerPromoCode: true,
  },
  it: {
    language: 'it',
    form: 'apply-it',
    fieldForce: true,
    bodyLabel: 'steps.body.label',
    legal: { terms: 'terms', privacy: 'privacyPolicy' },
    mapNeedsConsent: false,
    landing: 'it',
    footerPromoCode: false,
  },
  de: {
    language: 'de',
    form: 'apply-steps',
    fieldForce: false,
    bodyLabel: 'steps.body.labelChamber',
    legal: { terms: 'nutzungsbedingungen', privacy: 'datenschutz' },
    mapNeedsConsent: true,
    landing: 'de',
    footerPromoCode: false,
  },
};

export interface LanguageEntry {
  /** BCP 47 tag for <html lang> and Intl formatting. */
  tag: string;
  /** Whether a mail greets the applicant by first name alone (else by first and last name). */
  greetsByFirstName: boolean;
}

export const LANGUAGE_TABLE: Record<Language, LanguageEntry> = {
  en: { tag: 'en-GB', greetsByFirstName: true },
  it: { tag: 'it-IT', greetsByFirstName: false },
  de: { tag: 'de-DE', greetsByFirstName: false },
};
