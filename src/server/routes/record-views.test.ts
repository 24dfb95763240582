// Who saw whom (issue 42 item 5, decision 0073): a reviewer opening an application, an area manager
// opening a field pharmacy and each CSV export add an entry to the accountability log naming who did
// it; the person's data-rights export lists the roles and times; a reload within minutes adds none;
// retention deletes entries past RETENTION_ACCESS_LOG_MONTHS.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '#shared/schemas/activity-log.ts';
import type { MyDataExport } from '#shared/schemas/applicant-links.ts';
import { loadConfig } from '../config.ts';
import { applications, callEntries, csvExports, dataRightsLinks, fieldPharmacies, recordViews } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { mailboxOf } from '../services/mailbox.ts';
import { applyRetention, monthsBefore } from '../services/retention.ts';
import { hashToken } from '../services/tokens.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { validApplication } from '../test/payloads.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
const start = Math.floor(Date.now() / 1000) * 1000;
const minute = (n: number) => new Date(start + n * 60_000);
let clock = minute(0);
const people = {} as Record<'admin' | 'manager' | 'reviewer', StaffUser>;
const cookies = {} as Record<keyof typeof people, string>;
const PHARMACIST = { firstName: 'Giulia', lastName: 'Bianchi', email: 'giulia.bianchi@example.it' };
let pharmacyId = '';

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  for (const role of ['admin', 'manager', 'reviewer'] as const) {
    people[role] = await addStaff(ctx, role === 'admin' ? 'main_admin' : role === 'manager' ? 'area_manager' : 'reviewer');
    cookies[role] = (await signIn(ctx, people[role], () => clock)).cookie;
  }
  const [row] = await ctx.database.db
    .insert(fieldPharmacies)
    .values({
      areaManagerId: people.manager.id,
      name: 'Farmacia Centrale',
      fullAddress: 'Via Roma 1, Milano',
      answers: PHARMACIST,
      pharmacistMailbox: mailboxOf(PHARMACIST.email),
      pharmacistStatus: 'awaiting',
      confirmationRequestedAt: minute(0),
    })
    .returning({ id: fieldPharmacies.id });
  pharmacyId = row!.id;
  await ctx.database.db.insert(callEntries).values({ pharmacyId, at: minute(0), byUserId: people.manager.id, callFlag: 'visited' });
});
afterAll(() => ctx?.close());

const get = (url: string, who: keyof typeof cookies) => ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] } });
const logEntries = async () => (await get('/api/admin/activity', 'admin')).json().data.items as ActivityEntry[];
const nameOf = (user: StaffUser) => `${user.firstName} ${user.lastName}`;

/** The data-rights export of a mailbox, through the link the person would be e-mailed. */
async function exportOf(mailbox: string): Promise<MyDataExport> {
  const token = `${crypto.randomUUID().replaceAll('-', '')}`;
  await ctx.database.db
    .insert(dataRightsLinks)
    .values({ tokenHash: hashToken(token), mailbox, country: 'it', language: 'it', expiresAt: new Date(clock.getTime() + 3600_000) });
  const answer = await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as MyDataExport;
}

describe('who saw whom', () => {
  let applicationId = '';

  it('records a reviewer opening an application, naming them in the log, once within the repeat window', async () => {
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-pharmacist',
      payload: { ...validApplication({ country: 'it' }), recaptchaToken: await solveCaptcha(ctx.app) },
    });
    applicationId = saved.json().data.id as string;
    clock = minute(1);
    expect((await get(`/api/review/applications/${applicationId}`, 'reviewer')).statusCode).toBe(200);
    clock = minute(3);
    expect((await get(`/api/review/applications/${applicationId}`, 'reviewer')).statusCode).toBe(200);

    const views = (await logEntries()).filter((entry) => entry.kind === 'recordView');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      record: 'application',
      recordId: applicationId,
      at: minute(1).toISOString(),
      by: { name: nameOf(people.reviewer), role: 'reviewer' },
    });
  });

  it("lists the view in the applicant's export by role and time, never by name", async () => {
    const [row] = await ctx.database.db.select({ mailbox: applications.mailbox }).from(applications).where(eq(applications.id, applicationId));
    const data = await exportOf(row!.mailbox!);
    expect(data.accesses).toEqual([{ at: minute(1).toISOString(), role: 'reviewer', record: 'application', recordId: applicationId, action: 'viewed' }]);
    expect(JSON.stringify(data.accesses)).not.toContain(people.reviewer.lastName);
  });

  it('records an area manager opening a field pharmacy', async () => {
    clock = minute(20);
    expect((await get(`/api/areamanager-get-pharmacy?id=${pharmacyId}`, 'manager')).statusCode).toBe(200);
    const [view] = (await logEntries()).filter((entry) => entry.kind === 'recordView' && entry.record === 'fieldPharmacy');
    expect(view).toMatchObject({
      recordId: pharmacyId,
      label: 'Farmacia Centrale',
      at: minute(20).toISOString(),
      by: { name: nameOf(people.manager), role: 'area_manager' },
    });
  });

  it('records each CSV export (both formats) with the pharmacies it held, and lists them in the pharmacist’s export', async () => {
    clock = minute(21);
    expect((await get(`/api/areamanager-accord-csv?id=${people.manager.id}&format=readable`, 'manager')).statusCode).toBe(200);
    clock = minute(22);
    expect((await get(`/api/areamanager-accord-csv?id=${people.manager.id}`, 'admin')).statusCode).toBe(200);
    await ctx.app.services.activityLog.settled();

    const exports = (await logEntries()).filter((entry) => entry.kind === 'csvExport');
    expect(exports.map((entry) => [entry.kind === 'csvExport' && entry.format, entry.by?.role])).toEqual([
      ['machine', 'main_admin'],
      ['readable', 'area_manager'],
    ]);
    const rows = await ctx.database.db.select({ held: csvExports.fieldPharmacyIds }).from(csvExports);
    expect(rows.map((row) => row.held)).toEqual([[pharmacyId], [pharmacyId]]);

    const data = await exportOf(mailboxOf(PHARMACIST.email));
    expect(data.accesses).toEqual([
      { at: minute(20).toISOString(), role: 'area_manager', record: 'fieldPharmacy', recordId: pharmacyId, action: 'viewed' },
      { at: minute(21).toISOString(), role: 'area_manager', record: 'fieldPharmacy', recordId: pharmacyId, action: 'exported' },
      { at: minute(22).toISOString(), role: 'main_admin', record: 'fieldPharmacy', recordId: pharmacyId, action: 'exported' },
    ]);
  });

  it('deletes access entries past RETENTION_ACCESS_LOG_MONTHS and empties old exports’ lists of people', async () => {
    expect(loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: ctx.config.dataDir }).retentionAccessLogMonths).toBe(24);
    const db = ctx.database.db;
    // Half of them: at minute 20 the field pharmacy's view; the application's view (minute 1) is older.
    const later = monthsBefore(minute(10), -6);
    const result = await applyRetention(db, { now: later, rejectedMonths: 12, accessLogMonths: 6 });
    expect(result.accessEntries).toBe(1);
    expect((await db.select({ record: recordViews.record }).from(recordViews)).map((row) => row.record)).toEqual(['fieldPharmacy']);

    await applyRetention(db, { now: monthsBefore(minute(30), -6), rejectedMonths: 12, accessLogMonths: 6 });
    expect(await db.select().from(recordViews)).toEqual([]);
    expect((await db.select({ held: csvExports.fieldPharmacyIds, rows: csvExports.rows }).from(csvExports)).map((row) => row.held)).toEqual([null, null]);
  });
});
