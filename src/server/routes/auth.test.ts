import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvents, signInLinks, staffSessions, staffUsers } from '../db/schema.ts';
import { codeAt } from '../services/auth/totp.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { mailsTo } from '../test/mail.ts';
import { addStaff, cookieOf, signIn, tokenOfLink } from '../test/staff.ts';

let ctx: TestContext;
let clock = new Date();
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
});

const requestLink = (email: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/magic-link',
    headers: { host: 'localhost:3000', ...headers },
    payload: { email, basePath: '/it', returnTo: '/it/areamanager/mainadmin' },
  });
const verify = (token: string, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token }, headers: cookie ? { cookie } : {} });
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

async function linkMailedTo(email: string): Promise<string> {
  await ctx.app.services.auth.settled();
  const mails = mailsTo(ctx.config.mail.dir, email);
  const match = /http:\/\/localhost:3000\/it\/signin\/verify\?token=[A-Za-z0-9_-]+/.exec(mails.at(-1) ?? '');
  if (!match) throw new Error(`no sign-in link mailed to ${email}`);
  return match[0];
}

/** Asks for a link as a browser does; returns the link and the browser's pc_signin cookie header. */
async function askForLink(email: string) {
  const response = await requestLink(email);
  expect(response.statusCode).toBe(200);
  const binding = cookieOf(response, 'pc_signin')!;
  return { link: await linkMailedTo(email), browser: `pc_signin=${binding.value}` };
}

describe('POST /api/auth/magic-link', () => {
  it('answers the same for an unknown address and mails nothing', async () => {
    const user = await addStaff(ctx, 'area_manager');
    const known = await requestLink(user.email);
    const unknown = await requestLink('nobody@example.it');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ status: 'ok' });
    for (const response of [known, unknown]) {
      const binding = cookieOf(response, 'pc_signin');
      expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(binding!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    await ctx.app.services.auth.settled();
    expect(mailsTo(ctx.config.mail.dir, 'nobody@example.it')).toHaveLength(0);
    const mail = mailsTo(ctx.config.mail.dir, user.email)[0]!;
    expect(mail).toContain('link di accesso');
    expect(mail).toContain('Content-Type: text/html');
  });

  it('mails English to staff whose language is not Italian, and refuses a foreign host', async () => {
    const user = await addStaff(ctx, 'reviewer', { language: 'en' });
    await askForLink(user.email);
    expect(mailsTo(ctx.config.mail.dir, user.email)[0]).toContain('your sign-in link');
    // Neither PUBLIC_URL nor MARKET_HOSTS here: no link for a host that is not local, and the answer says what to set (http/public-address.ts).
    const evil = await requestLink(user.email, { host: 'evil.example.com' });
    expect(evil.statusCode).toBe(503);
    expect(evil.json()).toEqual({ status: 'failed', message: 'errorsGlobal.noPublicAddress' });
    await ctx.app.services.auth.settled();
    expect(mailsTo(ctx.config.mail.dir, user.email)).toHaveLength(1);
  });

  it('mails a link to an address with an internationalised domain (sent as punycode)', async () => {
    const user = await addStaff(ctx, 'area_manager', { email: 'anna.weiss@bücher.de' });
    expect(user.email).toBe('anna.weiss@bücher.de');
    expect((await requestLink('anna.weiss@bücher.de')).statusCode).toBe(200);
    await ctx.app.services.auth.settled();
    const [mail] = mailsTo(ctx.config.mail.dir, 'anna.weiss@xn--bcher-kva.de');
    expect(mail).toMatch(/signin\/verify\?token=/);
  });

  it('refuses a form post (only JSON changes state)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.it',
    });
    expect(response.statusCode).toBe(400);
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { 'content-type': 'text/plain' },
      payload: '{"email":"a@example.it"}',
    });
    expect(text.statusCode).toBe(400);
  });

  it('stops mailing after five requests in 15 minutes for one address, answering the same', async () => {
    const user = await addStaff(ctx, 'sales_rep');
    for (let i = 0; i < 7; i++) expect((await requestLink(user.email)).json()).toEqual({ status: 'ok' });
    await ctx.app.services.auth.settled();
    expect(mailsTo(ctx.config.mail.dir, user.email)).toHaveLength(5);
    tick(16 * MINUTE);
  });
});

