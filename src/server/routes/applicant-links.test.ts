import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_LINKS_PER_MAILBOX_PER_DAY } from '#shared/schemas/applicant-links.ts';
import { applications, dataRightsEvents, drafts, fileContents, files, mailOutbox, reviewAudit } from '../db/schema.ts';
import { mailboxHash, reapplyErasures } from '../services/erasure-ledger.ts';
import { mailboxOf } from '../services/mailbox.ts';
import { createTestContext, uploadPhoto, type TestContext } from '../test/context.ts';
import { listingIdsOf, setStatus } from '../test/listings.ts';
import { editTokenByMail, linkIn, mailsTo } from '../test/mail.ts';
import { hashToken } from '../services/tokens.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { multipartBody, pdfBytes } from '../test/multipart.ts';
import { germanApplication, ukApplication, validApplication } from '../test/payloads.ts';

let ctx: TestContext;
let clock = new Date('2026-11-23T10:00:00Z');
beforeAll(async () => {
  ctx = await createTestContext(
    { operator: { ...(await import('../config.ts')).testConfig().operator, supportEmail: 'help@champions.example' } },
    { now: () => clock },
  );
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 24 * 3600_000;

async function apply(payload: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: { ...payload, recaptchaToken: await solveCaptcha(ctx.app) } });
  expect(response.statusCode).toBe(200);
  return response.json().data.id as string;
}

async function applyGermanWithFiles() {
  const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0c0' } })
    .jpeg()
    .toBuffer();
  const { filename, target_id } = (await uploadPhoto(ctx.app, jpeg.toString('base64'))).json();
  const payload = germanApplication({ photo: filename, photoId: target_id });
  const body = multipartBody({ recaptchaToken: await solveCaptcha(ctx.app), ...payload }, [
    { filename: 'zertifikat.pdf', contentType: 'application/pdf', content: pdfBytes() },
  ]);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', ...body });
  expect(response.statusCode).toBe(200);
  return { id: response.json().data.id as string, email: payload.email as string };
}

const ask = async (url: '/api/update-link' | '/api/data-rights/request', email: string, basePath = '/uk') =>
  ctx.app.inject({ method: 'POST', url, payload: { email, recaptchaToken: await solveCaptcha(ctx.app), basePath }, headers: { host: 'localhost:3000' } });

/** The links mailed to an address (not the 'application received' e-mail, which names the reference). */
const mails = (to: string) => mailsTo(ctx.config.mail.dir, to).filter((mail) => !/PC-[0-9A-Z]{6}/.test(mail));

