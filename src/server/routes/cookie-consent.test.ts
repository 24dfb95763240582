// The cookie notice's answer as a plain form (issue 39 item 3): with scripting off, "Got it" posts
// the choice; the server sets the same two cookies the notice writes in the browser and sends the
// visitor back to the page, where the notice is closed. Only this site's own pages can post it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE_DAYS, CONSENT_COOKIES, CONSENT_FORM_PATH } from '#shared/limits.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { returnPath } from './cookie-consent.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: CONSENT_FORM_PATH,
    headers: { host: 'champions.example', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });

describe(`POST ${CONSENT_FORM_PATH}`, () => {
  it('sets both consent cookies for a year and goes back to the page it came from', async () => {
    const response = await post(
      { categories: 'essential' },
      { origin: 'http://champions.example', 'sec-fetch-site': 'same-origin', referer: 'http://champions.example/it/finder?lang=en' },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/it/finder?lang=en');
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies[CONSENT_COOKIES.categories]).toMatchObject({ value: 'essential', path: '/', maxAge: CONSENT_COOKIE_DAYS * 86_400, sameSite: 'Lax' });
    expect(cookies[CONSENT_COOKIES.noticeClosed]).toMatchObject({ value: '1', path: '/', maxAge: CONSENT_COOKIE_DAYS * 86_400, sameSite: 'Lax' });
    expect(cookies[CONSENT_COOKIES.categories]!.httpOnly).toBeFalsy(); // the notice reads it in the browser
  });

  it('keeps the optional categories the site has, always with the essential one, and nothing else', async () => {
    const categories = async (asked: string) => (await post({ categories: asked })).cookies.find((c) => c.name === CONSENT_COOKIES.categories)?.value;
    expect(await categories('essential,map')).toBe('essential,map');
    expect(await categories('map')).toBe('essential,map');
    expect(await categories('tracking,essential')).toBe('essential');
    expect(await categories('')).toBe('essential');
  });

  it('refuses a form the shared schema does not accept, and sets nothing', async () => {
    const response = await post({ categories: 'map,'.repeat(100) });
    expect(response.statusCode).toBe(400);
    expect(response.cookies).toEqual([]);
  });

  it('refuses a form posted from another site', async () => {
    const posts: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }];
    for (const headers of posts) {
      const response = await post({ categories: 'essential,map' }, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.cookies).toEqual([]);
    }
  });
});

describe('returnPath', () => {
  it('goes back only to a page of this site', () => {
    expect(returnPath('https://champions.example/uk/my-application/abc?lang=it#x', 'champions.example')).toBe('/uk/my-application/abc?lang=it');
    for (const elsewhere of ['https://evil.example/uk/', 'https://champions.example.evil.example/', 'javascript:alert(1)', '/uk/', '', undefined])
      expect(returnPath(elsewhere, 'champions.example')).toBe('/');
  });
});
