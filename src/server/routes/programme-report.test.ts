// The programme report (issue 41 item 3, decision 0070): its figures equal those worked out by hand
// from a fixed history (decisions with a resubmission, a deactivation, an erasure, field
// confirmations and a lapse, months in each market's own time zone) at a fixed clock; a month
// already past keeps its figures when today's data changes, an erasure included; the CSV holds the
// table's figures in the page's language and is recorded in the activity log; only the main admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '#shared/schemas/activity-log.ts';
import type { ProgrammeMonth, ProgrammeReport } from '#shared/schemas/programme-report.ts';
import { applications, consentRecords, dataRightsEvents, fieldPharmacies, fieldSignupLapses, pharmacies, reviewAudit } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
const NOW = new Date('2026-03-15T12:00:00Z');
const people = {} as Record<'admin' | 'reviewer' | 'manager', StaffUser>;
const cookies = {} as Record<keyof typeof people, string>;
const ids: Record<string, string> = {};

const at = (iso: string) => new Date(iso);

async function application(name: string, country: 'uk' | 'it', createdAt: string, status: string) {
  const [row] = await ctx.database.db
    .insert(applications)
    .values({
      editTokenHash: `hash-${name}`,
      country,
      language: country === 'uk' ? 'en' : 'it',
      status,
      email: `${name}@example.com`,
      emailNormalized: `${name}@example.com`,
      mailbox: `${name}@example.com`,
      firstName: name,
      lastName: 'Test',
      registrationBody: 'UK (GPhC)',
      registrationNumber: `${1000 + Object.keys(ids).length}`,
      placeId: 'place-programme',
      answers: {},
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
      submittedAt: at(createdAt),
    })
    .returning({ id: applications.id });
  ids[name] = row!.id;
}

const audit = (name: string, iso: string, action: string, fromStatus: string | null, toStatus: string) =>
  ctx.database.db
    .insert(reviewAudit)
    .values({ at: at(iso), applicationId: ids[name]!, actorId: action === 'resubmit' ? null : people.reviewer.id, action, fromStatus, toStatus });

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  people.admin = await addStaff(ctx, 'main_admin', { language: 'en' });
  people.reviewer = await addStaff(ctx, 'reviewer');
  people.manager = await addStaff(ctx, 'area_manager');
  for (const role of Object.keys(people) as (keyof typeof people)[]) cookies[role] = (await signIn(ctx, people[role], () => NOW)).cookie;
  const { db } = ctx.database;
  await db.insert(pharmacies).values({ placeId: 'place-programme', name: 'Pharmacy', address: '1 High St', lat: 53.4, lng: -2.9 });

  // The United Kingdom (Europe/London: GMT in January and February).
  await application('a1', 'uk', '2026-01-05T10:00:00Z', 'deactivated');
  await audit('a1', '2026-01-15T10:00:00Z', 'approve', 'submitted', 'approved'); // 10 days
  await audit('a1', '2026-02-10T09:00:00Z', 'deactivate', 'approved', 'deactivated');
  await audit('a1', '2026-02-11T09:00:00Z', 'note', null, 'deactivated'); // a note is no decision
  await application('a2', 'uk', '2026-01-10T00:00:00Z', 'approved');
  await audit('a2', '2026-01-20T00:00:00Z', 'request_changes', 'submitted', 'changes_requested'); // 10 days
  await audit('a2', '2026-02-01T00:00:00Z', 'resubmit', 'changes_requested', 'submitted');
  await audit('a2', '2026-02-03T00:00:00Z', 'approve', 'submitted', 'approved'); // 2 days: its own clock since the resubmission
  await application('a3', 'uk', '2026-01-20T00:00:00Z', 'rejected');
  await audit('a3', '2026-02-19T12:00:00Z', 'reject', 'submitted', 'rejected'); // 30.5 days
  await application('a4', 'uk', '2026-02-02T00:00:00Z', 'erased');
  await audit('a4', '2026-02-06T00:00:00Z', 'approve', 'submitted', 'approved'); // 4 days
  await db.insert(dataRightsEvents).values({ applicationId: ids.a4!, event: 'erased', at: at('2026-02-20T00:00:00Z') });
  await application('a5', 'uk', '2026-01-31T23:30:00Z', 'submitted'); // still January in London
  // Italy (Europe/Rome, an hour ahead): the same instant is already February.
  await application('i1', 'it', '2026-01-31T23:30:00Z', 'submitted');
  const [field] = await db
    .insert(fieldPharmacies)
    .values({ areaManagerId: people.manager.id, name: 'Farmacia', fullAddress: 'Via Roma 1' })
    .returning({ id: fieldPharmacies.id });
  const consent = { statements: ['agreementCheck1'], country: 'it', language: 'it', privacyVersion: 'v1', termsVersion: 'v1' };
  await db.insert(consentRecords).values([
    { ...consent, fieldPharmacyId: field!.id, givenBy: 'pharmacist', givenAt: at('2026-02-10T10:00:00Z') },
    { ...consent, applicationId: ids.i1!, givenBy: 'applicant', givenAt: at('2026-02-10T10:00:00Z') }, // an applicant's own: no field sign-up
  ]);
  await db.insert(fieldSignupLapses).values({ at: at('2026-02-25T08:00:00Z'), market: 'it', fieldPharmacyId: field!.id, extraPharmacist: null });
});
afterAll(() => ctx?.close());

