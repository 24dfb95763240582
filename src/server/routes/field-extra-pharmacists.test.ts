// Issue 39 item 7: every pharmacist a rep records is a person with rights. A joined_unify visit that
// records a second pharmacist ("Farmacista 2") e-mails each pharmacist a personal link of their own;
// the second confirms for themselves (nothing of them reviewed or listed before), lapses on their own
// when they do not, and sees, exports and erases their own data with their own address; the first
// pharmacist's export holds neither the second's name nor their number.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { testConfig } from '../config.ts';
import { fieldExtraPharmacists, fieldPharmacies } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { LEDGER_FILE, mailboxHash, readLedger, reapplyErasures } from '../services/erasure-ledger.ts';
import { eraseUnconfirmedPharmacist } from '../services/field-force/pharmacist-confirmation.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { linkIn, mailsTo } from '../test/mail.ts';
import { addStaff, signIn } from '../test/staff.ts';

const DAY = 86_400_000;
let ctx: TestContext;
let clock = new Date();
const people = {} as Record<'admin' | 'manager' | 'rep', StaffUser>;
const cookies = {} as Record<'admin' | 'manager' | 'rep', string>;
let place = 0;
const backupDir = path.join(mkdtempSync(path.join(tmpdir(), 'champions-extra-ledger-')), 'backups');
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

/** Two people of one visit: the pharmacy's first pharmacist and "Farmacista 2", with addresses and numbers of their own. */
function pharmacists() {
  place += 1;
  // Names are letters only: the visit's place number spelt in letters.
  const tag = String(place).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
  return {
    first: { email: `chiara.lombardi${place}@example.it`, lastName: `Lombardi${tag}`, number: `7${String(place).padStart(4, '0')}` },
    second: { email: `marco.ferri${place}@example.it`, lastName: `Ferrini${tag}`, number: `8${String(place).padStart(4, '0')}` },
  };
}

/** The rep records a joined_unify visit with both pharmacists at a new pharmacy; answers its id. */
async function recordVisit({ first, second }: ReturnType<typeof pharmacists>): Promise<string> {
  const [row] = await ctx.database.db
    .insert(fieldPharmacies)
    .values({
      areaManagerId: people.manager.id,
      salesRepId: people.rep.id,
      name: `Farmacia Due Farmacisti ${place}`,
      fullAddress: `Corso Buenos Aires ${place}, 20124 Milano MI`,
    })
    .returning();
  const visit = await ctx.app.inject({
    method: 'PUT',
    url: '/api/rep-update-pharmacy',
    headers: { cookie: cookies.rep },
    payload: {
      pharmacyId: row!.id,
      callFlag: 'joined_unify',
      month: 4,
      placeId: `manual:extra${String(place).padStart(27, '0')}`,
      lat: 45.47 + place / 1000,
      lng: 9.2,
      address: `Corso Buenos Aires ${place}, 20124 Milano MI`,
      piva: '01234567897',
      oncStatus: 'registered',
      haveYouCompleted: 'yes',
      services: 'Preparazioni galeniche',
      email: first.email,
      firstName: 'Chiara',
      lastName: first.lastName,
      bodyOfRegistration: REGISTRATION_BODY_IT,
      professionalRegistrationNumber: first.number,
      firstName2: 'Marco',
      lastName2: second.lastName,
      email2: second.email,
      bodyOfRegistration2: REGISTRATION_BODY_IT,
      professionalRegistrationNumber2: second.number,
      anythingElseAboutYou2: 'Turno serale',
      check1: true,
      check2: true,
      check3: true,
    },
  });
  expect(visit.json()).toMatchObject({ status: 'ok' });
  return row!.id;
}

async function mailsOf(email: string, count = 0): Promise<string[]> {
  await ctx.app.services.mailer.deliverDue();
  await expect.poll(() => mailsTo(ctx.config.mail.dir, email).length).toBeGreaterThanOrEqual(count);
  return mailsTo(ctx.config.mail.dir, email).map((raw) => raw.replace(/\r?\n[ \t]+/g, ' '));
}
const confirmationToken = (mail: string) => linkIn(mail, /http:\/\/localhost:\d+\/it\/confirm-details\?token=[A-Za-z0-9_-]{32}/)?.slice(-32) ?? null;

