// The version names the server records with a declaration (spec §9, issue 23), so that a consent can
// be traced to the text that was shown. The texts' dates are each market's entry's (`legalDates` in
// market-table.ts); the web pages (src/web/features/legal) show them, the server imports the versions.
import { MARKETS, type Country, type Language } from './markets.ts';
import type { LegalDocumentKind, LegalPageName } from './market-table.ts';

export type { LegalDate, LegalDocumentKind } from './market-table.ts';

/** The document each legal page shows (a market's entry names its pages). */
const LEGAL_KIND_OF_PAGE: Record<LegalPageName, LegalDocumentKind> = {
  privacyPolicy: 'privacy-policy',
  terms: 'terms-and-conditions',
  datenschutz: 'datenschutz',
  nutzungsbedingungen: 'nutzungsbedingungen',
  impressum: 'impressum',
  accessibility: 'accessibility',
  barrierefreiheit: 'barrierefreiheit',
};

/** The document a page shows (src/web/content/<market>/<language>/<kind>.md), if it is a legal page. */
export const legalKindOfPage = (page: string): LegalDocumentKind | undefined => LEGAL_KIND_OF_PAGE[page as LegalPageName];

/** Which documents are a market's privacy policy and its terms. */
function policyKinds(country: Country): { privacy: LegalDocumentKind; terms: LegalDocumentKind } {
  const { privacy, terms } = MARKETS[country].legal;
  return { privacy: LEGAL_KIND_OF_PAGE[privacy], terms: LEGAL_KIND_OF_PAGE[terms] };
}

function versionOf(country: Country, language: Language, kind: LegalDocumentKind): string {
  const date = MARKETS[country].legalDates[kind];
  if (!date) throw new Error(`No date for ${country}/${kind}`);
  return `${country}/${language}/${kind}@${date}`;
}

/**
 * The version of a market's privacy policy and terms a page in `language` shows, e.g.
 * { privacy: 'it/it/privacy-policy@2026-11-25', terms: 'it/it/terms-and-conditions@2021-05-07' }.
 * Every market has its texts in all three languages (src/web/content/<market>/<language>/), so the
 * language of the text shown is the page's: src/web/features/legal/legal-document.test.ts checks
 * that each version names a text that exists and is the one the page shows.
 */
export function legalVersionsOf(country: Country, language: Language): { privacy: string; terms: string } {
  const kinds = policyKinds(country);
  return { privacy: versionOf(country, language, kinds.privacy), terms: versionOf(country, language, kinds.terms) };
}