describe('POST /api/auth/verify', () => {
  it('signs in once from the asking browser, then fails the second time', async () => {
    const user = await addStaff(ctx, 'area_manager');
    const { link, browser } = await askForLink(user.email);
    const first = await verify(tokenOfLink(link), browser);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'ok', data: { next: 'done', returnTo: '/it/areamanager/mainadmin' } });
    const session = cookieOf(first, 'pc_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [stored] = await ctx.database.db.select().from(staffSessions).where(eq(staffSessions.userId, user.id));
    expect(stored!.id).not.toBe(session.value);

    const who = await me(`pc_session=${session.value}`);
    expect(who.json()).toEqual({
      status: 'ok',
      data: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: 'area_manager', areaManagerId: null, mfaPassed: true },
    });

    const second = await verify(tokenOfLink(link), browser);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ status: 'failed', message: 'invalidLink' });
    expect(cookieOf(second, 'pc_session')).toBeUndefined();
  });

  it('fails after 10 minutes', async () => {
    const user = await addStaff(ctx, 'area_manager');
    const { link, browser } = await askForLink(user.email);
    tick(10 * MINUTE + 1000);
    expect((await verify(tokenOfLink(link), browser)).statusCode).toBe(400);
  });

  it('fails in another browser (no or another pc_signin cookie) without using the link up', async () => {
    const user = await addStaff(ctx, 'sales_rep');
    const { link, browser } = await askForLink(user.email);
    const other = await requestLink('someone.else@example.it');
    expect((await verify(tokenOfLink(link))).statusCode).toBe(400);
    expect((await verify(tokenOfLink(link), `pc_signin=${cookieOf(other, 'pc_signin')!.value}`)).statusCode).toBe(400);
    expect((await verify(tokenOfLink(link), browser)).statusCode).toBe(200);
  });

  it('renews the session at sign-in: the previous session of the browser is revoked', async () => {
    const user = await addStaff(ctx, 'area_manager');
    const before = await signIn(ctx, user, () => clock);
    const { link, browser } = await askForLink(user.email);
    const after = await verify(tokenOfLink(link), `${browser}; ${before.cookie}`);
    expect(after.statusCode).toBe(200);
    expect(`pc_session=${cookieOf(after, 'pc_session')!.value}`).not.toBe(before.cookie);
    expect((await me(before.cookie)).statusCode).toBe(401);
  });

  it('refuses a disabled user', async () => {
    const user = await addStaff(ctx, 'area_manager');
    const { link, browser } = await askForLink(user.email);
    await ctx.app.services.auth.users.disable(user.email);
    expect((await verify(tokenOfLink(link), browser)).statusCode).toBe(400);
  });

  it('logs sign-ins and refusals without tokens', async () => {
    const events = await ctx.database.db.select().from(authEvents);
    const kinds = new Set(events.map((e) => e.event));
    for (const kind of ['sign_in_link_requested', 'sign_in', 'sign_in_refused']) expect(kinds).toContain(kind);
    const details = events.filter((e) => e.event === 'sign_in_refused').map((e) => e.detail);
    expect(details).toEqual(expect.arrayContaining(['used', 'expired', 'other_browser', 'disabled']));
    const links = await ctx.database.db.select().from(signInLinks);
    const text = JSON.stringify(events);
    for (const link of links) expect(text).not.toContain(link.tokenHash);
  });
});

