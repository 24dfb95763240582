// The two consent cookies (spec §9): what the visitor allows, and that the notice was closed.
// Both last CONSENT_COOKIE_DAYS days and are essential (they only record the choice).
//
// The only optional category the product has is the map's external tiles on the German market,
// where the map loads only with consent (elsewhere it is part of the form the applicant asked
// for). With no tile server configured nothing external loads, so there is nothing to ask.
import { CONSENT_CATEGORIES as COOKIE_CATEGORIES, CONSENT_COOKIE_DAYS, CONSENT_COOKIES } from '#shared/limits.ts';
import { MARKETS, type Country } from '#shared/markets.ts';

export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];
export type OptionalCategory = Exclude<CookieCategory, 'essential'>;

/** The optional categories a market's visitors are asked about; none makes the notice a plain notice. */
export function optionalCategories(site: { country: Country; mapTilesUrl: string }): OptionalCategory[] {
  return MARKETS[site.country].mapNeedsConsent && site.mapTilesUrl !== '' ? ['map'] : [];
}

const SECONDS_PER_DAY = 24 * 60 * 60;
/** The map's own "load the map" button agrees for the browser session only. */
const MAP_SESSION_KEY = 'pc.mapConsent';

export function readCookie(name: string, doc: Document = document): string | undefined {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, doc: Document = document, now: Date = new Date()): void {
  const maxAge = CONSENT_COOKIE_DAYS * SECONDS_PER_DAY;
  const expires = new Date(now.getTime() + maxAge * 1000).toUTCString();
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Expires=${expires}; Path=/; SameSite=Lax${secure}`;
}

export function isNoticeClosed(doc: Document = document): boolean {
  return readCookie(CONSENT_COOKIES.noticeClosed, doc) === '1';
}

/** The categories the visitor allowed; essential only when nothing (or nonsense) is stored. */
function readConsentCategories(doc: Document = document): CookieCategory[] {
  const stored = (readCookie(CONSENT_COOKIES.categories, doc) ?? '').split(',');
  return COOKIE_CATEGORIES.filter((c) => c === 'essential' || stored.includes(c));
}

export function hasConsent(category: CookieCategory, doc: Document = document): boolean {
  return readConsentCategories(doc).includes(category);
}

/** Stores the choice; a category left out is withdrawn, with whatever stored its consent. */
export function saveConsent(allowed: readonly CookieCategory[], doc: Document = document): void {
  const categories = COOKIE_CATEGORIES.filter((c) => c === 'essential' || allowed.includes(c));
  writeCookie(CONSENT_COOKIES.categories, categories.join(','), doc);
  writeCookie(CONSENT_COOKIES.noticeClosed, '1', doc);
  if (!categories.includes('map')) {
    try {
      sessionStorage.removeItem(MAP_SESSION_KEY);
    } catch {
      // Storage blocked: nothing was stored there either.
    }
  }
}

/** Whether the map may load its external tiles: allowed in the cookie notice, or for this session on the map. */
export function mapConsentGiven(): boolean {
  if (hasConsent('map')) return true;
  try {
    return sessionStorage.getItem(MAP_SESSION_KEY) === 'yes';
  } catch {
    return false;
  }
}

export function rememberMapConsentForSession(): void {
  try {
    sessionStorage.setItem(MAP_SESSION_KEY, 'yes');
  } catch {
    // Private mode: agree for this page only.
  }
}

const OPEN_SETTINGS_EVENT = 'pc:open-cookie-settings';

/** Reopens the cookie notice (the footer's "Cookie settings"). */
export function openCookieSettings(): void {
  window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT));
}

/** Calls `listener` whenever the cookie settings are asked for; returns the unsubscribe. */
export function onOpenCookieSettings(listener: () => void): () => void {
  window.addEventListener(OPEN_SETTINGS_EVENT, listener);
  return () => window.removeEventListener(OPEN_SETTINGS_EVENT, listener);
}
