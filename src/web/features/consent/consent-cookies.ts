// The two consent cookies (spec §9): which categories the visitor allows, and that the notice
// was closed. Both last CONSENT_COOKIE_DAYS days.
import { CONSENT_COOKIE_DAYS, CONSENT_COOKIES } from '#shared/limits.ts';

/** Essential cookies cannot be refused; the others are set only with consent. */
export const COOKIE_CATEGORIES = ['essential', 'preferences', 'analytics'] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];
export const OPTIONAL_COOKIE_CATEGORIES = COOKIE_CATEGORIES.filter((c) => c !== 'essential') as Exclude<CookieCategory, 'essential'>[];

const SECONDS_PER_DAY = 24 * 60 * 60;

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
export function readConsentCategories(doc: Document = document): CookieCategory[] {
  const stored = (readCookie(CONSENT_COOKIES.categories, doc) ?? '').split(',');
  return COOKIE_CATEGORIES.filter((c) => c === 'essential' || stored.includes(c));
}

/** Whether an optional kind of cookie may be set (for code that would set one). */
export function hasConsent(category: CookieCategory, doc: Document = document): boolean {
  return readConsentCategories(doc).includes(category);
}

export function saveConsent(allowed: readonly CookieCategory[], doc: Document = document): void {
  const categories = COOKIE_CATEGORIES.filter((c) => c === 'essential' || allowed.includes(c));
  writeCookie(CONSENT_COOKIES.categories, categories.join(','), doc);
  writeCookie(CONSENT_COOKIES.noticeClosed, '1', doc);
}