describe('POST /api/update-link', () => {
  it('answers the same for a known and an unknown address, and mails the known one its edit link in its language', async () => {
    const payload = validApplication({ country: 'it' });
    await apply(payload);
    const email = payload.email as string;

    const known = await ask('/api/update-link', email.toUpperCase(), '/it');
    const unknown = await ask('/api/update-link', 'nobody@example.it', '/it');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ status: 'ok' });

    await ctx.app.services.applicantLinks.settled();
    const [mail] = mails(email);
    expect(mail).toMatch(/Subject: .*Aggiorni la Sua candidatura/);
    const token = linkIn(mail!, /http:\/\/localhost:3000\/it\/pharmacist\/edit\/[A-Za-z0-9_-]+/)!
      .split('/')
      .at(-1)!;
    // A fresh token, of which the application keeps only the hash (docs/decisions/0042); it opens the application.
    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.emailNormalized, email));
    expect(row!.editTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${token}` })).statusCode).toBe(200);
    expect(mail).toContain('help@champions.example');
    expect(mails('nobody@example.it')).toHaveLength(0);
  });

  it('mails a fresh edit link, with a new limit when the review desk gave one: the link e-mailed works, the one before no longer', async () => {
    const payload = validApplication({ country: 'uk' });
    await apply(payload);
    const email = payload.email as string;
    const earlier = await editTokenByMail(ctx.app, ctx.config.mail.dir, email);
    await ctx.database.db
      .update(applications)
      .set({ editTokenExpiresAt: new Date(clock.getTime() - DAY) })
      .where(eq(applications.emailNormalized, email));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${earlier}` })).statusCode).toBe(404);

    await ask('/api/update-link', email);
    await ctx.app.services.applicantLinks.settled();
    const link = linkIn(mails(email).at(-1)!, /http:\/\/localhost:3000\/uk\/pharmacist\/edit\/[A-Za-z0-9_-]+/);
    const token = link!.split('/').at(-1)!;
    expect(token).not.toBe(earlier);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${token}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${earlier}` })).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.emailNormalized, email));
    expect(row!.editTokenExpiresAt!.getTime()).toBeGreaterThan(clock.getTime());
  });

  it('keeps the language of an application made in another language than its market', async () => {
    const payload = validApplication({ country: 'uk', language: 'de' });
    const body = multipartBody({ recaptchaToken: await solveCaptcha(ctx.app), ...payload }, [
      { filename: 'c.pdf', contentType: 'application/pdf', content: pdfBytes() },
    ]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', ...body })).statusCode).toBe(200);
    await ask('/api/update-link', payload.email as string, '');
    await ctx.app.services.applicantLinks.settled();
    const [mail] = mails(payload.email as string);
    expect(mail).toMatch(/Subject: .*Ihre Bewerbung aktualisieren/);
    expect(linkIn(mail!, /http:\/\/localhost:3000\/pharmacist\/edit\/[A-Za-z0-9_-]+\?lang=de/)).not.toBeNull();
  });

  it('refuses a request without a solved bot check, and a reused one', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/update-link', payload: { email: 'a@example.com' } });
    expect(missing.statusCode).toBe(400);
    const token = await solveCaptcha(ctx.app);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/update-link', payload: { email: 'a@example.com', recaptchaToken: token } });
    expect(first.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/update-link', payload: { email: 'a@example.com', recaptchaToken: token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });
  });

  it(`mails one mailbox at most ${APPLICANT_LINKS_PER_MAILBOX_PER_DAY} links a day, answering the same beyond`, async () => {
    const payload = ukApplication();
    await apply(payload);
    const email = payload.email as string;
    for (let i = 0; i < APPLICANT_LINKS_PER_MAILBOX_PER_DAY + 2; i++) expect((await ask('/api/update-link', email)).json()).toEqual({ status: 'ok' });
    await ctx.app.services.applicantLinks.settled();
    expect(mails(email)).toHaveLength(APPLICANT_LINKS_PER_MAILBOX_PER_DAY);
  });
});

describe('data rights: POST /api/data-rights/request, GET /api/data-rights/:token, POST /api/data-rights/:token/erase', () => {
  it('answers the same for a known and an unknown address (status and body)', async () => {
    const payload = ukApplication();
    await apply(payload);
    const known = await ask('/api/data-rights/request', payload.email as string);
    const unknown = await ask('/api/data-rights/request', 'stranger@example.co.uk');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    await ctx.app.services.applicantLinks.settled();
    expect(mails(payload.email as string)).toHaveLength(1);
    expect(mails('stranger@example.co.uk')).toHaveLength(0);
  });

  it("mails a /my-data link valid 7 days that downloads everything, then erases it all: answers, files, e-mails and their .eml files, drafts, a reviewer's words; an audit entry stays; a +tag spelling's draft is that mailbox's, with a link of its own", async () => {
    const { id, email } = await applyGermanWithFiles();
    await ctx.database.db.insert(drafts).values({
      tokenHash: `h-${id}`,
      email,
      mailbox: email,
      country: 'de',
      language: 'de',
      step: 1,
      data: { email },
      createdAt: clock,
      expiresAt: new Date(clock.getTime() + DAY),
    });
    // A draft from a +tag spelling of the same mailbox, and a reviewer's words about the application.
    const tagged = email.replace('@', '+entwurf@').toUpperCase();
    await ctx.database.db.insert(drafts).values({
      tokenHash: `t-${id}`,
      email: tagged.toLowerCase(),
      mailbox: mailboxOf(tagged),
      country: 'de',
      language: 'de',
      step: 1,
      data: { email: tagged },
      createdAt: clock,
      expiresAt: new Date(clock.getTime() + DAY),
    });
    await ctx.database.db.insert(reviewAudit).values({
      at: clock,
      applicationId: id,
      action: 'request_changes',
      fromStatus: 'submitted',
      toStatus: 'changes_requested',
      reason: 'Foto unscharf, Herr Müller-Lüdenscheidt',
    });
    const storedFiles = await ctx.database.db.select().from(files).where(eq(files.applicationId, id));
    expect(storedFiles.map((f) => f.kind).sort()).toEqual(['certificate', 'photo']);
    const contentsOf = () =>
      ctx.database.db
        .select({ fileId: fileContents.fileId })
        .from(fileContents)
        .where(
          inArray(
            fileContents.fileId,
            storedFiles.map((f) => f.id),
          ),
        );
    expect(await contentsOf()).toHaveLength(2);

    await ask('/api/data-rights/request', email, '/de');
    await ctx.app.services.applicantLinks.settled();
    const [mail] = mails(email);
    expect(mail).toMatch(/Subject: .*Ihre personenbezogenen Daten/);
    // The +tag spelling holds a draft: it proves itself, with a link of its own.
    expect(mails(tagged.toLowerCase())).toEqual([expect.stringMatching(/Subject: .*Ihre personenbezogenen Daten/)]);
    const link = linkIn(mail!, /http:\/\/localhost:3000\/de\/my-data\/[A-Za-z0-9_-]{32}/);
    expect(link).not.toBeNull();
    const token = link!.slice(-32);

    const download = await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('no-store');
    const data = download.json().data;
    expect(data.applications).toHaveLength(1);
    const [application] = data.applications;
    expect(application).toMatchObject({ id, email, firstName: 'Jürgen', status: 'submitted', country: 'de' });
    expect(application.answers.whereYouWork).toBe('Apotheke am Bahnhof');
    expect(application.pharmacy).toMatchObject({ name: 'Apotheke am Bahnhof' });
    expect(application.files.map((f: { kind: string }) => f.kind).sort()).toEqual(['certificate', 'photo']);
    expect(data.emails.map((m: { subject: string }) => m.subject)).toContainEqual(expect.stringContaining('Ihre personenbezogenen Daten'));
    expect(data.drafts).toHaveLength(1);
    expect(data.otherSpellings).toBe(true);
    expect(JSON.stringify(data).toLowerCase()).not.toContain('+entwurf');
    // The applicant's edit link, asked for before the erasure.
    const editToken = await editTokenByMail(ctx.app, ctx.config.mail.dir, email, '/de');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${editToken}` })).statusCode).toBe(200);

    // Received, and the data link: the 'received' e-mail goes out in the background, so wait for its file.
    await ctx.app.services.mailer.deliverDue();
    await expect.poll(() => mailsTo(ctx.config.mail.dir, email).length).toBeGreaterThanOrEqual(2);
    const erase = await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` });
    expect(erase.statusCode).toBe(200);
    expect(erase.json()).toEqual({ status: 'ok' });

    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.id, id));
    expect(row!.status).toBe('erased');
    const everywhere = JSON.stringify([
      await ctx.database.db.select().from(applications),
      await ctx.database.db.select().from(mailOutbox),
      await ctx.database.db.select().from(drafts),
      await ctx.database.db.select().from(dataRightsEvents),
      await ctx.database.db.select().from(reviewAudit),
    ]);
    expect(everywhere.toLowerCase()).not.toContain(email.toLowerCase());
    expect(everywhere).not.toContain('Müller-Lüdenscheidt');
    expect(everywhere).not.toContain('Foto unscharf');
    expect(
      await ctx.database.db
        .select()
        .from(drafts)
        .where(eq(drafts.mailbox, mailboxOf(email))),
    ).toEqual([]);
    expect(
      (
        await ctx.database.db
          .select()
          .from(drafts)
          .where(eq(drafts.mailbox, mailboxOf(tagged)))
      ).map((d) => d.email),
    ).toEqual([tagged.toLowerCase()]);
    expect((await ctx.database.db.select().from(reviewAudit).where(eq(reviewAudit.applicationId, id))).map((e) => e.reason)).toEqual(['erased']);
    // No .eml file written before the erasure is left for them.
    expect(mailsTo(ctx.config.mail.dir, email)).toEqual([]);
    expect(await ctx.database.db.select().from(files).where(eq(files.applicationId, id))).toHaveLength(0);
    // The bytes went with the rows, in the erasure's transaction.
    expect(await contentsOf()).toHaveLength(0);
    const events = await ctx.database.db.select().from(dataRightsEvents).where(eq(dataRightsEvents.applicationId, id));
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['link_sent', 'downloaded', 'erased']));

    // The link, the edit link and the address are spent: nothing more to read, and no new link is mailed.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${editToken}` })).statusCode).toBe(404);
    await ask('/api/data-rights/request', email, '/de');
    await ctx.app.services.applicantLinks.settled();
    expect(mails(email)).toHaveLength(0);
  });

  it('answers 404 for an unknown, malformed or expired link', async () => {
    const payload = ukApplication();
    await apply(payload);
    await ask('/api/data-rights/request', payload.email as string);
    await ctx.app.services.applicantLinks.settled();
    const token = linkIn(mails(payload.email as string)[0]!, /\/my-data\/[A-Za-z0-9_-]{32}/)!.slice(-32);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${'x'.repeat(32)}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/data-rights/short' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${'x'.repeat(32)}/erase` })).statusCode).toBe(404);
    const before = clock;
    clock = new Date(clock.getTime() + 7 * DAY + 1000);
    try {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(404);
    } finally {
      clock = before;
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).statusCode).toBe(200);
  });
});

