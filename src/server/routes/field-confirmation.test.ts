// Issue 23: a pharmacist an area manager records is e-mailed a personal link, confirms (and corrects)
// for themselves, and only then reaches the review queue and, approved, the finder; a reminder
// after 7 days, their data erased unconfirmed after FIELD_CONFIRMATION_DAYS; their data rights
// cover the field record (a +tag spelling of the address too), and erasure leaves no trace of
// them in the CSV or the mail directory. Both erasures are recorded, hashed, in the erasure ledger
// of BACKUP_DIR (docs/decisions/0050).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { testConfig } from '../config.ts';
import { applications, fieldPharmacies, fieldSignupLapses } from '../db/schema.ts';
import { LEDGER_FILE, mailboxHash, readLedger } from '../services/erasure-ledger.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, uploadPhoto, type TestContext } from '../test/context.ts';
import { linkIn, mailsTo } from '../test/mail.ts';
import { addStaff, signIn } from '../test/staff.ts';

const DAY = 86_400_000;
let ctx: TestContext;
let clock = new Date();
const people = {} as Record<'admin' | 'manager' | 'rep', StaffUser>;
const cookies = {} as Record<'admin' | 'manager' | 'rep', string>;
let place = 0;
const backupDir = path.join(mkdtempSync(path.join(tmpdir(), 'champions-field-ledger-')), 'backups');
const ledger = () => readLedger(path.join(backupDir, LEDGER_FILE)) ?? [];

beforeAll(async () => {
  ctx = await createTestContext({ backup: { ...testConfig().backup, dir: backupDir } }, { now: () => clock });
  people.admin = await addStaff(ctx, 'main_admin');
  people.manager = await addStaff(ctx, 'area_manager');
  people.rep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.manager.id });
  for (const who of ['admin', 'manager', 'rep'] as const) cookies[who] = (await signIn(ctx, people[who])).cookie;
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => {
  clock = new Date();
});

/** The manager adds a pharmacy whose pharmacist is `email`; answers the pharmacy's id. */
async function addPharmacy(email: string, overrides: Record<string, unknown> = {}): Promise<string> {
  place += 1;
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/areamanager-create-pharmacy',
    headers: { cookie: cookies.manager },
    payload: {
      areaManagerId: people.manager.id,
      salesRep: people.rep.id,
      oncStatus: 'registered',
      whereYouWork: `Farmacia Conferma ${place}`,
      placeId: `manual:conf${String(place).padStart(28, '0')}`,
      lat: 45.46 + place / 1000,
      lng: 9.19,
      address: `Via Dante ${place}, 20121 Milano MI`,
      city: 'Milano',
      region: 'lombardia',
      prov: 'MI',
      services: 'Preparazioni galeniche',
      haveYouCompleted: 'yes',
      email,
      firstName: 'Chiara',
      lastName: 'Bianchi',
      bodyOfRegistration: REGISTRATION_BODY_IT,
      professionalRegistrationNumber: String(70000 + place),
      anythingElseAboutYou: 'Consulenza oncologica su appuntamento.',
      check1: true,
      check2: true,
      check3: true,
      recaptchaToken: await solveCaptcha(ctx.app),
      appStoreCountry: 'it',
      formLanguage: 'it',
      ...overrides,
    },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data.id;
}

/** The .eml files to an address, once at least `count` have been written (the outbox sends in the background). */
async function mailsOf(email: string, count = 0): Promise<string[]> {
  await ctx.app.services.mailer.deliverDue();
  await expect.poll(() => mailsTo(ctx.config.mail.dir, email).length).toBeGreaterThanOrEqual(count);
  // Long headers are folded: unfolded here so that a subject reads as one line.
  return mailsTo(ctx.config.mail.dir, email).map((raw) => raw.replace(/\r?\n[ \t]+/g, ' '));
}

const tokenIn = (mail: string) => linkIn(mail, /http:\/\/localhost:\d+\/it\/confirm-details\?token=[A-Za-z0-9_-]{32}/)?.slice(-32) ?? null;
const reviewQueue = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/review/applications', headers: { cookie: cookies.admin } })).json().data.items as {
    id: string;
    email: string;
    lastName: string;
    signedInFieldBy: string | null;
  }[];
