// The main admin's activity log (issue 23 item 5): a CSV export is recorded with who, when and
// the rows sent, also when the client breaks it off; decisions come from the review desk's audit;
// the main admin reads both, newest first, a page at a time, without the decisions' free-text
// reasons; nobody else reads it.
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_PAGE_SIZE, type ActivityEntry } from '#shared/schemas/activity-log.ts';
import { applications, csvExports, fieldPharmacies, reviewAudit } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { validApplication } from '../test/payloads.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
// Minutes apart (the sessions stay fresh), in whole seconds.
const start = Math.floor(Date.now() / 1000) * 1000;
const minute = (n: number) => new Date(start + n * 60_000);
let clock = minute(0);
const people = {} as Record<'admin' | 'manager' | 'reviewer', StaffUser>;
const cookies = {} as Record<keyof typeof people, string>;
const REASON = 'Certificato illeggibile, dott. Riservato';

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  for (const role of ['admin', 'manager', 'reviewer'] as const) {
    people[role] = await addStaff(ctx, role === 'admin' ? 'main_admin' : role === 'manager' ? 'area_manager' : 'reviewer');
    cookies[role] = (await signIn(ctx, people[role], () => clock)).cookie;
  }
  await ctx.database.db
    .insert(fieldPharmacies)
    .values([1, 2, 3].map((n) => ({ areaManagerId: people.manager.id, name: `Farmacia ${n}`, fullAddress: `Via Roma ${n}` })));
});
afterAll(() => ctx?.close());

const get = (url: string, who?: keyof typeof cookies) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who] } : {} });

async function exportCsv() {
  const response = await get(`/api/areamanager-accord-csv?id=${people.manager.id}`, 'manager');
  expect(response.statusCode).toBe(200);
  await ctx.app.services.activityLog.settled();
}

async function newApplication(): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/save-pharmacist',
    payload: { ...validApplication({ country: 'it' }), recaptchaToken: await solveCaptcha(ctx.app) },
  });
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.body}`);
  return response.json().data.id as string;
}

const decide = (id: string, decision: string, reason: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/review/applications/${id}/decision`, headers: { cookie: cookies.reviewer }, payload: { decision, reason } });

