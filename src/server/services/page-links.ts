// Where search engines find the public pages (issue 26 item 1, decision 0037): each page's
// canonical URL and its hreflang alternates in every market × language pair, each market host's
// sitemap.xml and robots.txt. URLs start where e-mailed links do (links.ts): a market's own host
// when MARKET_HOSTS names one, else its path prefix (/uk, /it, /de) on the public origin.
import type { FastifyRequest } from 'fastify';
import { COUNTRIES, LANGUAGES, MARKETS, MARKET_LANGUAGE, firstFormPath, resolveVariant, type Country, type Language } from '#shared/markets.ts';
import type { MarketEntry } from '#shared/market-table.ts';
import type { PageName } from '#shared/page-modules.ts';
import { ROUTES } from '#shared/routes.ts';
import type { Config } from '../config.ts';
import { linkOrigin } from './links.ts';
import { escapeHtml } from './tokens.ts';

/** An absolute URL of a path of a market in a language; null when this request cannot name one. */
export type PageUrl = (country: Country, language: Language, path: string) => string | null;

const hostnameOf = (host: string | undefined) => (host ?? '').toLowerCase().replace(/:\d+$/, '');

/**
 * URLs as e-mailed links start (links.ts): a market's own host, else its path prefix on PUBLIC_URL
 * or on the request's origin. A market host serves its own market on every path, so without
 * PUBLIC_URL the markets without a host cannot be named from there (null). `?lang=` when the
 * language is not the market's own. Null without a public origin (an unknown Host header).
 */
export function pageUrlBuilder(
  request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>,
  config: Pick<Config, 'publicUrl' | 'marketHosts'>,
): PageUrl | null {
  const origin = linkOrigin(request, config);
  if (!origin) return null;
  const protocol = origin.startsWith('https:') ? 'https' : 'http';
  const fallback = config.publicUrl ?? (config.marketHosts.has(hostnameOf(request.host ?? request.headers.host)) ? null : origin);
  return (country, language, path) => {
    const host = [...config.marketHosts].find(([, market]) => market === country)?.[0];
    const base = host ? `${protocol}://${host}` : fallback === null ? null : `${fallback}/${country}`;
    return base === null ? null : `${base}${path}${language === MARKET_LANGUAGE[country] ? '' : `?lang=${language}`}`;
  };
}

/** This host's sitemap.xml: on a market host, that host; else PUBLIC_URL or the request's origin. Null without a public origin. */
export function sitemapUrl(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>, config: Pick<Config, 'publicUrl' | 'marketHosts'>): string | null {
  const origin = linkOrigin(request, config);
  if (!origin) return null;
  const hostname = hostnameOf(request.host ?? request.headers.host);
  return `${config.marketHosts.has(hostname) ? `${origin.startsWith('https:') ? 'https' : 'http'}://${hostname}` : origin}/sitemap.xml`;
}

/** Which markets a host's sitemap lists and which path prefixes its robots.txt covers: a market host its own; the path fallback the markets without a host (all, should every market have one). */
export function hostMarkets(host: string | undefined, marketHosts: Map<string, Country>): { markets: readonly Country[]; bases: string[] } {
  const own = marketHosts.get(hostnameOf(host));
  if (own) return { markets: [own], bases: [''] };
  const hosted = new Set(marketHosts.values());
  const markets = COUNTRIES.filter((country) => !hosted.has(country));
  return { markets: markets.length ? markets : COUNTRIES, bases: ['', ...COUNTRIES.map((country) => `/${country}`)] };
}

const hreflang = (country: Country, language: Language) => `${language}-${MARKETS[country].region}`;

/** Which of a market's legal pages (its entry's `legal`) a legal page is: each market names its own (the German market's are German), and only some have an Impressum. */
const LEGAL_ROLE: Partial<Record<PageName | 'form', keyof MarketEntry['legal']>> = {
  privacyPolicy: 'privacy',
  datenschutz: 'privacy',
  terms: 'terms',
  nutzungsbedingungen: 'terms',
  impressum: 'impressum',
  accessibility: 'accessibility',
  barrierefreiheit: 'accessibility',
};

/** The same legal text in `market`, under its own name; undefined where the market has no such page. */
function legalEquivalent(page: PageName | 'form', market: Country): string | undefined {
  const role = LEGAL_ROLE[page];
  const route = role && MARKETS[market].legal[role];
  return route && ROUTES[route];
}

/** The pages a search engine should find, in every market and language (the sitemap's). */
const INDEXED_PAGES = ['landing', 'form', 'privacyPolicy', 'terms', 'impressum', 'accessibility', 'finder'] as const;

export interface Pair {
  country: Country;
  language: Language;
  path: string;
}

/** The pairs with their URLs, leaving out those this request cannot name. */
function located(url: PageUrl, pairs: Pair[]): Array<Pair & { href: string }> {
  return pairs.flatMap((pair) => {
    const href = url(pair.country, pair.language, pair.path);
    return href === null ? [] : [{ ...pair, href: escapeHtml(href) }];
  });
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
      const path = LEGAL_ROLE[page]
        ? legalEquivalent(page, market)
        : page === 'form' || page === 'application' || page === 'steps'
          ? firstFormPath(resolveVariant(market, language))
          : localPath;
      if (path !== undefined) pairs.push({ country: market, language, path });
    }
  }
  return pairs;
}

/** <link rel="canonical"> and the hreflang alternates (with x-default: the first pair, the UK's English or the German market's German). */
export function alternateTags(url: PageUrl, pairs: Pair[], current: { country: Country; language: Language }): string {
  const links = located(url, pairs);
  if (!links.length) return '';
  const own = links.find((pair) => pair.country === current.country && pair.language === current.language);
  return [
    own ? `<link rel="canonical" href="${own.href}">` : '',
    ...links.map((pair) => `<link rel="alternate" hreflang="${hreflang(pair.country, pair.language)}" href="${pair.href}">`),
    `<link rel="alternate" hreflang="x-default" href="${links[0]!.href}">`,
  ].join('');
}

/** The indexed pages of the markets in `markets` (a market host: its own; the path fallback: the others), each in every language, with their alternates. */
export function sitemap(url: PageUrl, markets: readonly Country[]): string {
  const entries: string[] = [];
  for (const country of markets) {
    for (const page of INDEXED_PAGES) {
      const pairs = located(url, pagePairs(page, country, page === 'finder' ? ROUTES.finder : ROUTES.landing)!);
      const alternates = pairs.map((pair) => `<xhtml:link rel="alternate" hreflang="${hreflang(pair.country, pair.language)}" href="${pair.href}"/>`).join('');
      for (const pair of pairs.filter((p) => p.country === country)) entries.push(`<url><loc>${pair.href}</loc>${alternates}</url>`);
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
