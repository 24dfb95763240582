// Issue 42 item 8 (decision 0069): free text about a person goes with them, and old row versions do
// not outlive an erasure in the embedded database's files. A rep's visit note naming a field
// pharmacist is in their export; after their erasure no visit note, manager's view, CSV (either
// format) or file of the PGlite data folder holds their name or address. The same for an applicant
// whose change request and internal note name them. The erasure request answers once its clean-up
// (vacuum.ts) has run, so the scan follows it directly.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { callEntries, reviewAudit } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { linkIn, mailsTo } from '../test/mail.ts';
import { submitApplication } from '../test/listings.ts';
import { addStaff, signIn } from '../test/staff.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-erasure-scan-'));
let ctx: TestContext;
const people = {} as Record<'manager' | 'rep' | 'reviewer', StaffUser>;
const cookies = {} as Record<'manager' | 'rep' | 'reviewer', string>;

beforeAll(async () => {
  // PGlite on disk, whatever the run's database: the scan reads its folder.
  ctx = await createTestContext({ database: { kind: 'pglite', dataDir } }, {}, null);
  people.manager = await addStaff(ctx, 'area_manager');
  people.rep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.manager.id });
  people.reviewer = await addStaff(ctx, 'reviewer');
  for (const who of ['manager', 'rep', 'reviewer'] as const) cookies[who] = (await signIn(ctx, people[who])).cookie;
});
afterAll(async () => {
  await ctx?.close();
});

/** The files under the embedded database's folder whose bytes hold any of the words (as UTF-8). */
function filesHolding(words: string[]): string[] {
  const root = ctx.config.database.kind === 'pglite' ? ctx.config.database.dataDir! : '';
  const needles = words.map((word) => Buffer.from(word, 'utf8'));
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else {
        const bytes = readFileSync(file);
        if (needles.some((needle) => bytes.includes(needle))) found.push(path.relative(root, file));
      }
    }
  };
  walk(root);
  return found;
}

