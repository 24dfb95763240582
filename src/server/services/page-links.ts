// Where search engines find the public pages (issue 26 item 1, decision 0035): each page's
// canonical URL and its hreflang alternates in every market × language pair, each market host's
// sitemap.xml and robots.txt. URLs start where e-mailed links do (links.ts): a market's own host
// when MARKET_HOSTS names one, else its path prefix (/uk, /it, /de) on the public origin.
import { COUNTRIES, LANGUAGES, firstFormPath, resolveVariant, type Country, type Language } from '#shared/markets.ts';
import type { PageName } from '#shared/page-modules.ts';
import { ROUTES } from '#shared/routes.ts';
import { escapeHtml } from './tokens.ts';

/** An absolute URL of a path of a market in a language (links.ts applicantLinkBuilder). */
export type PageUrl = (country: Country, language: string, path: string) => string;

/** The region of each market in hreflang (ISO 3166: the United Kingdom is GB). */
const REGION: Record<Country, string> = { uk: 'GB', it: 'IT', de: 'DE' };

export const hreflang = (country: Country, language: Language) => `${language}-${REGION[country]}`;

/** The same legal text in each market: the German market has its own names for them, and an Impressum only it has. */
const LEGAL_EQUIVALENTS: Partial<Record<PageName | 'form', Partial<Record<Country, string>>>> = {
  privacyPolicy: { uk: ROUTES.privacyPolicy, it: ROUTES.privacyPolicy, de: ROUTES.datenschutz },
  datenschutz: { uk: ROUTES.privacyPolicy, it: ROUTES.privacyPolicy, de: ROUTES.datenschutz },
  terms: { uk: ROUTES.terms, it: ROUTES.terms, de: ROUTES.nutzungsbedingungen },
  nutzungsbedingungen: { uk: ROUTES.terms, it: ROUTES.terms, de: ROUTES.nutzungsbedingungen },
  impressum: { de: ROUTES.impressum },
};

/** The pages a search engine should find, in every market and language (the sitemap's). */
const INDEXED_PAGES = ['landing', 'form', 'privacyPolicy', 'terms', 'impressum', 'finder'] as const;

export interface Pair {
  country: Country;
  language: Language;
  path: string;
}

/**
 * The page at `localPath` of `country` in every market × language pair where it exists, with its
 * path there: a legal page under its market's own name, the form at each pair's first form path,
 * a listing only on its own market; null for pages without alternates (not-found, personal links).
 */
export function pagePairs(page: PageName | 'form' | null, country: Country, localPath: string): Pair[] | null {
  if (page === null || page === 'notFound' || page === 'myData' || page === 'myApplication' || page === 'editRedirect') return null;
  const pairs: Pair[] = [];
  for (const market of page === 'finderListing' ? [country] : COUNTRIES) {
    for (const language of LANGUAGES) {
      const legal = LEGAL_EQUIVALENTS[page];
      const path = legal ? legal[market] : page === 'form' || page === 'application' || page === 'steps' ? firstFormPath(resolveVariant(market, language)) : localPath;
      if (path !== undefined) pairs.push({ country: market, language, path });
    }
  }
  return pairs;
}

/** <link rel="canonical"> and the hreflang alternates (with x-default: the first pair, the UK's English or the German market's German). */
export function alternateTags(url: PageUrl, pairs: Pair[], current: { country: Country; language: Language }): string {
  const own = pairs.find((pair) => pair.country === current.country && pair.language === current.language);
  const link = (pair: Pair) => escapeHtml(url(pair.country, pair.language, pair.path));
  return [
    own ? `<link rel="canonical" href="${link(own)}">` : '',
    ...pairs.map((pair) => `<link rel="alternate" hreflang="${hreflang(pair.country, pair.language)}" href="${link(pair)}">`),
    `<link rel="alternate" hreflang="x-default" href="${link(pairs[0]!)}">`,
  ].join('');
}

/** The indexed pages of the markets in `markets` (a market host: its own; the path fallback: the others), each in every language, with their alternates. */
export function sitemap(url: PageUrl, markets: readonly Country[]): string {
  const link = (pair: Pair) => escapeHtml(url(pair.country, pair.language, pair.path));
  const entries: string[] = [];
  for (const country of markets) {
    for (const page of INDEXED_PAGES) {
      const pairs = pagePairs(page, country, page === 'finder' ? ROUTES.finder : ROUTES.landing)!;
      const alternates = pairs.map((pair) => `<xhtml:link rel="alternate" hreflang="${hreflang(pair.country, pair.language)}" href="${link(pair)}"/>`).join('');
      for (const pair of pairs.filter((p) => p.country === country)) entries.push(`<url><loc>${link(pair)}</loc>${alternates}</url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Staff areas, the API and pages behind personal links stay out of search engines. */
const PRIVATE_PREFIXES = ['/api/', '/files/'];
const PRIVATE_PATHS = ['/admin/', '/areamanager/', '/rep/', '/signin', '/my-data/', '/my-application/'];

/** robots.txt of a host: `bases` are the market prefixes it serves ('' for a market host, /uk, /it, /de for the path fallback). */
export function robotsTxt(bases: readonly string[], sitemapUrl: string | null): string {
  const disallowed = [...PRIVATE_PREFIXES, ...bases.flatMap((base) => PRIVATE_PATHS.map((path) => `${base}${path}`))];
  return ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), ...(sitemapUrl ? ['', `Sitemap: ${sitemapUrl}`] : []), ''].join('\n');
}
