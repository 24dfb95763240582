import { describe, expect, it } from 'vitest';
import { writeCookie } from './consent-cookies.ts';

describe('writeCookie', () => {
  it('marks the cookie Secure on https and expires it after 365 days', () => {
    const doc = { cookie: '', location: { protocol: 'https:' } } as unknown as Document;
    writeCookie('cookie_notice_closed', '1', doc, new Date(Date.UTC(2023, 0, 1)));
    expect(doc.cookie).toBe(
      'cookie_notice_closed=1; Max-Age=31536000; Expires=Mon, 01 Jan 2024 00:00:00 GMT; Path=/; SameSite=Lax; Secure',
    );
  });
});