/** The data-rights link the address is sent when it asks for its data. */
async function myDataToken(email: string): Promise<string> {
  const before = mailsTo(ctx.config.mail.dir, email).length;
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/data-rights/request',
    payload: { email, recaptchaToken: await solveCaptcha(ctx.app), basePath: '/it' },
  });
  expect(asked.statusCode).toBe(200);
  await ctx.app.services.applicantLinks.settled();
  const link = (await mailsOf(email, before + 1))
    .map((m) => linkIn(m, /http:\/\/localhost:\d+\/it\/my-data\/[A-Za-z0-9_-]{32}/))
    .filter(Boolean)
    .at(-1);
  expect(link).toBeTruthy();
  return link!.slice(-32);
}
const exportOf = async (token: string) => (await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).json().data;

const confirm = async (token: string, who: { lastName: string; number: string }, firstName: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/field-confirmation',
    payload: {
      token,
      firstName,
      lastName: who.lastName,
      bodyOfRegistration: REGISTRATION_BODY_IT,
      professionalRegistrationNumber: who.number,
      haveYouCompleted: 'yes',
      services: 'Preparazioni galeniche',
      anythingElseAboutYou: 'Turno serale',
      agreementCheck1: true,
      agreementCheck2: true,
      agreementCheck3: true,
      recaptchaToken: await solveCaptcha(ctx.app),
    },
  });
const reviewQueue = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/review/applications', headers: { cookie: cookies.admin } })).json().data.items as {
    id: string;
    email: string;
    lastName: string;
  }[];
const csv = async () =>
  (await ctx.app.inject({ method: 'GET', url: `/api/areamanager-accord-csv?id=${people.manager.id}`, headers: { cookie: cookies.manager } })).body;
const rowOf = async (id: string) => (await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id)))[0]!;

