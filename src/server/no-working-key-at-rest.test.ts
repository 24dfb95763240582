// No working key at rest (issue 36 item 4, docs/decisions/0042): after an application and every
// e-mail it brings (received with the status link, an edit link asked for, a data-rights link, a
// draft link, a reviewer's change request with its edit link), a staff sign-in link and a
// field-signed pharmacist's confirmation link, a backup holds none of the tokens that were mailed,
// and every link still works through the API.
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { and, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { writeBackup } from './db/backup/write-backup.ts';
import { mailOutbox } from './db/schema.ts';
import { solveCaptcha } from './test/bot-check.ts';
import { createTestContext, type TestContext } from './test/context.ts';
import { allMails, editTokenByMail, mailedMatch } from './test/mail.ts';
import { ukApplication } from './test/payloads.ts';
import { addStaff, cookieOf, signIn } from './test/staff.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const HOST = { host: 'localhost:3000' };
const TOKEN = '([A-Za-z0-9_-]{22,64})';

/** Every mail delivered so far, as written (soft breaks undone): where the tokens are taken from. */
const delivered = () => allMails(ctx.config.mail.dir).join('\n');
const tokensIn = (text: string, pattern: RegExp) => [...new Set([...text.matchAll(pattern)].map((match) => match[1]!))];

async function backupText(): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await writeBackup(ctx.database.db, sink);
  return gunzipSync(Buffer.concat(chunks)).toString('utf8');
}

