// Markets, languages and the form variant they select (spec §2). The facts of each market and
// language are entries of the market table (market-table.ts); this module reads them.
import { COUNTRIES, FORM_LAYOUT, LANGUAGE_TABLE, LANGUAGES, MARKETS, type Country, type Language, type Layout } from './market-table.ts';

export { COUNTRIES, LANGUAGE_TABLE, LANGUAGES, MARKETS, type Country, type Language } from './market-table.ts';

export type Mode = 'default' | 'rep' | 'areamanager';

/** The language each market speaks unless the visitor asks for another with ?lang=. */
export const MARKET_LANGUAGE = Object.fromEntries(COUNTRIES.map((country) => [country, MARKETS[country].language])) as Record<Country, Language>;

/** BCP 47 tag for <html lang> and Intl formatting. */
export const LANGUAGE_TAG = Object.fromEntries(LANGUAGES.map((language) => [language, LANGUAGE_TABLE[language].tag])) as Record<Language, string>;

/** The market whose own language `language` is, if any. */
export const marketSpeaking = (language: string): Country | undefined => COUNTRIES.find((country) => MARKETS[country].language === language);

/** Whether area managers and reps of some market work in `language` (a rep's e-mails are in it). */
export const isFieldForceLanguage = (language: string): boolean =>
  COUNTRIES.some((country) => MARKETS[country].fieldForce && MARKETS[country].language === language);

export interface Variant {
  country: Country;
  language: Language;
  /** The mode actually served: rep and areamanager exist only for Italy in Italian. */
  mode: Mode;
  /** 'single' = one-page form at {prefix}/form; 'steps' = {prefix}/form/1..3. */
  layout: Layout;
  /** Where this mode is mounted: '' (public), '/areamanager' or '/rep'. */
  modePrefix: '' | '/areamanager' | '/rep';
  showStepIndicator: boolean;
  /** One of the three supported pairs (en-uk, it-it, de-de); others fall to the default. */
  supportedPair: boolean;
}

/** Spec §2 "Variant choice": a market's own language gets its own form and its field force's modes; every other language the steps form. */
export function resolveVariant(country: Country, language: Language, mode: Mode = 'default'): Variant {
  const market = MARKETS[country];
  const supportedPair = language === market.language;
  const servedMode: Mode = supportedPair && market.fieldForce ? mode : 'default';

  if (servedMode === 'areamanager') {
    return { country, language, mode: 'areamanager', layout: 'steps', modePrefix: '/areamanager', showStepIndicator: true, supportedPair };
  }
  if (servedMode === 'rep') {
    return { country, language, mode: 'rep', layout: 'single', modePrefix: '/rep', showStepIndicator: false, supportedPair };
  }
  const single = supportedPair && FORM_LAYOUT[market.form] === 'single';
  return {
    country,
    language,
    mode: 'default',
    layout: single ? 'single' : 'steps',
    modePrefix: '',
    showStepIndicator: !single,
    supportedPair,
  };
}

/** Where /pharmacist/edit/{id} forwards to, relative to the market's base path. */
export function editRedirectTarget(variant: Variant, id: string): string {
  const encoded = encodeURIComponent(id);
  if (variant.mode === 'areamanager') return `/areamanager/form?pharmacistId=${encoded}`;
  if (variant.mode === 'rep') return `/rep/form?pharmacyId=${encoded}`;
  return `/form?pharmacistId=${encoded}`;
}

/** The first form route of a variant (landing page's Continue). */
export function firstFormPath(variant: Variant): string {
  return variant.layout === 'single' ? `${variant.modePrefix}/form` : `${variant.modePrefix}/form/1`;
}

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Parses MARKET_HOSTS, e.g. "uk=champions.example.co.uk,de=champions.example.de". */
export function parseMarketHosts(setting: string | undefined): Map<string, Country> {
  const hosts = new Map<string, Country>();
  for (const entry of (setting ?? '').split(',')) {
    const [country, host] = entry.split('=').map((s) => s.trim().toLowerCase());
    if (host && isCountry(country)) hosts.set(host, country);
  }
  return hosts;
}

/** A page's market prefix: '/uk', '/it', '/de' when the market came from the path, '' when it came from the host or default. */
export type BasePath = '' | `/${Country}`;
export const BASE_PATHS: readonly [BasePath, ...BasePath[]] = ['', ...COUNTRIES.map((country) => `/${country}` as const)];

export interface MarketLocation {
  country: Country;
  basePath: BasePath;
}

/**
 * Host first, then a first path segment /uk, /it or /de, then the default market.
 * The host may carry a port; it is ignored.
 */
export function resolveMarket(host: string | undefined, pathname: string, marketHosts: Map<string, Country>, defaultCountry: Country): MarketLocation {
  const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  const fromHost = marketHosts.get(hostname);
  if (fromHost) return { country: fromHost, basePath: '' };
  const first = pathname.split('/')[1]?.toLowerCase();
  if (isCountry(first)) return { country: first, basePath: `/${first}` };
  return { country: defaultCountry, basePath: '' };
}

/** The visitor's language: ?lang= when valid, else the market's own. */
export function resolveLanguage(country: Country, langParam: string | null | undefined): Language {
  return isLanguage(langParam) ? langParam : MARKET_LANGUAGE[country];
}
