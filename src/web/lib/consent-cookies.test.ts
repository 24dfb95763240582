import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIES } from '#shared/limits.ts';
import { MARKETS } from '#shared/markets.ts';
import { mapConsentGiven, optionalCategories, readCookie, rememberMapConsentForSession, saveConsent, writeCookie } from './consent-cookies.ts';

afterEach(() => {
  for (const name of Object.values(CONSENT_COOKIES)) document.cookie = `${name}=; Max-Age=0; Path=/`;
  sessionStorage.clear();
});

describe('writeCookie', () => {
  it('marks the cookie Secure on https and expires it after 365 days', () => {
    const doc = { cookie: '', location: { protocol: 'https:' } } as unknown as Document;
    writeCookie('cookie_notice_closed', '1', doc, new Date(Date.UTC(2023, 0, 1)));
    expect(doc.cookie).toBe('cookie_notice_closed=1; Max-Age=31536000; Expires=Mon, 01 Jan 2024 00:00:00 GMT; Path=/; SameSite=Lax; Secure');
  });
});

describe('optionalCategories', () => {
  it('asks about the map only on the German market, and only when tiles come from a tile server', () => {
    const tiles = 'https://tile.example.org/{z}/{x}/{y}.png';
    expect(optionalCategories({ country: 'de', mapTilesUrl: tiles })).toEqual(['map']);
    expect(optionalCategories({ country: 'de', mapTilesUrl: '' })).toEqual([]);
    expect(optionalCategories({ country: 'uk', mapTilesUrl: tiles })).toEqual([]);
    expect(optionalCategories({ country: 'it', mapTilesUrl: tiles })).toEqual([]);
  });
});

describe('saveConsent', () => {
  it('withdrawing the map removes its consent from the cookie and from the session', () => {
    saveConsent(['map']);
    expect(readCookie(CONSENT_COOKIES.categories)).toBe('essential,map');
    rememberMapConsentForSession();
    expect(mapConsentGiven()).toBe(true);
    saveConsent(['essential']);
    expect(readCookie(CONSENT_COOKIES.categories)).toBe('essential');
    expect(mapConsentGiven()).toBe(false);
  });
});

describe('optionalCategories and the market table', () => {
  afterEach(() => {
    MARKETS.uk.mapNeedsConsent = false;
  });

  it('asks about the map on any market whose entry says its map needs consent', () => {
    MARKETS.uk.mapNeedsConsent = true;
    expect(optionalCategories({ country: 'uk', mapTilesUrl: 'https://tile.example.org/{z}/{x}/{y}.png' })).toEqual(['map']);
  });
});