describe('a backup after an application and its e-mails', () => {
  it('holds none of the mailed tokens, and each link still works through the API', { timeout: 120_000 }, async () => {
    const { app } = ctx;
    const payload = ukApplication();
    const email = String(payload.email);

    // The application, and its 'received' e-mail with the status link.
    const saved = await app.inject({
      method: 'POST',
      url: '/api/save-pharmacist',
      headers: HOST,
      payload: { ...payload, recaptchaToken: await solveCaptcha(app) },
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().data.id as string;
    const [, statusToken] = await mailedMatch(ctx.config.mail.dir, email, new RegExp(`/my-application/${TOKEN}`));

    // An edit link asked for ("e-mail me a link").
    const askedEditToken = await editTokenByMail(app, ctx.config.mail.dir, email);

    // A data-rights link.
    const rights = await app.inject({
      method: 'POST',
      url: '/api/data-rights/request',
      headers: HOST,
      payload: { email, basePath: '/uk', recaptchaToken: await solveCaptcha(app) },
    });
    expect(rights.statusCode).toBe(200);
    await app.services.applicantLinks.settled();
    const [, dataRightsToken] = await mailedMatch(ctx.config.mail.dir, email, new RegExp(`/my-data/${TOKEN}`));

    // A draft link ("continue on another device").
    const draft = await app.inject({
      method: 'POST',
      url: '/api/drafts',
      headers: HOST,
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
    expect(draft.statusCode).toBe(200);
    const [, draftToken] = await mailedMatch(ctx.config.mail.dir, email, new RegExp(`[?&]draft=${TOKEN}`));

    // A reviewer's change request, with a fresh edit link (the one asked for before stops working).
    const reviewer = await addStaff(ctx, 'reviewer');
    const desk = await signIn(ctx, reviewer);
    const decided = await app.inject({
      method: 'POST',
      url: `/api/review/applications/${id}/decision`,
      headers: { cookie: desk.cookie },
      payload: { decision: 'request_changes', reason: 'Please add a photo.' },
    });
    expect(decided.statusCode).toBe(200);
    const [, reviewEditToken] = await mailedMatch(
      ctx.config.mail.dir,
      email,
      new RegExp(`please update your application[\\s\\S]*?/pharmacist/edit/${TOKEN}`, 'i'),
    );
    expect(reviewEditToken).not.toBe(askedEditToken);

    // A staff sign-in link, asked for by e-mail.
    const magic = await app.inject({ method: 'POST', url: '/api/auth/magic-link', headers: HOST, payload: { email: reviewer.email, basePath: '/uk' } });
    expect(magic.statusCode).toBe(200);
    await app.services.auth.settled();
    const [, signInToken] = await mailedMatch(ctx.config.mail.dir, reviewer.email, new RegExp(`/signin/verify\\?token=${TOKEN}`));

    // A field-signed pharmacist's confirmation link.
    const manager = await addStaff(ctx, 'area_manager');
    const rep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
    const pharmacistEmail = 'chiara.conferma@example.it';
    const added = await app.inject({
      method: 'POST',
      url: '/api/areamanager-create-pharmacy',
      headers: { cookie: (await signIn(ctx, manager)).cookie, ...HOST },
      payload: {
        areaManagerId: manager.id,
        salesRep: rep.id,
        oncStatus: 'registered',
        whereYouWork: 'Farmacia Chiave',
        placeId: `manual:${'k'.repeat(32)}`,
        lat: 45.47,
        lng: 9.19,
        address: 'Via Dante 7, 20121 Milano MI',
        city: 'Milano',
        region: 'lombardia',
        prov: 'MI',
        services: 'Preparazioni galeniche',
        haveYouCompleted: 'yes',
        email: pharmacistEmail,
        firstName: 'Chiara',
        lastName: 'Conferma',
        bodyOfRegistration: REGISTRATION_BODY_IT,
        professionalRegistrationNumber: '77001',
        anythingElseAboutYou: 'Consulenza oncologica.',
        check1: true,
        check2: true,
        check3: true,
        recaptchaToken: await solveCaptcha(app),
        appStoreCountry: 'it',
        formLanguage: 'it',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const [, confirmationToken] = await mailedMatch(ctx.config.mail.dir, pharmacistEmail, new RegExp(`/confirm-details\\?token=${TOKEN}`));

    // Everything delivered: the outbox at rest, as a backup taken later would find it.
    await vi.waitFor(async () => expect(await ctx.database.db.$count(mailOutbox, and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)))).toBe(0), {
      timeout: 30_000,
      interval: 50,
    });

    // Every token any delivered mail carries, whatever its kind.
    const mailed = delivered();
    const tokens = [
      ...tokensIn(mailed, new RegExp(`/my-application/${TOKEN}`, 'g')),
      ...tokensIn(mailed, new RegExp(`/pharmacist/edit/${TOKEN}`, 'g')),
      ...tokensIn(mailed, new RegExp(`/my-data/${TOKEN}`, 'g')),
      ...tokensIn(mailed, new RegExp(`[?&]draft=${TOKEN}`, 'g')),
      ...tokensIn(mailed, new RegExp(`[?&]token=${TOKEN}`, 'g')),
    ];
    for (const token of [statusToken, askedEditToken, dataRightsToken, draftToken, reviewEditToken, signInToken, confirmationToken])
      expect(tokens).toContain(token);

    const backup = await backupText();
    // The backup did read the records (so an empty one cannot pass): the application, its e-mails' records.
    expect(backup).toContain(id);
    expect(backup).toContain('please update your application');
    const found = tokens.filter((token) => backup.includes(token));
    expect(found, 'tokens of mailed links found in the backup').toEqual([]);
    // No link of ours is left in any stored mail body either.
    expect(backup).not.toMatch(/\/pharmacist\/edit\/|\/my-application\/|\/my-data\/|[?&]draft=|\/signin\/verify\?|\/confirm-details\?/);

    // Each link still works: the tokens are checked against their hashes.
    expect((await app.inject({ method: 'GET', url: `/api/my-application/${statusToken}` })).json().data).toMatchObject({ status: 'changes_requested' });
    const prefill = await app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${reviewEditToken}` });
    expect(prefill.statusCode).toBe(200);
    expect(prefill.json().data.email).toBe(email);
    // The edit link asked for before the change request was replaced by the reviewer's (one edit link at a time).
    expect((await app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${askedEditToken}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/data-rights/${dataRightsToken}` })).json().data.applications[0]).toMatchObject({ id, email });
    expect((await app.inject({ method: 'GET', url: `/api/drafts/${draftToken}` })).json().data).toMatchObject({ step: 2, data: { firstName: 'Amelia' } });
    expect((await app.inject({ method: 'GET', url: `/api/field-confirmation?id=${confirmationToken}` })).json().data).toMatchObject({ lastName: 'Conferma' });
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token: signInToken },
      headers: { cookie: `pc_signin=${cookieOf(magic, 'pc_signin')!.value}` },
    });
    expect(verified.statusCode).toBe(200);
    const resubmitted = await app.inject({
      method: 'POST',
      url: '/api/save-pharmacist',
      payload: { ...payload, lastName: 'Changed', loginToken: reviewEditToken, recaptchaToken: await solveCaptcha(app) },
    });
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().data.id).toBe(id);
  });
});