describe('GET /api/admin/activity', () => {
  let applicationId = '';

  it('records a CSV export: who, when, whose pharmacies and how many rows', async () => {
    clock = minute(1);
    await exportCsv();
    const rows = await ctx.database.db.select().from(csvExports);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: people.manager.id, areaManagerId: people.manager.id, rows: 3, at: clock });
  });

  it('lists exports and decisions to the main admin, newest first, never with a reason', async () => {
    applicationId = await newApplication();
    clock = minute(2);
    expect((await decide(applicationId, 'request_changes', REASON)).statusCode).toBe(200);
    clock = minute(3);
    await exportCsv();

    const response = await get('/api/admin/activity', 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Riservato');
    const { items, total, page, pageSize } = response.json().data as { items: ActivityEntry[]; total: number; page: number; pageSize: number };
    expect({ total, page, pageSize }).toEqual({ total: 3, page: 1, pageSize: ACTIVITY_PAGE_SIZE });
    const manager = { name: `${people.manager.firstName} ${people.manager.lastName}`, role: 'area_manager' };
    expect(items.map((item) => [item.kind, item.at])).toEqual([
      ['csvExport', minute(3).toISOString()],
      ['decision', minute(2).toISOString()],
      ['csvExport', minute(1).toISOString()],
    ]);
    expect(items[0]).toMatchObject({ kind: 'csvExport', by: manager, areaManager: manager, rows: 3 });
    const [{ reference }] = (await ctx.database.db
      .select({ reference: applications.reference })
      .from(applications)
      .where(eq(applications.id, applicationId))) as [{ reference: string | null }];
    expect(reference).toMatch(/^PC-/);
    expect(items[1]).toEqual({
      kind: 'decision',
      id: expect.any(String),
      at: minute(2).toISOString(),
      by: { name: `${people.reviewer.firstName} ${people.reviewer.lastName}`, role: 'reviewer' },
      decision: 'request_changes',
      applicationId,
      reference,
      fromStatus: 'submitted',
      toStatus: 'changes_requested',
    });
  });

  it("leaves out the applicant's own resubmission", async () => {
    // As applications.ts writes it when the applicant saves through the edit link.
    await ctx.database.db
      .insert(reviewAudit)
      .values({ at: minute(4), applicationId, action: 'resubmit', fromStatus: 'changes_requested', toStatus: 'submitted' });
    const { items } = (await get('/api/admin/activity', 'admin')).json().data as { items: ActivityEntry[] };
    expect(items.map((item) => item.at)).not.toContain(minute(4).toISOString());
    expect(items.filter((item) => item.kind === 'decision')).toHaveLength(1);
  });

  it('names a deleted user as such (null), and pages the log', async () => {
    const older = Array.from({ length: ACTIVITY_PAGE_SIZE }, (_, i) => ({ at: minute(i - 100), actorId: null, areaManagerId: people.manager.id, rows: i }));
    await ctx.database.db.insert(csvExports).values(older);
    const first = (await get('/api/admin/activity?page=1', 'admin')).json().data as { items: ActivityEntry[]; total: number };
    expect(first.total).toBe(ACTIVITY_PAGE_SIZE + 3);
    expect(first.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.items.slice(0, 3).map((item) => item.at)).toEqual([3, 2, 1].map((n) => minute(n).toISOString()));
    const second = (await get('/api/admin/activity?page=2', 'admin')).json().data as { items: ActivityEntry[] };
    expect(second.items).toHaveLength(3);
    expect(second.items.map((item) => item.at)).toEqual([-98, -99, -100].map((n) => minute(n).toISOString()));
    expect(second.items[0]).toMatchObject({ kind: 'csvExport', by: null, rows: 2 });
    expect((await get('/api/admin/activity?page=3', 'admin')).json().data.items).toEqual([]);
  });

  it('answers 400 for a page that is not one', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '10000']) expect((await get(`/api/admin/activity?page=${page}`, 'admin')).statusCode, page).toBe(400);
  });

  it('answers 401 without a session and 403 to every role but the main admin, with no data', async () => {
    expect((await get('/api/admin/activity')).statusCode).toBe(401);
    const rep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.manager.id });
    const repCookie = (await signIn(ctx, rep, () => clock)).cookie;
    for (const cookie of [cookies.manager, cookies.reviewer, repCookie]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/activity', headers: { cookie } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).not.toHaveProperty('data');
    }
  });

  it('does not record an export that was refused', async () => {
    const before = (await ctx.database.db.select().from(csvExports).where(eq(csvExports.actorId, people.reviewer.id))).length;
    expect((await get(`/api/areamanager-accord-csv?id=${people.manager.id}`, 'reviewer')).statusCode).toBe(403);
    await ctx.app.services.activityLog.settled();
    expect(await ctx.database.db.select().from(csvExports).where(eq(csvExports.actorId, people.reviewer.id))).toHaveLength(before);
  });

  it('records an export broken off by the client, with the rows sent by then', async () => {
    const manager = await addStaff(ctx, 'area_manager');
    const { cookie } = await signIn(ctx, manager, () => clock);
    // About 12 MB of CSV: far more than the socket buffers hold while the client reads nothing.
    await ctx.database.db.execute(
      sql`insert into ${fieldPharmacies} (area_manager_id, name, full_address) select ${manager.id}::uuid, 'Farmacia ' || n || repeat('x', 300), 'Via ' || n || repeat('y', 300) from generate_series(1, 20000) n`,
    );
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${address}/api/areamanager-accord-csv?id=${manager.id}`, { headers: { cookie } }, (response) => {
        response.once('data', () => {
          response.pause();
          setTimeout(() => {
            request.destroy();
            resolve();
          }, 200);
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    await expect.poll(async () => (await ctx.database.db.select().from(csvExports).where(eq(csvExports.actorId, manager.id))).length).toBe(1);
    const [recorded] = await ctx.database.db.select().from(csvExports).where(eq(csvExports.actorId, manager.id));
    expect(recorded!.areaManagerId).toBe(manager.id);
    expect(recorded!.rows).toBeLessThan(20000);
  });
});

describe('changes to staff accounts in the log (decision 0059)', () => {
  const post = (who: keyof typeof cookies, url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie: cookies[who], host: 'localhost' }, payload });
  const staffChanges = async () =>
    ((await get('/api/admin/activity', 'admin')).json().data.items as ActivityEntry[]).filter((item) => item.kind === 'staffChange');
  const named = (user: StaffUser) => ({ name: `${user.firstName} ${user.lastName}`, role: user.role });

  it('records a rep added, disabled, enabled and their pharmacies moved, with who did it; a reviewer disabled; the console as no one', async () => {
    clock = minute(20);
    const added = await post('manager', '/api/areamanager-add-rep', {
      email: 'log.rep@example.it',
      firstName: 'Sara',
      lastName: 'Bianchi',
      areaManagerId: people.manager.id,
      appStoreCountry: 'it',
      formLanguage: 'it',
    });
    expect(added.statusCode, added.body).toBe(200);
    const sara = (await ctx.app.services.auth.users.findById(added.json().data.id))!;
    const other = await addStaff(ctx, 'sales_rep', { areaManagerId: people.manager.id });
    await ctx.database.db.update(fieldPharmacies).set({ salesRepId: sara.id }).where(eq(fieldPharmacies.areaManagerId, people.manager.id));

    clock = minute(21);
    expect((await post('manager', '/api/areamanager-move-rep-pharmacies', { fromRepId: sara.id, toRepId: other.id })).statusCode).toBe(200);
    clock = minute(22);
    expect((await post('manager', '/api/areamanager-disable-rep', { repId: sara.id })).statusCode).toBe(200);
    // Disabling an account already disabled changes nothing, and records nothing.
    expect((await post('manager', '/api/areamanager-disable-rep', { repId: sara.id })).statusCode).toBe(200);
    clock = minute(23);
    expect((await post('admin', '/api/areamanager-enable-rep', { repId: sara.id })).statusCode).toBe(200);
    clock = minute(24);
    expect((await post('admin', `/api/review/reviewers/${people.reviewer.id}/disable`, {})).statusCode).toBe(200);
    clock = minute(25);
    expect(await ctx.app.services.auth.users.disable(other.email, { actorId: null })).toBe(true);

    const manager = named(people.manager);
    const admin = named(people.admin);
    expect((await staffChanges()).map(({ id: _id, ...entry }) => entry)).toEqual([
      { kind: 'staffChange', at: minute(25).toISOString(), by: null, action: 'disabled', staff: named(other) },
      { kind: 'staffChange', at: minute(24).toISOString(), by: admin, action: 'disabled', staff: named(people.reviewer) },
      { kind: 'staffChange', at: minute(23).toISOString(), by: admin, action: 'enabled', staff: named(sara) },
      { kind: 'staffChange', at: minute(22).toISOString(), by: manager, action: 'disabled', staff: named(sara) },
      { kind: 'staffChange', at: minute(21).toISOString(), by: manager, action: 'moved', staff: named(sara), to: named(other), pharmacies: 3 },
      { kind: 'staffChange', at: minute(20).toISOString(), by: manager, action: 'added', staff: named(sara) },
    ]);
  });
});
