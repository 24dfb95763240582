// Issue 36 item 7c: a Host (or trusted X-Forwarded-Host) that is not a host with an optional port is
// refused with 400 in our JSON shape before any route runs, so it never reaches an e-mailed link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { mailsTo } from '../test/mail.ts';
import { linkOrigin } from '../services/links.ts';
import { parseHost } from './host-header.ts';

const REFUSED = { status: 'failed', message: 'invalid', errors: { _: 'validation.invalid' } };
const ACCEPTED = [
  'localhost:3000',
  '127.0.0.1',
  '[::1]:8080',
  'champions.example.co.uk',
  'localhost',
  '[::1]',
  '[2001:db8::7]:443',
  'CHAMPIONS.Example.de:3000',
  'app_1:3000',
  '10.0.0.5:65535',
  'example.com.',
];
const MALFORMED = [
  '[::1]evil.example',
  '[::1]:80evil.example',
  'localhost:3000evil.example',
  'evil.example@localhost',
  'localhost:',
  'localhost:65536',
  'localhost:3000:3000',
  '[::1',
  '[evil.example]',
  'a b.example',
  'evil.example/path',
  'evil.example,localhost',
  'ev%69l.example',
  '-evil.example',
  'a..example',
  '',
  `${'a'.repeat(64)}.example`,
];

let ctx: TestContext;
let proxied: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  proxied = await createTestContext({ trustProxy: 1 });
});
afterAll(async () => {
  await ctx?.close();
  await proxied?.close();
});

describe('the Host header', () => {
  it('reads a host name, an IPv4 address or a bracketed IPv6 literal, then an optional port of digits', () => {
    for (const host of ACCEPTED) expect(parseHost(host), host).not.toBeNull();
    for (const host of MALFORMED) expect(parseHost(host), host).toBeNull();
    expect(parseHost('[::1]:8080')).toEqual({ hostname: '[::1]', port: 8080 });
    expect(parseHost('Champions.Example.co.uk')).toEqual({ hostname: 'champions.example.co.uk', port: null });
  });

  it('answers 400 in the JSON shape of a malformed URL to `Host: [::1]evil.example`, on any route, and accepts host names with ports', async () => {
    for (const host of MALFORMED.filter(Boolean)) {
      for (const url of ['/healthz', '/api/captcha/challenge', '/no-such-page']) {
        const answer = await ctx.app.inject({ method: 'GET', url, headers: { host } });
        expect(answer.statusCode, `${host} ${url}`).toBe(400);
        expect(answer.json()).toEqual(REFUSED);
      }
    }
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:8080', 'champions.example.co.uk']) {
      const answer = await ctx.app.inject({ method: 'GET', url: '/api/captcha/challenge', headers: { host } });
      expect(answer.statusCode, host).toBe(200);
    }
  });

  it('never puts the name after `[::1]` into an e-mailed link: the request is refused before the route', async () => {
    const email = 'host.header@example.com';
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/data-rights/request',
      headers: { host: '[::1]evil.example' },
      payload: { email, recaptchaToken: await solveCaptcha(ctx.app), basePath: '/uk' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(REFUSED);
    await ctx.app.services.applicantLinks.settled();
    await ctx.app.services.mailer.deliverDue();
    expect(mailsTo(ctx.config.mail.dir, email)).toEqual([]);
  });

  it('gives no link origin for such a host even outside a request (services/links.ts)', () => {
    const origin = (host: string) =>
      linkOrigin({ headers: { host }, host, protocol: 'http' }, { publicUrl: null, marketHosts: new Map([['champions.example.de', 'de']]) });
    expect(origin('[::1]evil.example')).toBeNull();
    expect(origin('[::1]:80evil.example')).toBeNull();
    expect(origin('champions.example.de:3000evil')).toBeNull();
    expect(origin('[::1]:8080')).toBe('http://[::1]:8080');
    expect(origin('localhost:3000')).toBe('http://localhost:3000');
    expect(origin('champions.example.de')).toBe('http://champions.example.de');
    expect(origin('evil.example')).toBeNull();
  });

  it('checks X-Forwarded-Host when a trusted proxy sets it, and ignores it from anyone else', async () => {
    const viaProxy = (forwardedHost: string, remoteAddress = '10.0.0.2') =>
      proxied.app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress, headers: { host: 'app:3000', 'x-forwarded-host': forwardedHost } });
    expect((await viaProxy('[::1]evil.example')).statusCode).toBe(400);
    expect((await viaProxy('champions.example.co.uk, [::1]evil.example')).statusCode).toBe(400);
    expect((await viaProxy('champions.example.co.uk')).statusCode).toBe(200);
    // From a public address the header is not believed, so not used: the Host decides.
    expect((await viaProxy('[::1]evil.example', '203.0.113.9')).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/captcha/challenge', headers: { host: 'localhost:3000', 'x-forwarded-host': '[::1]evil.example' } }))
        .statusCode,
    ).toBe(200);
  });
});
