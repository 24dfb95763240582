// The legal documents' dates (spec §9, issue 23) and the version names the server records with a
// declaration, so that a consent can be traced to the text that was shown. The UK and Italian
// privacy policy was revised on 25 November 2026 (field sign-ups, consent records, data rights),
// as was the German Datenschutzerklärung; the UK and Italian terms date from 07.05.2021 and the
// German Nutzungsbedingungen from 07.04.2022. The Impressum has no date. The accessibility statements
// (issue 41 item 6) were last reviewed on 28 November 2026: change the date here after each review.
// The web pages (src/web/features/legal) show these dates; the server imports the versions.
import type { Country, Language } from './markets.ts';

/** The legal texts, each a Markdown file per market and language under src/web/content/<market>/<language>/. */
export type LegalDocumentKind = 'privacy-policy' | 'terms-and-conditions' | 'datenschutz' | 'nutzungsbedingungen' | 'impressum' | 'accessibility' | 'barrierefreiheit';

export interface LegalDate {
  year: number;
  /** 1-12 */
  month: number;
  /** Absent when only the month is known. */
  day?: number;
}

/** The last review of the accessibility statements: a review looks at every market's. */
const ACCESSIBILITY_REVIEWED: LegalDate = { year: 2026, month: 11, day: 28 };

const UK_AND_ITALY: Partial<Record<LegalDocumentKind, LegalDate>> = {
  'privacy-policy': { year: 2026, month: 11, day: 25 },
  'terms-and-conditions': { year: 2021, month: 5, day: 7 },
  accessibility: ACCESSIBILITY_REVIEWED,
};

export const LEGAL_DATES: Record<Country, Partial<Record<LegalDocumentKind, LegalDate>>> = {
  uk: UK_AND_ITALY,
  it: UK_AND_ITALY,
  de: {
    datenschutz: { year: 2026, month: 11, day: 25 },
    nutzungsbedingungen: { year: 2022, month: 4, day: 7 },
    barrierefreiheit: ACCESSIBILITY_REVIEWED,
  },
};

/** Which documents are a market's privacy policy and its terms. */
const POLICY_KINDS: Record<Country, { privacy: LegalDocumentKind; terms: LegalDocumentKind }> = {
  uk: { privacy: 'privacy-policy', terms: 'terms-and-conditions' },
  it: { privacy: 'privacy-policy', terms: 'terms-and-conditions' },
  de: { privacy: 'datenschutz', terms: 'nutzungsbedingungen' },
};

const pad = (value: number) => String(value).padStart(2, '0');

/** '2026-11-25', or '2021-08' when only the month is known. */
function isoDate(date: LegalDate): string {
  const month = `${date.year}-${pad(date.month)}`;
  return date.day === undefined ? month : `${month}-${pad(date.day)}`;
}

function versionOf(country: Country, language: Language, kind: LegalDocumentKind): string {
  const date = LEGAL_DATES[country][kind];
  if (!date) throw new Error(`No date for ${country}/${kind}`);
  return `${country}/${language}/${kind}@${isoDate(date)}`;
}

/**
 * The version of a market's privacy policy and terms a page in `language` shows, e.g.
 * { privacy: 'it/it/privacy-policy@2026-11-25', terms: 'it/it/terms-and-conditions@2021-05-07' }.
 * Every market has its texts in all three languages (src/web/content/<market>/<language>/), so the
 * language of the text shown is the page's: src/web/features/legal/legal-document.test.ts checks
 * that each version names a text that exists and is the one the page shows.
 */
export function legalVersionsOf(country: Country, language: Language): { privacy: string; terms: string } {
  const kinds = POLICY_KINDS[country];
  return { privacy: versionOf(country, language, kinds.privacy), terms: versionOf(country, language, kinds.terms) };
}

