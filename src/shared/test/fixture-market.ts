// The fixture market (issue 40 item 2, decision 0080): a market made of one table entry and its
// files, to prove that a market is data. Tests that serve it import this module FIRST, before any
// module that reads the table, so the entry is there when they read it; nothing in the product
// imports it, and the product's types never name its code. Its files (the English messages and
// texts, each value marked) are written for the test run by scripts/fixture-market-files.ts.
import { COUNTRIES, LANGUAGE_TABLE, LANGUAGES, MARKETS, type Country, type Language, type LanguageEntry, type MarketEntry } from '../market-table.ts';

/** The fixture's market and language code, typed as the product's so the table accepts them. */
export const FIXTURE = 'xx' as Country & Language;

/** Every value of the fixture's message files and legal texts starts with it. */
export const FIXTURE_MARKER = '⟦xx⟧ ';

const FIXTURE_MARKET: MarketEntry = {
  language: FIXTURE,
  form: 'apply-steps',
  fieldForce: false,
  bodyLabel: 'steps.body.label',
  legal: { privacy: 'privacyPolicy', terms: 'terms', accessibility: 'accessibility' },
  legalDates: { 'privacy-policy': '2026-01-02', 'terms-and-conditions': '2026-01', accessibility: '2026-01-03' },
  mapNeedsConsent: false,
  landing: 'uk',
  footerPromoCode: false,
  timeZone: 'Atlantic/Reykjavik',
  mapCentre: { lat: 64.1466, lng: -21.9426, label: 'Reykjavík' },
  registrationBodies: 'gphc',
  defaultRegistrationBody: 'gphc',
  register: 'gphc',
  region: 'XX',
};

const FIXTURE_LANGUAGE: LanguageEntry = { tag: 'en-XX', greetsByFirstName: true, name: '⟦xx⟧ Fixture' };

// The one place the entry joins the table: the codes' lists are readonly in the product's types.
if (!COUNTRIES.includes(FIXTURE)) {
  (COUNTRIES as unknown as Country[]).push(FIXTURE);
  (LANGUAGES as unknown as Language[]).push(FIXTURE);
  MARKETS[FIXTURE] = FIXTURE_MARKET;
  LANGUAGE_TABLE[FIXTURE] = FIXTURE_LANGUAGE;
}
