// What the server logs (docs/security.md V16): a journey through an edit link, a draft link and a
// sign-in link leaves none of their tokens and no applicant e-mail address in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from './config.ts';
import { createTestContext, fixtureWebDist, type TestContext } from './test/context.ts';
import { memoryLog } from './test/log.ts';
import { editTokenByMail, mailsTo } from './test/mail.ts';
import { addStaff, cookieOf, tokenOfLink } from './test/staff.ts';
import { solveCaptcha } from './test/bot-check.ts';
import { ukApplication } from './test/payloads.ts';

const log = memoryLog();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ webDist: fixtureWebDist(testConfig().dataDir) }, { logger: { level: 'trace', stream: log.stream } });
});
afterAll(async () => {
  await ctx?.close();
});

const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'localhost:3000' } });

describe('the server log', () => {
  it('holds no edit, draft or sign-in token and no applicant e-mail address after a journey using all three links', async () => {
    const secrets: string[] = [];
    const { app } = ctx;

    // An application, then its edit link: the page, the prefill, and a save through it.
    const application = ukApplication({ email: 'Amelia.Logged+uk@Example.co.uk' });
    const email = String(application.email);
    secrets.push(email, email.toLowerCase());
    const saved = await app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: { ...application, recaptchaToken: await solveCaptcha(app) } });
    expect(saved.statusCode).toBe(200);
    // Its edit link, as the applicant gets it: asked for and mailed.
    const editToken = await editTokenByMail(app, ctx.config.mail.dir, email);
    secrets.push(editToken);
    await page(`/pharmacist/edit/${editToken}`);
    await page(`/form?pharmacistId=${editToken}`);
    expect((await app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${editToken}` })).statusCode).toBe(200);
    const resaved = await app.inject({
      method: 'POST',
      url: '/api/save-pharmacist',
      payload: { ...application, lastName: 'Smith', loginToken: editToken, recaptchaToken: await solveCaptcha(app) },
    });
    expect(resaved.statusCode).toBe(200);
    secrets.push(await editTokenByMail(app, ctx.config.mail.dir, email));

    // A draft e-mailed to the applicant, and its link opened.
    const drafted = await app.inject({
      method: 'POST',
      url: '/api/drafts',
      headers: { host: 'localhost:3000' },
      payload: {
        email,
        country: 'de',
        language: 'de',
        step: 2,
        basePath: '/de',
        data: { firstName: 'Amelia', email },
        recaptchaToken: await solveCaptcha(app),
      },
    });
    expect(drafted.statusCode).toBe(200);
    const draftToken = /[?&]draft=([A-Za-z0-9_-]{32})/.exec(mailsTo(ctx.config.mail.dir, email.toLowerCase()).join('\n'))?.[1] ?? '';
    expect(draftToken).not.toBe('');
    secrets.push(draftToken);
    await page(`/de/form/2?draft=${draftToken}`);
    expect((await app.inject({ method: 'GET', url: `/api/drafts/${draftToken}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/drafts/${draftToken}%ZZ` })).statusCode).toBe(400);
    // A body that cannot be parsed: its text (here the address) must not reach the log either.
    const broken = await app.inject({
      method: 'POST',
      url: '/api/save-pharmacist',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${email}",`,
    });
    expect(broken.statusCode).toBe(400);

    // A staff sign-in link: asked for, mailed, opened and used.
    const staff = await addStaff(ctx, 'area_manager');
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { host: 'localhost:3000' },
      payload: { email: staff.email, basePath: '/it' },
    });
    expect(asked.statusCode).toBe(200);
    await app.services.auth.settled();
    const link = /http:\/\/localhost:3000\/it\/signin\/verify\?token=[A-Za-z0-9_-]+/.exec(mailsTo(ctx.config.mail.dir, staff.email).at(-1) ?? '')?.[0];
    expect(link).toBeDefined();
    const signInToken = tokenOfLink(link!);
    secrets.push(signInToken);
    await page(new URL(link!).pathname + new URL(link!).search);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token: signInToken },
      headers: { cookie: `pc_signin=${cookieOf(asked, 'pc_signin')!.value}` },
    });
    expect(verified.statusCode).toBe(200);
    secrets.push(cookieOf(verified, 'pc_session')!.value);

    const text = log.text();
    // The log did record the journey (so an empty log cannot pass)...
    expect(text).toContain('"url":"/pharmacist/edit/[token]"');
    expect(text).toContain('"url":"/api/drafts/[token]"');
    expect(text).toContain('"url":"/it/signin/verify"');
    expect(text).toContain('mail sent');
    // ...and none of the secrets.
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/amelia\.logged/i);
  });
});
