// The audit export (issue 41 item 4): the activity log's entries of a range of days (UTC, both
// included) as CSV, exactly those (an entry a millisecond outside is left out), in the language
// asked for; the download is itself recorded; a bad or reversed range is 400; the main admin's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '#shared/schemas/activity-log.ts';
import { csvExports, staffEvents } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
const NOW = new Date('2026-03-20T09:30:00Z');
const people = {} as Record<'admin' | 'reviewer' | 'manager', StaffUser>;
const cookies = {} as Record<keyof typeof people, string>;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  people.admin = await addStaff(ctx, 'main_admin', { language: 'en' });
  people.reviewer = await addStaff(ctx, 'reviewer');
  people.manager = await addStaff(ctx, 'area_manager');
  for (const role of Object.keys(people) as (keyof typeof people)[]) cookies[role] = (await signIn(ctx, people[role], () => NOW)).cookie;
  const { db } = ctx.database;
  await db.insert(csvExports).values([
    { at: new Date('2026-03-09T23:59:59.999Z'), actorId: people.manager.id, areaManagerId: people.manager.id, rows: 1 }, // just before
    { at: new Date('2026-03-10T00:00:00.000Z'), actorId: people.manager.id, areaManagerId: people.manager.id, rows: 7 },
    { at: new Date('2026-03-13T00:00:00.000Z'), actorId: people.manager.id, areaManagerId: people.manager.id, rows: 2 }, // just after
  ]);
  await db
    .insert(staffEvents)
    .values({ at: new Date('2026-03-12T23:59:59.999Z'), action: 'disabled', staffUserId: people.reviewer.id, actorId: people.admin.id });
});
afterAll(() => ctx?.close());

const get = (url: string, who?: keyof typeof cookies) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who] } : {} });
const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('GET /api/admin/activity/csv', () => {
  it("holds exactly the range's entries, newest first, and records the download", async () => {
    const response = await get('/api/admin/activity/csv?from=2026-03-10&to=2026-03-12&lang=en', 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="activity-2026-03-10-2026-03-12.csv"');
    const manager = `${people.manager.firstName} ${people.manager.lastName}`;
    expect(linesOf(response.body)).toEqual([
      'When;Who;What;Details',
      `2026-03-12T23:59:59.999Z;${people.admin.firstName} ${people.admin.lastName} (Main admin);Staff account disabled;${people.reviewer.firstName} ${people.reviewer.lastName} (Reviewer)`,
      `2026-03-10T00:00:00.000Z;${manager} (Area manager);CSV export of pharmacies;7 rows, Pharmacies of ${manager}`,
    ]);

    const log = (await get('/api/admin/activity', 'admin')).json().data.items as ActivityEntry[];
    expect(log[0]).toEqual({
      kind: 'reportDownload',
      id: expect.any(String),
      at: NOW.toISOString(),
      by: { name: `${people.admin.firstName} ${people.admin.lastName}`, role: 'main_admin' },
      report: 'activity',
      from: '2026-03-10',
      to: '2026-03-12',
      rows: 2,
    });
  });

  it('writes its words in the language asked for, the earlier download listed too', async () => {
    const lines = linesOf((await get('/api/admin/activity/csv?from=2026-03-20&to=2026-03-20&lang=it', 'admin')).body);
    expect(lines[0]).toBe('Quando;Chi;Che cosa;Dettagli');
    expect(lines.slice(1)).toEqual([
      `2026-03-20T09:30:00.000Z;${people.admin.firstName} ${people.admin.lastName} (Amministratore principale);Registro attività scaricato;Dal 2026-03-10 al 2026-03-12, 2 righe`,
    ]);
  });

  it('answers 400 for a missing, impossible or reversed range', async () => {
    for (const query of [
      '',
      'from=2026-03-10',
      'to=2026-03-10',
      'from=2026-02-30&to=2026-03-01',
      'from=10/03/2026&to=2026-03-12',
      'from=2026-03-12&to=2026-03-10',
    ]) {
      const response = await get(`/api/admin/activity/csv?${query}`, 'admin');
      expect(response.statusCode, query).toBe(400);
    }
    expect((await get('/api/admin/activity/csv?from=2026-03-12&to=2026-03-10', 'admin')).json().errors).toEqual({ to: 'validation.dateRange' });
  });

  it("is the main admin's alone: 403 for a reviewer or an area manager, 401 signed out", async () => {
    const url = '/api/admin/activity/csv?from=2026-03-10&to=2026-03-12';
    expect((await get(url, 'reviewer')).statusCode).toBe(403);
    expect((await get(url, 'manager')).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
  });
});