describe('a data-rights link proves one mailbox (issue 39 item 8)', () => {
  let people = 0;
  /** Two people whose addresses differ by a +tag, each with an application: `plain`'s or `tagged`'s approved and listed. */
  async function twoSpellings(listed: 'plain' | 'tagged') {
    people += 1;
    const plain = `sam.hope.${people}@example.co.uk`;
    const tagged = `sam.hope.${people}+work@example.co.uk`;
    const ids = { plain: await apply(ukApplication({ email: plain })), tagged: await apply(ukApplication({ email: tagged })) };
    await setStatus(ctx.database.db, ids[listed], 'approved');
    const [listing] = await listingIdsOf(ctx.database.db, [ids[listed]]);
    return { plain, tagged, ids, listingPage: () => ctx.app.inject({ method: 'GET', url: `/api/v1/finder/listings/${listing}` }) };
  }

  const tokenMailedTo = (address: string) => linkIn(mails(address).at(-1) ?? '', /\/my-data\/[A-Za-z0-9_-]{32}/)?.slice(-32) ?? null;
  const exportOf = async (token: string) => (await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).json().data;
  const statusOf = async (id: string) =>
    (await ctx.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, id)))[0]?.status;

  it("a link sent to name+tag@ neither shows nor erases name@'s approved application, which stays listed; name@ is sent a link of its own", async () => {
    const { plain, tagged, ids, listingPage } = await twoSpellings('plain');
    await ask('/api/data-rights/request', tagged.replace('sam', 'Sam').replace('example', 'EXAMPLE'));
    await ctx.app.services.applicantLinks.settled();

    const token = tokenMailedTo(tagged)!;
    const data = await exportOf(token);
    expect(data.applications.map((a: { id: string }) => a.id)).toEqual([ids.tagged]);
    expect(JSON.stringify(data)).not.toContain(ids.plain);
    expect(JSON.stringify(data)).not.toMatch(new RegExp(`"${plain.replace(/[.+]/g, '\\$&')}"`));
    expect(data.otherSpellings).toBe(true);
    // The other spelling's own link, to its own address.
    const plainToken = tokenMailedTo(plain);
    expect(plainToken).not.toBeNull();
    expect(plainToken).not.toBe(token);

    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(200);
    expect(await statusOf(ids.tagged)).toBe('erased');
    expect(await statusOf(ids.plain)).toBe('approved');
    expect((await listingPage()).statusCode).toBe(200);
    const own = await exportOf(plainToken!);
    expect(own.applications.map((a: { id: string; email: string; status: string }) => [a.id, a.email, a.status])).toEqual([[ids.plain, plain, 'approved']]);
    expect(own.otherSpellings).toBe(false);
  });

  it("a link sent to name@ neither shows nor erases name+tag@'s approved application, which stays listed; name+tag@ is sent a link of its own", async () => {
    const { plain, tagged, ids, listingPage } = await twoSpellings('tagged');
    await ask('/api/data-rights/request', plain);
    await ctx.app.services.applicantLinks.settled();

    const token = tokenMailedTo(plain)!;
    const data = await exportOf(token);
    expect(data.applications.map((a: { id: string }) => a.id)).toEqual([ids.plain]);
    expect(JSON.stringify(data)).not.toContain(ids.tagged);
    expect(JSON.stringify(data)).not.toContain('+work');
    expect(data.otherSpellings).toBe(true);
    expect(tokenMailedTo(tagged)).not.toBeNull();

    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(200);
    expect(await statusOf(ids.plain)).toBe('erased');
    expect(await statusOf(ids.tagged)).toBe('approved');
    expect((await listingPage()).statusCode).toBe(200);
    expect((await exportOf(tokenMailedTo(tagged)!)).applications.map((a: { id: string }) => a.id)).toEqual([ids.tagged]);
  });

  it("a restore re-applies name+tag@'s erasure from the erasure ledger without erasing name@", async () => {
    const { tagged, ids } = await twoSpellings('plain');
    const entry = { at: clock.toISOString(), kind: 'data-rights' as const, mailboxes: [mailboxHash(mailboxOf(tagged))], applications: [], fieldPharmacies: [] };
    const unused = () => Promise.reject(new Error('not a data-rights entry'));
    await reapplyErasures(ctx.database.db, [entry], {
      eraseMailbox: async (mailbox) => void (await ctx.app.services.dataRights.eraseMailbox(mailbox)),
      deleteRejectedApplications: unused,
      eraseUnconfirmedFieldPharmacist: unused,
    });
    expect(await statusOf(ids.tagged)).toBe('erased');
    expect(await statusOf(ids.plain)).toBe('approved');
  });

  it('folds letter case and the two spellings of an internationalised domain into one mailbox', async () => {
    const id = await apply(ukApplication({ email: 'jo.idn@bücher.de' }));
    await ask('/api/data-rights/request', 'Jo.IDN@xn--bcher-kva.de');
    await ctx.app.services.applicantLinks.settled();
    // nodemailer writes the domain as punycode.
    const data = await exportOf(tokenMailedTo('jo.idn@xn--bcher-kva.de')!);
    expect(data.applications.map((a: { id: string }) => a.id)).toEqual([id]);
    expect(data.otherSpellings).toBe(false);
  });
});