/** A data-rights link for the address, through the request and its e-mail; answers its token. */
async function dataRightsToken(email: string, basePath: string): Promise<string> {
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/data-rights/request',
    payload: { email, recaptchaToken: await solveCaptcha(ctx.app), basePath },
  });
  expect(asked.statusCode).toBe(200);
  await ctx.app.services.applicantLinks.settled();
  await ctx.app.services.mailer.deliverDue();
  const pattern = new RegExp(`http://localhost:\\d+${basePath}/my-data/[A-Za-z0-9_-]{32}`);
  let link: string | null = null;
  await expect
    .poll(
      () =>
        (link =
          mailsTo(ctx.config.mail.dir, email)
            .map((mail) => linkIn(mail.replace(/\r?\n[ \t]+/g, ' '), pattern))
            .find(Boolean) ?? null),
    )
    .not.toBeNull();
  return link!.slice(-32);
}

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe("a field pharmacist named in a rep's visit note", () => {
  const email = 'ottavia.quagliarello@example.it';
  const words = ['Quagliarello', 'quagliarello', 'Ottavia'];

  it('has the note in their export; after their erasure no note, view, CSV or file of the database holds their name or address, and the visit is still counted', async () => {
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/areamanager-create-pharmacy',
      headers: { cookie: cookies.manager },
      payload: {
        areaManagerId: people.manager.id,
        salesRep: people.rep.id,
        oncStatus: 'registered',
        whereYouWork: 'Farmacia San Marco',
        placeId: 'manual:erasurescan0000000000000000001',
        lat: 45.46,
        lng: 9.19,
        address: 'Via Dante 1, 20121 Milano MI',
        city: 'Milano',
        region: 'lombardia',
        prov: 'MI',
        services: 'Preparazioni galeniche',
        haveYouCompleted: 'yes',
        email,
        firstName: 'Ottavia',
        lastName: 'Quagliarello',
        bodyOfRegistration: REGISTRATION_BODY_IT,
        professionalRegistrationNumber: '81234',
        check1: true,
        check2: true,
        check3: true,
        recaptchaToken: await solveCaptcha(ctx.app),
        appStoreCountry: 'it',
        formLanguage: 'it',
      },
    });
    expect(added.statusCode).toBe(200);
    const pharmacyId: string = added.json().data.id;
    const note = `Parlato con la dott.ssa Quagliarello (${email}): richiamare a marzo.`;
    const visit = await ctx.app.inject({
      method: 'PUT',
      url: '/api/rep-update-pharmacy',
      headers: { cookie: cookies.rep },
      payload: {
        pharmacyId,
        callFlag: 'interested_but_requires_another_visit',
        month: 3,
        placeId: 'manual:erasurescan0000000000000000001',
        lat: 45.46,
        lng: 9.19,
        address: 'Via Dante 1, 20121 Milano MI',
        note,
      },
    });
    expect(visit.statusCode).toBe(200);

    const token = await dataRightsToken(email, '/it');
    const exported = (await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).json().data;
    expect(exported.fieldRecords[0].visitNotes).toEqual([{ at: expect.any(String), note }]);

    const view = () => get(`/api/areamanager-get-pharmacy?id=${pharmacyId}`, cookies.manager);
    const machineCsv = () => get(`/api/areamanager-accord-csv?id=${people.manager.id}`, cookies.manager);
    const readableCsv = () => get(`/api/areamanager-accord-csv?id=${people.manager.id}&format=readable`, cookies.manager);
    const naming = new RegExp(words.join('|'));
    for (const answer of [await view(), await machineCsv(), await readableCsv()]) expect(answer.body).toMatch(naming);
    expect(filesHolding(words)).not.toEqual([]);

    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(200);

    const visits = await ctx.database.db.select().from(callEntries).where(eq(callEntries.pharmacyId, pharmacyId));
    expect(visits.map((v) => [v.callFlag, v.note])).toEqual([['interested_but_requires_another_visit', null]]);
    const shown = await view();
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.callHistory).toHaveLength(1);
    expect(shown.body).not.toMatch(naming);
    expect(shown.body).not.toContain(email);
    for (const csv of [await machineCsv(), await readableCsv()]) {
      expect(csv.body).toContain('Farmacia San Marco');
      expect(csv.body).not.toMatch(naming);
      expect(csv.body).not.toContain(email);
    }
    expect(filesHolding([...words, email])).toEqual([]);
  });
});

describe("an applicant named in a reviewer's change request and internal note", () => {
  it('has both in their export; after their erasure no file of the database holds their name or address', async () => {
    const { id, email } = await submitApplication(ctx, 'uk', { firstName: 'Perpetua', lastName: 'Fennimore-Blythe' });
    const words = ['Perpetua', 'Fennimore-Blythe', email];
    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/review/applications/${id}/decision`,
      headers: { cookie: cookies.reviewer },
      payload: { decision: 'request_changes', reason: 'Ms Fennimore-Blythe, please upload a clearer photo.', internalNote: `Called Perpetua on ${email}.` },
    });
    expect(decided.statusCode).toBe(200);

    const token = await dataRightsToken(email, '/uk');
    const exported = (await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).json().data;
    expect(exported.applications[0].reviewHistory).toContainEqual(
      expect.objectContaining({ reason: 'Ms Fennimore-Blythe, please upload a clearer photo.', internalNote: `Called Perpetua on ${email}.` }),
    );
    expect(filesHolding(words)).not.toEqual([]);

    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(200);

    const history = await ctx.database.db.select().from(reviewAudit).where(eq(reviewAudit.applicationId, id));
    expect(history.map((h) => h.action)).toContain('request_changes');
    expect(JSON.stringify(history)).not.toMatch(/Perpetua|Fennimore/);
    expect(filesHolding(words)).toEqual([]);
  });
});
