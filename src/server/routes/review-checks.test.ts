// The review desk's checks (issue 25 items 3 and 4): what the applicant changed since a change
// request, the duplicate flags across applications of any status, the register link from the
// settings; the answers kept at the change request go with the data export and the erasure.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, dataRightsLinks, files, reviewSnapshots } from '../db/schema.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, uploadPhoto, type TestContext } from '../test/context.ts';
import { validApplication } from '../test/payloads.ts';
import { mailedMatch } from '../test/mail.ts';
import { addStaff, signIn } from '../test/staff.ts';
import { createDataRights } from '../services/data-rights.ts';
import { hashToken } from '../services/tokens.ts';

let ctx: TestContext;
let clock = new Date();
let reviewer: { cookie: string };

beforeAll(async () => {
  ctx = await createTestContext(
    {
      registerUrls: {
        uk: 'https://register.example/uk/{number}',
        it: 'https://albo.example/cerca?n={number}',
        de: 'https://kammer.example/?k={chamber}&n={number}',
      },
    },
    { now: () => clock },
  );
  reviewer = await signIn(ctx, await addStaff(ctx, 'reviewer'), () => clock);
});
afterAll(() => ctx.close());

const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};

async function submit(payload: Record<string, unknown>) {
  tick();
  const response = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: { ...payload, recaptchaToken: await solveCaptcha(ctx.app) } });
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.body}`);
  return response.json().data.id as string;
}

const get = (url: string, cookie = reviewer.cookie) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const checksOf = async (id: string) => (await get(`/api/review/applications/${id}/checks`)).json().data;
const decide = (id: string, decision: string, reason: string) => {
  tick();
  return ctx.app.inject({
    method: 'POST',
    url: `/api/review/applications/${id}/decision`,
    payload: { decision, reason },
    headers: { cookie: reviewer.cookie },
  });
};
/** The edit link's token in the reviewer's "request changes" e-mail to the applicant. */
const editTokenOf = async (payload: Record<string, unknown>) =>
  (await mailedMatch(ctx.config.mail.dir, String(payload.email), /\/pharmacist\/edit\/([A-Za-z0-9_-]+)/))[1]!;

describe('GET /api/review/applications/{id}/checks', () => {
  it('is for reviewers and the main admin only', async () => {
    const id = await submit(validApplication({ country: 'uk' }, { placeId: 'test:access' }));
    expect((await get(`/api/review/applications/${id}/checks`, '')).statusCode).toBe(401);
    const manager = await signIn(ctx, await addStaff(ctx, 'area_manager'), () => clock);
    expect((await get(`/api/review/applications/${id}/checks`, manager.cookie)).statusCode).toBe(403);
    expect((await get('/api/review/applications/00000000-0000-4000-8000-000000000000/checks')).statusCode).toBe(404);
  });
});

describe('changes since the change request', () => {
  it('lists nothing before the applicant resubmits, then each changed field with its old and new value, in form order', async () => {
    const payload = validApplication({ country: 'uk' }, { placeId: 'test:resubmit-old', whereYouWork: 'Old Lane Pharmacy', address: '1 Old Lane, Liverpool' });
    const id = await submit(payload);
    expect((await checksOf(id)).changes).toBeNull();

    expect((await decide(id, 'request_changes', 'Please name the pharmacy you work at now.')).statusCode).toBe(200);
    expect((await checksOf(id)).changes).toBeNull();

    await submit({
      ...payload,
      placeId: 'test:resubmit-new',
      whereYouWork: 'New Street Pharmacy',
      address: '2 New Street, Liverpool',
      anythingElseAboutYou: 'Now at New Street.',
      loginToken: await editTokenOf(payload),
    });
    const changes = (await checksOf(id)).changes;
    expect(changes).not.toBeNull();
    const byName = Object.fromEntries(changes.fields.map((f: { name: string; before: unknown; after: unknown }) => [f.name, [f.before, f.after]]));
    expect(byName).toEqual({
      placeId: ['test:resubmit-old', 'test:resubmit-new'],
      address: ['1 Old Lane, Liverpool', '2 New Street, Liverpool'],
      whereYouWork: ['Old Lane Pharmacy', 'New Street Pharmacy'],
      anythingElseAboutYou: ['Ten years in community pharmacy.', 'Now at New Street.'],
    });
    // In the form's order, with the wording namespace of each field's section.
    expect(changes.fields.map((f: { name: string }) => f.name)).toEqual(['placeId', 'whereYouWork', 'address', 'anythingElseAboutYou']);
    expect(changes.fields[0].texts).toBe('form');
    expect(changes.places).toEqual({
      'test:resubmit-old': { name: 'Old Lane Pharmacy', address: '1 Old Lane, Liverpool' },
      'test:resubmit-new': { name: 'New Street Pharmacy', address: '2 New Street, Liverpool' },
    });
    expect(Date.parse(changes.resubmittedAt)).toBeGreaterThan(Date.parse(changes.requestedAt));
  });

  it('keeps the answers of the change request in the data export and erases them with the application', async () => {
    const payload = validApplication({ country: 'it' }, { placeId: 'test:export' });
    const id = await submit(payload);
    await decide(id, 'request_changes', 'Manca la foto.');
    await submit({ ...payload, anythingElseAboutYou: 'Ecco la versione nuova.', loginToken: await editTokenOf(payload) });
    const [row] = await ctx.database.db.select({ mailbox: applications.mailbox }).from(applications).where(eq(applications.id, id));

    const rights = createDataRights(ctx.database.db, { now: () => clock, mailDir: ctx.config.mail.dir });
    const token = `export-${id}`.padEnd(32, 'x').slice(0, 32);
    await ctx.database.db
      .insert(dataRightsLinks)
      .values({ tokenHash: hashToken(token), mailbox: row!.mailbox, applicationId: id, expiresAt: new Date(clock.getTime() + 3600_000) });
    const exported = await rights.export(token);
    const [application] = exported!.applications;
    expect(application!.answersAtChangeRequests).toHaveLength(1);
    expect(application!.answersAtChangeRequests[0]!.answers.anythingElseAboutYou).toBe('Dieci anni in farmacia territoriale.');

    expect(await rights.erase(token)).toBe(true);
    expect(await ctx.database.db.select().from(reviewSnapshots).where(eq(reviewSnapshots.applicationId, id))).toEqual([]);
    expect((await checksOf(id)).changes).toBeNull();
  });
});

describe('duplicate flags', () => {
  it('flags a second application with the same registration number, in another market, and links the first from it', async () => {
    const first = await submit(validApplication({ country: 'uk' }, { placeId: 'test:number-1', professionalRegistrationNumber: '2777001' }));
    await decide(first, 'approve', '');
    const second = await submit(validApplication({ country: 'it' }, { placeId: 'test:number-2', professionalRegistrationNumber: '2777001' }));

    const flags = (await checksOf(second)).duplicates;
    expect(flags).toContainEqual(
      expect.objectContaining({ kind: 'registrationNumber', applicationId: first, status: 'approved', market: 'uk', firstName: 'Amelia' }),
    );
    expect((await checksOf(first)).duplicates).toContainEqual(
      expect.objectContaining({ kind: 'registrationNumber', applicationId: second, status: 'submitted' }),
    );
  });

  it('flags the same place, the same address written differently, and the same mailbox', async () => {
    const first = await submit(
      validApplication({ country: 'uk' }, { placeId: 'test:same-place', address: '5 Hope Street, Liverpool L1 9BQ', email: 'sam.hope@example.co.uk' }),
    );
    const samePlace = await submit(validApplication({ country: 'uk' }, { placeId: 'test:same-place' }));
    const sameAddress = await submit(
      validApplication({ country: 'uk' }, { placeId: 'manual:0123456789abcdef0123456789abcdef', address: '5, HOPE STREET  Liverpool L1 9BQ' }),
    );
    const sameMailbox = await submit(validApplication({ country: 'uk' }, { placeId: 'test:elsewhere', email: 'Sam.Hope+work@example.co.uk' }));

    const flags = (await checksOf(first)).duplicates.map((f: { kind: string; applicationId: string }) => `${f.kind} ${f.applicationId}`);
    expect(flags).toEqual(expect.arrayContaining([`place ${samePlace}`, `place ${sameAddress}`, `mailbox ${sameMailbox}`]));
    expect(flags).not.toContain(`place ${sameMailbox}`);
    expect(flags.filter((f: string) => f.endsWith(first))).toEqual([]);
  });

  it('flags the same photo by the hash of its stored bytes, which is kept at upload', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c0c' } })
      .jpeg()
      .toBuffer();
    const upload = async () => (await uploadPhoto(ctx.app, jpeg.toString('base64'))).json() as { filename: string; target_id: string };
    const one = await upload();
    const two = await upload();
    const [stored] = await ctx.database.db.select({ sha256: files.sha256 }).from(files).where(eq(files.storageName, one.filename));
    expect(stored!.sha256).toMatch(/^[0-9a-f]{64}$/);

    const first = await submit(validApplication({ country: 'uk' }, { placeId: 'test:photo-1', photo: one.filename, photoId: one.target_id }));
    const second = await submit(validApplication({ country: 'uk' }, { placeId: 'test:photo-2', photo: two.filename, photoId: two.target_id }));
    expect((await checksOf(second)).duplicates).toContainEqual(expect.objectContaining({ kind: 'photo', applicationId: first }));
  });
});

describe('the register link', () => {
  it("fills the number (and the German chamber) into the market's register address from the settings", async () => {
    const uk = await submit(validApplication({ country: 'uk' }, { placeId: 'test:register-uk', professionalRegistrationNumber: '2888001' }));
    expect((await checksOf(uk)).registerLink).toEqual({ register: 'gphc', url: 'https://register.example/uk/2888001', number: '2888001', body: 'UK (GPhC)' });
    const it = await submit(validApplication({ country: 'it' }, { placeId: 'test:register-it', professionalRegistrationNumber: '48801' }));
    expect((await checksOf(it)).registerLink).toMatchObject({ register: 'fofi', url: 'https://albo.example/cerca?n=48801' });
  });
});
