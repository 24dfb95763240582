// Dates shown on the legal pages (spec §9): the UK and Italian privacy policy was last
// reviewed in August 2021, and their terms last updated on 07.05.2021 (7 May 2021). The German
// privacy policy is of March 2022 and the German terms of 07.04.2022; the Impressum has no date.
import { LANGUAGE_TAG, type Country, type Language } from '#shared/markets.ts';
import type { LegalDocumentKind } from './legal-document.ts';

interface LegalDate {
  year: number;
  /** 1-12 */
  month: number;
  /** Absent when only the month is known. */
  day?: number;
}

const UK_AND_ITALY: Partial<Record<LegalDocumentKind, LegalDate>> = {
  'privacy-policy': { year: 2021, month: 8 },
  'terms-and-conditions': { year: 2021, month: 5, day: 7 },
};

export const LEGAL_DATES: Partial<Record<Country, Partial<Record<LegalDocumentKind, LegalDate>>>> = {
  uk: UK_AND_ITALY,
  it: UK_AND_ITALY,
  de: {
    datenschutz: { year: 2022, month: 3 },
    nutzungsbedingungen: { year: 2022, month: 4, day: 7 },
  },
};

/** "August 2021" / "agosto 2021"; "07/05/2021" / "07.05.2021". */
export function formatLegalDate(date: LegalDate, language: Language): string {
  const value = new Date(Date.UTC(date.year, date.month - 1, date.day ?? 1));
  const options: Intl.DateTimeFormatOptions =
    date.day === undefined
      ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(LANGUAGE_TAG[language], options).format(value);
}