const finder = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/finder/pharmacies?market=it&lat=45.46&lng=9.19' })).json().data as {
    id: string;
    pharmacyName: string;
  }[];
const managerList = async () =>
  (await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-pharmacies?id=${people.manager.id}`, headers: { cookie: cookies.manager } })).json()
    .data as { id: string; pharmacist: { status: string; confirmedAt: string | null } | null }[];
const confirm = async (token: string, overrides: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/field-confirmation',
    payload: {
      token,
      firstName: 'Chiara',
      lastName: 'Bianchi-Ferri',
      bodyOfRegistration: REGISTRATION_BODY_IT,
      professionalRegistrationNumber: String(70000 + place),
      haveYouCompleted: 'yes',
      services: 'Preparazioni galeniche',
      anythingElseAboutYou: 'Consulenza oncologica su appuntamento.',
      agreementCheck1: true,
      agreementCheck2: true,
      agreementCheck3: true,
      recaptchaToken: await solveCaptcha(ctx.app),
      ...overrides,
    },
  });

describe('a field-signed pharmacist confirms for themselves', () => {
  it("is e-mailed a link in the form's language; nothing is reviewed or listed before they confirm; their corrections reach the review queue marked as signed in the field, and the finder once approved", async () => {
    const email = 'chiara.bianchi@example.it';
    const id = await addPharmacy(email);
    const [mail] = await mailsOf(email, 1);
    expect(mail).toMatch(/Subject: .*Verifichi i dati che abbiamo registrato su di Lei/);
    const token = tokenIn(mail!);
    expect(token).not.toBeNull();
    expect((await managerList()).find((p) => p.id === id)?.pharmacist).toEqual({ status: 'awaiting', confirmedAt: null });
    expect((await reviewQueue()).map((a) => a.email)).not.toContain(email);

    const recorded = await ctx.app.inject({ method: 'GET', url: `/api/field-confirmation?id=${token}` });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().data).toMatchObject({ firstName: 'Chiara', lastName: 'Bianchi', whereYouWork: expect.stringContaining('Farmacia Conferma') });
    expect(recorded.json().data.email).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/field-confirmation?id=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);

    // The declarations are the pharmacist's own: not given, not confirmed.
    expect((await confirm(token!, { agreementCheck3: false })).statusCode).toBe(400);
    const confirmed = await confirm(token!);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.reference).toMatch(/^PC-/);
    // Single purpose: the link is spent.
    expect((await confirm(token!)).statusCode).toBe(404);
    // Issue 25: the "received" e-mail that follows links the status page, under the market the link came from.
    const received = (await mailsOf(email, 2)).find((m) => /Subject: .*abbiamo ricevuto la Sua candidatura/.test(m));
    const statusLink = linkIn(received ?? '', /http:\/\/localhost:\d+\/it\/my-application\/[A-Za-z0-9_-]{32}/);
    expect(statusLink).not.toBeNull();
    const status = await ctx.app.inject({ method: 'GET', url: `/api/my-application/${statusLink!.slice(-32)}` });
    expect(status.json().data).toMatchObject({ status: 'submitted', reference: confirmed.json().data.reference, market: 'it' });

    const listed = (await reviewQueue()).find((a) => a.email === email);
    // The area manager recorded the pharmacist: they, not the rep the pharmacy is assigned to, signed them in the field.
    expect(listed).toMatchObject({ lastName: 'Bianchi-Ferri', signedInFieldBy: `${people.manager.firstName} ${people.manager.lastName}` });
    expect((await managerList()).find((p) => p.id === id)?.pharmacist).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(String) });

    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/review/applications/${listed!.id}`, headers: { cookie: cookies.admin } })).json().data;
    expect(detail.signedInFieldBy).toBe(`${people.manager.firstName} ${people.manager.lastName}`);
    // Only what the short form asked: no locum question, three declarations, not five.
    const names = detail.fields.map((f: { name: string }) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(['email', 'professionalRegistrationNumber', 'services', 'agreementCheck1', 'agreementCheck2', 'agreementCheck3']),
    );
    for (const unasked of ['areYouLocum', 'whereDidYouFindOutAboutUs', 'isChecked', 'agreementCheck4', 'agreementCheck5']) expect(names).not.toContain(unasked);
    expect(detail.consents.map((c: { givenBy: string }) => c.givenBy).sort()).toEqual(['pharmacist', 'staff']);
    expect(detail.consents.find((c: { givenBy: string }) => c.givenBy === 'pharmacist')).toMatchObject({
      statements: ['agreementCheck1', 'agreementCheck2', 'agreementCheck3'],
      privacyVersion: 'it/it/privacy-policy@2026-11-25',
      termsVersion: expect.stringMatching(/^it\/it\/terms-and-conditions@/),
    });

    // The finder names a listing by its own id, never the application's (issue 25 item 9).
    const [{ listingId }] = (await ctx.database.db.select({ listingId: applications.listingId }).from(applications).where(eq(applications.id, listed!.id))) as [
      { listingId: string },
    ];
    expect((await finder()).map((p) => p.id)).not.toContain(listingId);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/review/applications/${listed!.id}/decision`,
      headers: { cookie: cookies.admin, 'content-type': 'application/json' },
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    expect((await finder()).map((p) => p.id)).toContain(listingId);
  });

  it('reminds once after 7 days and, unconfirmed after 30, erases the pharmacist but keeps the pharmacy with the manager', async () => {
    const email = 'luca.neri@example.it';
    const id = await addPharmacy(email, { firstName: 'Luca', lastName: 'Neri', firstName2: 'Anna', lastName2: 'Neri' });
    const start = clock;
    clock = new Date(start.getTime() + 6 * DAY);
    await ctx.app.services.pharmacistConfirmation.remindAndLapse();
    expect(await mailsOf(email, 1)).toHaveLength(1);
    clock = new Date(start.getTime() + 8 * DAY);
    await ctx.app.services.pharmacistConfirmation.remindAndLapse();
    await ctx.app.services.pharmacistConfirmation.remindAndLapse();
    const mails = await mailsOf(email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatch(/Subject: .*Promemoria/);

    clock = new Date(start.getTime() + 31 * DAY);
    expect((await ctx.app.services.pharmacistConfirmation.remindAndLapse()).lapsed).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id));
    expect(row).toMatchObject({ pharmacistStatus: 'erased', name: expect.stringContaining('Farmacia Conferma'), areaManagerId: people.manager.id });
    expect(JSON.stringify(row)).not.toMatch(/Luca|Neri|luca\.neri/);
    expect(await mailsOf(email)).toHaveLength(0);
    expect(ledger()).toContainEqual({ at: clock.toISOString(), kind: 'unconfirmed-field-pharmacist', mailboxes: [], applications: [], fieldPharmacies: [id] });
    // The programme report's "field sign-ups lapsed" (issue 41 item 3): the lapse kept, without the person.
    expect(await ctx.database.db.select().from(fieldSignupLapses).where(eq(fieldSignupLapses.fieldPharmacyId, id))).toEqual([
      { id: expect.any(String), at: clock, market: 'it', fieldPharmacyId: id, extraPharmacist: null },
    ]);
  });
});

describe('the bot check of a field confirmation (issue 36 item 5)', () => {
  /** A solution sent again after its first answer: refused as a used bot check. */
  const expectSpent = (answer: Awaited<ReturnType<typeof confirm>>) => {
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });
  };

  it('is spent by a refusal: an unknown link (404), a registration number on record (409), a photo of the wrong type (400); the same solution again is refused as used', async () => {
    const first = 'marta.galli@example.it';
    await addPharmacy(first, { firstName: 'Marta', lastName: 'Galli' });
    const firstToken = tokenIn((await mailsOf(first, 1))[0]!)!;
    const onRecord = `8${String(place).padStart(5, '0')}`;
    expect((await confirm(firstToken, { firstName: 'Marta', lastName: 'Galli', professionalRegistrationNumber: onRecord })).statusCode).toBe(200);

    const second = 'paolo.conti@example.it';
    await addPharmacy(second, { firstName: 'Paolo', lastName: 'Conti' });
    const token = tokenIn((await mailsOf(second, 1))[0]!)!;
    const own = { firstName: 'Paolo', lastName: 'Conti', professionalRegistrationNumber: `9${String(place).padStart(5, '0')}` };

    // 404: a link nobody was sent.
    const unknownLink = await solveCaptcha(ctx.app);
    expect((await confirm('A'.repeat(32), { recaptchaToken: unknownLink })).statusCode).toBe(404);
    expectSpent(await confirm(token, { ...own, recaptchaToken: unknownLink }));

    // 409: one solution, one registration number tried.
    const probe = await solveCaptcha(ctx.app);
    const taken = await confirm(token, { ...own, professionalRegistrationNumber: onRecord, recaptchaToken: probe });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('errorRegisterantNumberRegistered');
    expectSpent(await confirm(token, { ...own, professionalRegistrationNumber: `7${String(place).padStart(5, '0')}`, recaptchaToken: probe }));

    // 400: a photo of a type the form does not take.
    const webp = (
      await uploadPhoto(
        ctx.app,
        (
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
            .webp()
            .toBuffer()
        ).toString('base64'),
      )
    ).json() as { filename: string };
    const wrongPhoto = await solveCaptcha(ctx.app);
    const refusedPhoto = await confirm(token, { ...own, photo: webp.filename, recaptchaToken: wrongPhoto });
    expect(refusedPhoto.statusCode).toBe(400);
    expect(refusedPhoto.json().errors).toEqual({ photo: 'validation.fileType' });
    expectSpent(await confirm(token, { ...own, recaptchaToken: wrongPhoto }));

    // The link still works with a new solution.
    expect((await confirm(token, own)).statusCode).toBe(200);
  });
});

describe('data rights of a field-signed pharmacist', () => {
  it('a request for their address or a +tag spelling mails a link; the export holds the field record; erasure leaves neither name nor address in the CSV or any mail file', async () => {
    const email = 'giorgia.russo@example.it';
    const id = await addPharmacy(email, { firstName: 'Giorgia', lastName: 'Russolini' });
    const ask = async (address: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/data-rights/request',
        payload: { email: address, recaptchaToken: await solveCaptcha(ctx.app), basePath: '/it' },
      });
    expect((await ask('Giorgia.Russo+privacy@example.it')).statusCode).toBe(200);
    expect((await ask(email)).statusCode).toBe(200);
    await ctx.app.services.applicantLinks.settled();
    const links = (await mailsOf(email, 3)).map((m) => linkIn(m, /http:\/\/localhost:\d+\/it\/my-data\/[A-Za-z0-9_-]{32}/)).filter(Boolean);
    expect(links).toHaveLength(2);
    const token = links[0]!.slice(-32);

    const exported = (await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).json().data;
    expect(exported.applications).toEqual([]);
    expect(exported.fieldRecords).toHaveLength(1);
    expect(exported.fieldRecords[0]).toMatchObject({ id, status: 'awaiting', answers: { email, firstName: 'Giorgia', lastName: 'Russolini' } });
    expect(exported.consents.map((c: { givenBy: string }) => c.givenBy)).toEqual(['staff']);
    expect(exported.emails.length).toBeGreaterThanOrEqual(3);

    const csv = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/areamanager-accord-csv?id=${people.manager.id}`, headers: { cookie: cookies.manager } })).body;
    expect(await csv()).toContain('Russolini');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(200);

    const after = await csv();
    expect(after).toContain('Farmacia Conferma');
    expect(after).not.toMatch(/Russolini|giorgia\.russo/i);
    const dir = ctx.config.mail.dir;
    const naming = readdirSync(dir).filter((f) => /Russolini|giorgia\.russo/i.test(readFileSync(path.join(dir, f), 'utf8')));
    expect(naming).toEqual([]);
    const [row] = await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id));
    expect(row?.pharmacistStatus).toBe('erased');
    expect((await managerList()).find((p) => p.id === id)?.pharmacist).toEqual({ status: 'erased', confirmedAt: null });
    expect(ledger()).toContainEqual({ at: expect.any(String), kind: 'data-rights', mailboxes: [mailboxHash(email)], applications: [], fieldPharmacies: [id] });
    expect(readFileSync(path.join(backupDir, LEDGER_FILE), 'utf8')).not.toMatch(/Russolini|Giorgia|giorgia\.russo|Luca|Neri/i);
  });
});
