import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastTwelveMonths } from '#shared/schemas/dashboard.ts';
import { callEntries, fieldPharmacies } from '../db/schema.ts';
import { createFieldDashboard } from '../services/field-force/field-dashboard.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
let am: StaffUser;
let otherAm: StaffUser;
let rep: StaffUser;
let rep2: StaffUser;
const cookies: Record<string, string> = {};
const NOW = new Date('2026-11-15T12:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  am = await addStaff(ctx, 'area_manager');
  otherAm = await addStaff(ctx, 'area_manager');
  rep = await addStaff(ctx, 'sales_rep', { areaManagerId: am.id });
  rep2 = await addStaff(ctx, 'sales_rep', { areaManagerId: am.id });
  const admin = await addStaff(ctx, 'main_admin');
  for (const [name, user] of Object.entries({ am, otherAm, rep, admin })) cookies[name] = (await signIn(ctx, user)).cookie;

  const db = ctx.database.db;
  const pharmacy = async (name: string, callFlag: string | null, owner = am, position: { lat: number; lng: number } | null = { lat: 41.9, lng: 12.5 }) =>
    (
      await db
        .insert(fieldPharmacies)
        .values({ areaManagerId: owner.id, salesRepId: rep.id, name, fullAddress: `${name}, Roma`, currentCallFlag: callFlag, ...position })
        .returning()
    )[0]!.id;
  const joinedA = await pharmacy('Farmacia A', 'joined_unify');
  const joinedB = await pharmacy('Farmacia B', 'post_joining_unify');
  const joinedC = await pharmacy('Farmacia C', 'joined_unify', am, null);
  await pharmacy('Farmacia D', 'interested_but_requires_another_visit');
  await pharmacy('Farmacia E', null);
  const elsewhere = await pharmacy('Farmacia Altrui', 'joined_unify', otherAm);
  await db.insert(callEntries).values([
    { pharmacyId: joinedA, at: new Date('2026-11-02T10:00:00Z'), byUserId: rep.id, callFlag: 'joined_unify', month: 11 },
    // The same pharmacy recorded as joined twice in one month counts once.
    { pharmacyId: joinedA, at: new Date('2026-11-03T10:00:00Z'), byUserId: rep.id, callFlag: 'joined_unify', month: 11 },
    { pharmacyId: joinedB, at: new Date('2026-03-20T10:00:00Z'), byUserId: rep.id, callFlag: 'joined_unify', month: 3 },
    { pharmacyId: joinedB, at: new Date('2026-05-01T10:00:00Z'), byUserId: rep.id, callFlag: 'post_joining_unify', month: 5 },
    { pharmacyId: joinedC, at: new Date('2026-11-10T10:00:00Z'), byUserId: rep2.id, callFlag: 'joined_unify', month: 11 },
    // Older than twelve months: not on the chart.
    { pharmacyId: joinedC, at: new Date('2025-10-10T10:00:00Z'), byUserId: rep2.id, callFlag: 'joined_unify', month: 10 },
    { pharmacyId: elsewhere, at: new Date('2026-11-10T10:00:00Z'), byUserId: rep.id, callFlag: 'joined_unify', month: 11 },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const get = (cookie: string | undefined, id: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/areamanager-dashboard?id=${id}`, headers: cookie ? { cookie } : {} });

describe('GET /api/areamanager-dashboard', () => {
  it('is for the manager themself and the main admin only', async () => {
    expect((await get(undefined, am.id)).statusCode).toBe(401);
    expect((await get(cookies.rep, am.id)).statusCode).toBe(403);
    const other = await get(cookies.otherAm, am.id);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Farmacia A');
    expect((await get(cookies.am, am.id)).statusCode).toBe(200);
    expect((await get(cookies.admin, am.id)).statusCode).toBe(200);
  });

  it("counts the manager's pharmacies per current call flag", async () => {
    const { data } = (await get(cookies.am, am.id)).json();
    const pipeline = Object.fromEntries(data.pipeline.map((p: { callFlag: string | null; count: number }) => [p.callFlag ?? 'none', p.count]));
    expect(pipeline).toEqual({ joined_unify: 2, post_joining_unify: 1, interested_but_requires_another_visit: 1, none: 1 });
  });

  it('places only pharmacies with a position on the map, with their flag', async () => {
    const { data } = (await get(cookies.am, am.id)).json();
    expect(data.points.map((p: { name: string }) => p.name).sort()).toEqual(['Farmacia A', 'Farmacia B', 'Farmacia D', 'Farmacia E']);
    expect(data.points.find((p: { name: string }) => p.name === 'Farmacia D')).toMatchObject({
      lat: 41.9,
      lng: 12.5,
      callFlag: 'interested_but_requires_another_visit',
    });
  });

  it('counts the pharmacies each rep signed up per month over the last twelve months', async () => {
    const dashboard = await createFieldDashboard(ctx.database.db).forAreaManager(am.id, NOW);
    expect(dashboard.joins.months).toEqual(lastTwelveMonths(NOW));
    expect(dashboard.joins.months[0]).toBe('2025-12');
    expect(dashboard.joins.months[11]).toBe('2026-11');
    const byName = Object.fromEntries(dashboard.joins.reps.map((r) => [r.name, r.counts]));
    const first = `${rep.firstName} ${rep.lastName}`;
    const second = `${rep2.firstName} ${rep2.lastName}`;
    expect(Object.keys(byName).sort()).toEqual([first, second].sort());
    expect(byName[first]![11]).toBe(1);
    expect(byName[first]![3]).toBe(1); // 2026-03
    expect(byName[first]!.reduce((a, b) => a + b)).toBe(2);
    expect(byName[second]!.reduce((a, b) => a + b)).toBe(1);
  });
});

describe('lastTwelveMonths', () => {
  it('crosses the year boundary', () => {
    expect(lastTwelveMonths(new Date('2027-01-31T23:00:00Z'))).toEqual([
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
  });
});
