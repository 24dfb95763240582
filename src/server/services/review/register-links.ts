// The link to a market's public register of pharmacists, searching for an application's number
// (issue 25 item 4): the GPhC register (UK), the FOFI Albo (Italy), the chamber (Germany). The
// addresses are settings (REGISTER_URL_UK/IT/DE, config.ts) with `{number}` and, for the German
// chambers, `{chamber}` filled in.
import { MARKETS, type Country } from '#shared/markets.ts';
import type { RegisterLink } from '#shared/schemas/review-checks.ts';

export type RegisterUrls = Record<Country, string>;

/** The register's search for the number; null when the market has no address set (an empty setting). */
export function registerLinkFor(
  urls: RegisterUrls,
  application: { market: Country; registrationNumber: string; registrationBody: string },
): RegisterLink | null {
  const template = urls[application.market];
  if (!template) return null;
  const number = application.registrationNumber.trim();
  const url = template.replaceAll('{number}', encodeURIComponent(number)).replaceAll('{chamber}', encodeURIComponent(application.registrationBody));
  return { register: MARKETS[application.market].register, url, number, body: application.registrationBody };
}