const get = (url: string, who: keyof typeof cookies) => ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] } });
const EMPTY = {
  submitted: 0,
  approved: 0,
  rejected: 0,
  changesRequested: 0,
  erased: 0,
  medianDays: null,
  p90Days: null,
  within28DaysPercent: null,
  fieldConfirmed: 0,
  fieldLapsed: 0,
  listingsLive: 0,
};

async function report(query = 'from=2026-01&to=2026-03'): Promise<ProgrammeReport> {
  const response = await get(`/api/admin/programme?${query}`, 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ProgrammeReport;
}
const rowOf = (data: ProgrammeReport, market: string, month: string) => data.rows.find((row) => row.market === market && row.month === month);

describe('GET /api/admin/programme', () => {
  it('counts each market and month from the stored history', async () => {
    const data = await report();
    expect(data.months).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(data.asOf).toBe(NOW.toISOString());
    expect(data.rows.map((row) => `${row.market} ${row.month}`)).toEqual([
      'uk 2026-01',
      'uk 2026-02',
      'uk 2026-03',
      'it 2026-01',
      'it 2026-02',
      'it 2026-03',
      'de 2026-01',
      'de 2026-02',
      'de 2026-03',
    ]);
    const expected: Record<string, Partial<ProgrammeMonth>> = {
      // a1, a2, a3, a5 submitted; a1 approved in 10 days, a2 asked for changes in 10; a1 listed at the month's end.
      'uk 2026-01': { submitted: 4, approved: 1, changesRequested: 1, medianDays: 10, p90Days: 10, within28DaysPercent: 100, listingsLive: 1 },
      // a4 submitted; a2 (2 days since its resubmission) and a4 (4) approved, a3 rejected after 30.5 days; a4 erased, a1 deactivated: only a2 listed.
      'uk 2026-02': { submitted: 1, approved: 2, rejected: 1, erased: 1, medianDays: 4, p90Days: 25.2, within28DaysPercent: 67, listingsLive: 1 },
      'uk 2026-03': { listingsLive: 1 },
      'it 2026-02': { submitted: 1, fieldConfirmed: 1, fieldLapsed: 1 },
    };
    for (const row of data.rows)
      expect(row, `${row.market} ${row.month}`).toEqual({ ...EMPTY, ...expected[`${row.market} ${row.month}`], market: row.market, month: row.month });
  });

  it("keeps a past month's figures when today's data changes, an erasure included", async () => {
    const before = await report();
    // Today: a2 (listed since February) is erased on request, and a5 is rejected.
    expect(await ctx.app.services.dataRights.eraseMailbox('a2@example.com')).toMatchObject({ applications: [ids.a2] });
    await audit('a5', '2026-03-15T11:00:00Z', 'reject', 'submitted', 'rejected');
    const after = await report();
    expect(after.rows.filter((row) => row.month < '2026-03')).toEqual(before.rows.filter((row) => row.month < '2026-03'));
    // The month under way counts them: a5's wait of 42.5 days, a2 no longer listed.
    expect(rowOf(after, 'uk', '2026-03')).toMatchObject({ rejected: 1, erased: 1, listingsLive: 0, medianDays: 42.5, within28DaysPercent: 0 });
  });

  it('covers the last twelve months without a range, and never a month after this one', async () => {
    expect((await report('')).months).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect((await report('from=2026-02&to=2026-12')).months).toEqual(['2026-02', '2026-03']);
    // A start alone never reaches further back than 36 months.
    expect((await report('from=1990-01')).months).toHaveLength(36);
    expect((await report('from=1990-01')).months[0]).toBe('2023-04');
  });

  it('answers 400 for a month that is not one, a reversed range or one too long', async () => {
    for (const query of ['from=2026-13', 'to=26-01', 'from=2026-03&to=2026-01', 'from=2020-01&to=2026-01', 'lang=fr']) {
      expect((await get(`/api/admin/programme?${query}`, 'admin')).statusCode, query).toBe(400);
      expect((await get(`/api/admin/programme/csv?${query}`, 'admin')).statusCode, query).toBe(400);
    }
  });

  it('downloads the same figures as the table, in the language asked for, and records the download', async () => {
    const data = await report();
    const response = await get('/api/admin/programme/csv?from=2026-01&to=2026-03&lang=it', 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="programme-2026-01-2026-03.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(lines[0]).toEqual([
      'Mercato',
      'Mese',
      'Inviate',
      'Approvate',
      'Respinte',
      'Modifiche richieste',
      'Ritirate o cancellate',
      'Giorni alla decisione (mediana)',
      'Giorni alla decisione (90° percentile)',
      'Decise entro 28 giorni',
      'Adesioni sul campo confermate',
      'Adesioni sul campo scadute',
      'Schede attive a fine mese',
    ]);
    expect(lines).toHaveLength(1 + data.rows.length);
    expect(lines[1]).toEqual(['Regno Unito', 'gennaio 2026', '4', '1', '0', '1', '0', '10', '10', '100%', '0', '0', '1']);
    expect(lines[2]).toEqual(['Regno Unito', 'febbraio 2026', '1', '2', '1', '0', '1', '4', '25,2', '67%', '0', '0', '1']);
    expect(lines[3]!.slice(0, 2)).toEqual(['Regno Unito', 'marzo 2026']);
    expect(lines[5]).toEqual(['Italia', 'febbraio 2026', '1', '0', '0', '0', '0', '–', '–', '–', '1', '1', '0']);
    // Every figure of every row, as the API gives it.
    data.rows.forEach((row, i) => {
      const cells = lines[i + 1]!.slice(2);
      expect(cells.map((cell) => (cell === '–' ? null : Number(cell.replace('%', '').replace(',', '.'))))).toEqual([
        row.submitted,
        row.approved,
        row.rejected,
        row.changesRequested,
        row.erased,
        row.medianDays,
        row.p90Days,
        row.within28DaysPercent,
        row.fieldConfirmed,
        row.fieldLapsed,
        row.listingsLive,
      ]);
    });

    const log = (await get('/api/admin/activity', 'admin')).json().data.items as ActivityEntry[];
    expect(log[0]).toMatchObject({
      kind: 'reportDownload',
      report: 'programme',
      from: '2026-01-01',
      to: '2026-03-31',
      rows: data.rows.length,
      at: NOW.toISOString(),
      by: { role: 'main_admin' },
    });
  });

  it("is the main admin's alone: 403 for a reviewer or an area manager, 401 signed out", async () => {
    for (const who of ['reviewer', 'manager'] as const) {
      for (const url of ['/api/admin/programme', '/api/admin/programme/csv']) expect((await get(url, who)).statusCode, `${who} ${url}`).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/programme' })).statusCode).toBe(401);
  });
});
