// How the legal pages show their dates (spec §9). The dates themselves are shared with the server,
// which records the version of the texts a declaration was given on (src/shared/legal-versions.ts).
import type { LegalDate } from '#shared/legal-versions.ts';
import { LANGUAGE_TAG, type Language } from '#shared/markets.ts';

/** "August 2021" / "agosto 2021"; "07/05/2021" / "07.05.2021". */
export function formatLegalDate(date: LegalDate, language: Language): string {
  const [year = 0, month = 1, day] = date.split('-').map(Number);
  const value = new Date(Date.UTC(year, month - 1, day ?? 1));
  const options: Intl.DateTimeFormatOptions =
    day === undefined ? { month: 'long', year: 'numeric', timeZone: 'UTC' } : { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(LANGUAGE_TAG[language], options).format(value);
}