describe('a rep records two pharmacists', () => {
  it("e-mails each their own link; the second confirms for themselves; the first one's export holds neither the second's name nor their number", async () => {
    const people2 = pharmacists();
    const { first, second } = people2;
    const id = await recordVisit(people2);

    const [firstMail] = await mailsOf(first.email, 1);
    const [secondMail] = await mailsOf(second.email, 1);
    expect(secondMail).toMatch(/Subject: .*Verifichi i dati che abbiamo registrato su di Lei/);
    const firstToken = confirmationToken(firstMail!);
    const secondToken = confirmationToken(secondMail!);
    expect(firstToken).not.toBeNull();
    expect(secondToken).not.toBeNull();
    expect(secondToken).not.toBe(firstToken);

    // Each link shows its own person's record.
    const secondPage = (await ctx.app.inject({ method: 'GET', url: `/api/field-confirmation?id=${secondToken}` })).json().data;
    expect(secondPage).toMatchObject({
      firstName: 'Marco',
      lastName: second.lastName,
      professionalRegistrationNumber: second.number,
      whereYouWork: expect.stringContaining('Farmacia Due Farmacisti'),
    });
    expect(JSON.stringify(secondPage)).not.toContain(first.lastName);
    const firstPage = (await ctx.app.inject({ method: 'GET', url: `/api/field-confirmation?id=${firstToken}` })).json().data;
    expect(firstPage).toMatchObject({ firstName: 'Chiara', lastName: first.lastName });
    expect(JSON.stringify(firstPage)).not.toContain(second.lastName);

    // Nothing of the second is reviewed (or so ever listed) before they confirm.
    expect((await reviewQueue()).map((a) => a.email)).not.toContain(second.email);

    const firstExport = await exportOf(await myDataToken(first.email));
    expect(firstExport.fieldRecords).toHaveLength(1);
    expect(firstExport.fieldRecords[0].answers).toMatchObject({ email: first.email, firstName: 'Chiara', lastName: first.lastName });
    for (const theirs of [second.lastName, second.number, second.email, 'Marco']) expect(JSON.stringify(firstExport)).not.toContain(theirs);

    const confirmed = await confirm(secondToken!, second, 'Marco');
    expect(confirmed.statusCode).toBe(200);
    expect((await reviewQueue()).find((a) => a.email === second.email)).toMatchObject({ lastName: second.lastName });
    // The first is still asked: the second's confirmation is not theirs.
    expect((await rowOf(id)).pharmacistStatus).toBe('awaiting');
    // The second's declarations are on their own application, not on the pharmacy the first one's export lists.
    const firstAgain = await exportOf(await myDataToken(first.email));
    expect(firstAgain.consents.map((c: { givenBy: string }) => c.givenBy)).toEqual(['staff']);
    for (const theirs of [second.lastName, second.number, second.email]) expect(JSON.stringify(firstAgain)).not.toContain(theirs);
  });

  it("the second sees, exports and erases their own data with their own address; the first one's record and the pharmacy stay", async () => {
    const people2 = pharmacists();
    const { first, second } = people2;
    const id = await recordVisit(people2);
    await mailsOf(second.email, 1);

    const token = await myDataToken(second.email);
    const own = await exportOf(token);
    expect(own.applications).toEqual([]);
    expect(own.fieldRecords).toEqual([
      expect.objectContaining({
        id,
        status: 'awaiting',
        pharmacyName: expect.stringContaining('Farmacia Due Farmacisti'),
        answers: {
          firstName: 'Marco',
          lastName: second.lastName,
          email: second.email,
          bodyOfRegistration: REGISTRATION_BODY_IT,
          professionalRegistrationNumber: second.number,
          anythingElseAboutYou: 'Turno serale',
        },
      }),
    ]);
    for (const theirs of [first.lastName, first.number, first.email, '01234567897']) expect(JSON.stringify(own)).not.toContain(theirs);

    expect(await csv()).toContain(second.lastName);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(200);

    const row = await rowOf(id);
    expect(JSON.stringify(row)).not.toMatch(new RegExp(`${second.lastName}|${second.number}|marco\\.ferri`));
    expect(row).toMatchObject({
      pharmacistStatus: 'awaiting',
      answers: expect.objectContaining({ firstName: 'Chiara', lastName: first.lastName, email: first.email }),
    });
    const after = await csv();
    expect(after).not.toContain(second.lastName);
    expect(after).toContain(first.lastName);
    expect(await mailsOf(second.email)).toHaveLength(0);
    // Their link is gone with their data; the first's still works.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).statusCode).toBe(404);
    const [firstMail] = await mailsOf(first.email, 1);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/field-confirmation?id=${confirmationToken(firstMail!)}` })).statusCode).toBe(200);
  });

  it('reminds the second once and, unconfirmed, erases them alone; a restore of an older backup erases them again, and not the first', async () => {
    const people2 = pharmacists();
    const { first, second } = people2;
    const id = await recordVisit(people2);
    const [firstMail] = await mailsOf(first.email, 1);
    expect((await confirm(confirmationToken(firstMail!)!, first, 'Chiara')).statusCode).toBe(200);

    const start = clock;
    clock = new Date(start.getTime() + 8 * DAY);
    await ctx.app.services.pharmacistConfirmation.remindAndLapse();
    const mails = await mailsOf(second.email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatch(/Subject: .*Promemoria/);

    clock = new Date(start.getTime() + 31 * DAY);
    await ctx.app.services.pharmacistConfirmation.remindAndLapse();
    const row = await rowOf(id);
    expect(JSON.stringify(row.answers)).not.toMatch(new RegExp(`Marco|${second.lastName}|${second.number}`));
    expect(row).toMatchObject({ pharmacistStatus: 'confirmed', answers: expect.objectContaining({ firstName: 'Chiara', lastName: first.lastName }) });
    expect(await mailsOf(second.email)).toHaveLength(0);
    const lapse = ledger().find((entry) => entry.kind === 'unconfirmed-field-pharmacist' && entry.fieldPharmacies.includes(id));
    expect(lapse).toEqual({
      at: clock.toISOString(),
      kind: 'unconfirmed-field-pharmacist',
      mailboxes: [mailboxHash(second.email)],
      applications: [],
      fieldPharmacies: [id],
    });

    // As after a restore of a backup from before the lapse: the second is recorded and awaited again.
    const db = ctx.database.db;
    await db
      .update(fieldPharmacies)
      .set({
        answers: { ...row.answers, firstName2: 'Marco', lastName2: second.lastName, email2: second.email, professionalRegistrationNumber2: second.number },
      })
      .where(eq(fieldPharmacies.id, id));
    await db
      .update(fieldExtraPharmacists)
      .set({ pharmacistMailbox: second.email, pharmacistStatus: 'awaiting' })
      .where(eq(fieldExtraPharmacists.fieldPharmacyId, id));
    await reapplyErasures(db, [lapse!], {
      eraseMailbox: () => Promise.reject(new Error('not a data-rights entry')),
      deleteRejectedApplications: () => Promise.reject(new Error('not a retention entry')),
      eraseUnconfirmedFieldPharmacist: async (pharmacyId, number) => void (await eraseUnconfirmedPharmacist(db, pharmacyId, ctx.config.mail.dir, number)),
    });
    const restored = await rowOf(id);
    expect(JSON.stringify(restored.answers)).not.toContain(second.lastName);
    expect(restored).toMatchObject({ pharmacistStatus: 'confirmed', answers: expect.objectContaining({ lastName: first.lastName }) });
  });

  it('when the first does not confirm, erases them and keeps the second, who confirmed', async () => {
    const people2 = pharmacists();
    const { first, second } = people2;
    const id = await recordVisit(people2);
    const [secondMail] = await mailsOf(second.email, 1);
    expect((await confirm(confirmationToken(secondMail!)!, second, 'Marco')).statusCode).toBe(200);

    clock = new Date(Date.now() + 31 * DAY);
    await ctx.app.services.pharmacistConfirmation.remindAndLapse();
    const row = await rowOf(id);
    expect(row.pharmacistStatus).toBe('erased');
    expect(JSON.stringify(row.answers)).not.toMatch(new RegExp(`Chiara|${first.lastName}|${first.number}`));
    expect(row.answers).toMatchObject({ firstName2: 'Marco', lastName2: second.lastName, email2: second.email });
  });

  it('refuses the second pharmacist without an e-mail of their own', async () => {
    place += 1;
    const [row] = await ctx.database.db
      .insert(fieldPharmacies)
      .values({ areaManagerId: people.manager.id, salesRepId: people.rep.id, name: 'Farmacia Senza Email', fullAddress: 'Via Larga 1, 20122 Milano MI' })
      .returning();
    const base = {
      pharmacyId: row!.id,
      callFlag: 'joined_unify',
      month: 4,
      placeId: `manual:noem${String(place).padStart(28, '0')}`,
      lat: 45.46,
      lng: 9.19,
      address: 'Via Larga 1, 20122 Milano MI',
      piva: '01234567897',
      haveYouCompleted: 'yes',
      email: 'titolare@senza-email.it',
      firstName: 'Chiara',
      lastName: 'Neri',
      bodyOfRegistration: REGISTRATION_BODY_IT,
      professionalRegistrationNumber: '45678',
      firstName2: 'Marco',
      lastName2: 'Neri',
      bodyOfRegistration2: REGISTRATION_BODY_IT,
      professionalRegistrationNumber2: '45679',
      check1: true,
      check2: true,
      check3: true,
    };
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/rep-update-pharmacy', headers: { cookie: cookies.rep }, payload });
    expect((await put(base)).json().errors).toEqual({ email2: 'validation.required' });
    expect((await put({ ...base, email2: 'Titolare@senza-email.it' })).json().errors).toEqual({ email2: 'staff.extraPharmacists.emailRepeated' });
  });
});