describe('TOTP for reviewers and the main admin', () => {
  it('a reviewer enrols with a QR code and is unusable until the right code', async () => {
    const reviewer = await addStaff(ctx, 'reviewer');
    const { link, browser } = await askForLink(reviewer.email);
    const verified = await verify(tokenOfLink(link), browser);
    expect(verified.json().data.next).toBe('totp-setup');
    const pending = `pc_session=${cookieOf(verified, 'pc_session')!.value}`;
    expect((await me(pending)).json().data.mfaPassed).toBe(false);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/files/certificates/00000000-0000-4000-8000-000000000000', headers: { cookie: pending } })).statusCode,
    ).toBe(401);

    const setup = await ctx.app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: { cookie: pending }, payload: {} });
    expect(setup.statusCode).toBe(200);
    const { otpauthUrl, qrSvg } = setup.json().data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const secret = new URL(otpauthUrl).searchParams.get('secret')!;
    const [row] = await ctx.database.db.select().from(staffUsers).where(eq(staffUsers.id, reviewer.id));
    expect(row!.totpSecret).not.toContain(secret);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: { cookie: pending },
      payload: { code: '000000' === codeAt(secret, clock) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: 'validation.totpCode' });

    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: { cookie: pending },
      payload: { code: codeAt(secret, clock) },
    });
    expect(right.statusCode).toBe(200);
    const full = `pc_session=${cookieOf(right, 'pc_session')!.value}`;
    expect(full).not.toBe(pending);
    expect((await me(pending)).statusCode).toBe(401);
    expect((await me(full)).json().data.mfaPassed).toBe(true);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: { cookie: full }, payload: {} })).statusCode).toBe(409);

    // Next sign-in: a code, not enrolment; a code is accepted once within its window.
    const again = await askForLink(reviewer.email);
    const second = await verify(tokenOfLink(again.link), again.browser);
    expect(second.json().data.next).toBe('totp');
    const pending2 = `pc_session=${cookieOf(second, 'pc_session')!.value}`;
    const reused = await ctx.app.inject({ method: 'POST', url: '/api/auth/totp', headers: { cookie: pending2 }, payload: { code: codeAt(secret, clock) } });
    expect(reused.statusCode).toBe(400);
    tick(30_000);
    const fresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/totp', headers: { cookie: pending2 }, payload: { code: codeAt(secret, clock) } });
    expect(fresh.statusCode).toBe(200);
  });

  it('starts enrolment only by a JSON POST, and only for the roles that use TOTP', async () => {
    const reviewer = await addStaff(ctx, 'reviewer');
    const link = await ctx.app.services.auth.consoleLink(reviewer, 'http://localhost');
    const pending = `pc_session=${cookieOf(await verify(tokenOfLink(link)), 'pc_session')!.value}`;
    const get = await ctx.app.inject({ method: 'GET', url: '/api/auth/totp/setup', headers: { cookie: pending } });
    expect(get.statusCode).toBe(404);
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/totp/setup',
      headers: { cookie: pending, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(400);
    const [before] = await ctx.database.db.select().from(staffUsers).where(eq(staffUsers.id, reviewer.id));
    expect(before!.totpSecret).toBeNull();

    for (const role of ['area_manager', 'sales_rep'] as const) {
      const user = await addStaff(ctx, role);
      const { cookie } = await signIn(ctx, user, () => clock);
      const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: { cookie }, payload: {} });
      expect(refused.statusCode).toBe(403);
      const [row] = await ctx.database.db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
      expect(row!.totpSecret).toBeNull();
    }
  });

  it('accepts a code from the previous step (±1 window) and not from two steps ago', async () => {
    const admin = await addStaff(ctx, 'main_admin');
    const { totpSecret } = await signIn(ctx, admin, () => clock);
    tick(5 * 30_000);
    const link = await ctx.app.services.auth.consoleLink(admin, 'http://localhost');
    const pending = `pc_session=${cookieOf(await verify(tokenOfLink(link)), 'pc_session')!.value}`;
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/totp',
      headers: { cookie: pending },
      payload: { code: codeAt(totpSecret!, new Date(clock.getTime() - 65_000)) },
    });
    expect(old.statusCode).toBe(400);
    const previous = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/totp',
      headers: { cookie: pending },
      payload: { code: codeAt(totpSecret!, new Date(clock.getTime() - 30_000)) },
    });
    expect(previous.statusCode).toBe(200);
  });

  it('locks out after five wrong codes for 15 minutes', async () => {
    const admin = await addStaff(ctx, 'main_admin');
    const { totpSecret } = await signIn(ctx, admin, () => clock);
    tick(60_000);
    const link = await ctx.app.services.auth.consoleLink(admin, 'http://localhost');
    const pending = `pc_session=${cookieOf(await verify(tokenOfLink(link)), 'pc_session')!.value}`;
    const right = () => codeAt(totpSecret!, clock);
    const wrongCode = () => (right() === '123456' ? '654321' : '123456');
    const send = (code: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/totp', headers: { cookie: pending }, payload: { code } });
    for (let i = 0; i < 4; i++) expect((await send(wrongCode())).statusCode).toBe(400);
    expect((await send(wrongCode())).statusCode).toBe(429);
    const locked = await send(right());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 'failed', message: 'locked' });
    tick(14 * MINUTE);
    expect((await send(right())).statusCode).toBe(429);
    tick(2 * MINUTE);
    expect((await send(right())).statusCode).toBe(200);
    const events = await ctx.database.db.select().from(authEvents).where(eq(authEvents.userId, admin.id));
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['totp_failed', 'totp_locked', 'totp_passed']));
  });

  it('evaluates at most five of 25 concurrent wrong codes, then answers 429 until the lock ends', async () => {
    const admin = await addStaff(ctx, 'main_admin');
    const { totpSecret } = await signIn(ctx, admin, () => clock);
    tick(60_000);
    const link = await ctx.app.services.auth.consoleLink(admin, 'http://localhost');
    const pending = `pc_session=${cookieOf(await verify(tokenOfLink(link)), 'pc_session')!.value}`;
    const right = () => codeAt(totpSecret!, clock);
    const wrongCode = right() === '123456' ? '654321' : '123456';
    const send = (code: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/totp', headers: { cookie: pending }, payload: { code } });

    const answers = await Promise.all(Array.from({ length: 25 }, () => send(wrongCode)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(21);
    const events = await ctx.database.db.select().from(authEvents).where(eq(authEvents.userId, admin.id));
    const evaluated = events.filter((e) => e.event === 'totp_failed' || e.event === 'totp_locked');
    expect(evaluated).toHaveLength(5);
    expect(events.filter((e) => e.event === 'totp_refused')).toHaveLength(20);

    tick(14 * MINUTE);
    expect((await send(right())).json()).toEqual({ status: 'failed', message: 'locked' });
    tick(2 * MINUTE);
    expect((await send(right())).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('sign-out revokes the session on the server: the old cookie is then 401', async () => {
    const user = await addStaff(ctx, 'area_manager');
    const { cookie } = await signIn(ctx, user, () => clock);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out, 'pc_session')?.value).toBe('');
    const [session] = await ctx.database.db.select().from(staffSessions).where(eq(staffSessions.userId, user.id));
    expect(session!.revokedAt).not.toBeNull();
    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: 'failed', message: 'unauthorized' });
  });

  it('refuses a live session once its user is disabled, without touching it', async () => {
    const user = await addStaff(ctx, 'area_manager');
    const { cookie } = await signIn(ctx, user, () => clock);
    expect((await me(cookie)).statusCode).toBe(200);
    const [before] = await ctx.database.db.select().from(staffSessions).where(eq(staffSessions.userId, user.id));
    await ctx.app.services.auth.users.disable(user.email);
    tick(MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
    const [after] = await ctx.database.db.select().from(staffSessions).where(eq(staffSessions.userId, user.id));
    expect(after!.lastSeenAt).toEqual(before!.lastSeenAt);
  });

  it('writes last_seen_at at most once a minute while the session is used', async () => {
    const user = await addStaff(ctx, 'area_manager');
    const { cookie } = await signIn(ctx, user, () => clock);
    const lastSeen = async () => (await ctx.database.db.select().from(staffSessions).where(eq(staffSessions.userId, user.id)))[0]!.lastSeenAt.getTime();
    const signedIn = await lastSeen();
    tick(20_000);
    expect((await me(cookie)).statusCode).toBe(200);
    tick(20_000);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(signedIn);
    tick(20_000);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(clock.getTime());
  });

  it('ends after 30 idle minutes, and is kept alive by use', async () => {
    const user = await addStaff(ctx, 'area_manager');
    const { cookie } = await signIn(ctx, user, () => clock);
    tick(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    tick(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
    tick(31 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends 12 hours after sign-in whatever happens', async () => {
    const user = await addStaff(ctx, 'sales_rep');
    const { cookie } = await signIn(ctx, user, () => clock);
    for (let i = 0; i < 24; i++) {
      tick(29 * MINUTE);
      expect((await me(cookie)).statusCode).toBe(200);
    }
    tick(29 * MINUTE);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('uses the __Host- cookie name, Secure, in production', async () => {
    const prod = await createTestContext({ production: true, nodeEnv: 'production' }, { now: () => clock, logger: false });
    try {
      const user = await addStaff(prod, 'area_manager');
      const link = await prod.app.services.auth.consoleLink(user, 'https://champions.example.it');
      const verified = await prod.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: tokenOfLink(link) } });
      const session = cookieOf(verified, '__Host-pc_session');
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(session).not.toHaveProperty('domain');
      const who = await prod.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `__Host-pc_session=${session!.value}` } });
      expect(who.statusCode).toBe(200);
      expect((await prod.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `pc_session=${session!.value}` } })).statusCode).toBe(401);

      // The browser binding of an e-mailed link too: __Host-pc_signin, and only that name binds.
      const asked = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/magic-link',
        headers: { host: 'localhost:3000' },
        payload: { email: user.email, basePath: '/it' },
      });
      expect(cookieOf(asked, 'pc_signin')).toBeUndefined();
      const binding = cookieOf(asked, '__Host-pc_signin');
      expect(binding).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(binding).not.toHaveProperty('domain');
      await prod.app.services.auth.settled();
      const token = /verify\?token=([A-Za-z0-9_-]+)/.exec(mailsTo(prod.config.mail.dir, user.email).at(-1) ?? '')![1]!;
      const plainName = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        headers: { cookie: `pc_signin=${binding!.value}` },
        payload: { token },
      });
      expect(plainName.statusCode).toBe(400);
      const hostName = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        headers: { cookie: `__Host-pc_signin=${binding!.value}` },
        payload: { token },
      });
      expect(hostName.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
