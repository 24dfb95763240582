// "Today, for the rep" (issue 24 item 3): GET /api/v1/register/rep/pharmacies in visit order
// (overdue, due today, later, none), nearest first among ties when the rep gives a position, and
// GET /api/rep-get-pharmacy with the last five visits. The clock stands at 00:30 in Rome on
// 21 November 2026, still 20 November in UTC: "today" is Rome's.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEntries, fieldPharmacies } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';

const NOW = new Date('2026-11-20T23:30:00Z');
const ROME = { lat: 41.9028, lng: 12.4964 };
const MILAN = { lat: 45.4642, lng: 9.19 };
const NAPLES = { lat: 40.8518, lng: 14.2681 };

let ctx: TestContext;
let rep: StaffUser;
let nearRep: StaffUser;
let manager: StaffUser;
const cookies = {} as Record<'rep' | 'nearRep' | 'manager', string>;
const ids = new Map<string, string>();

/** A pharmacy of `salesRep` with its visits (oldest first); each visit an hour after the one before. */
async function pharmacy(
  salesRep: StaffUser,
  name: string,
  place: { lat: number; lng: number } | null,
  visits: { nextVisit?: string; note?: string; callFlag?: string }[] = [],
) {
  const [row] = await ctx.database.db
    .insert(fieldPharmacies)
    .values({
      areaManagerId: manager.id,
      salesRepId: salesRep.id,
      name,
      fullAddress: `${name}, Italia`,
      ...(place ?? {}),
      currentCallFlag: visits.at(-1)?.callFlag ?? (visits.length ? 'appointment_scheduled' : null),
    })
    .returning({ id: fieldPharmacies.id });
  ids.set(name, row!.id);
  for (const [i, visit] of visits.entries()) {
    await ctx.database.db.insert(callEntries).values({
      pharmacyId: row!.id,
      at: new Date(Date.UTC(2026, 9, 1, 8 + i)),
      byUserId: salesRep.id,
      callFlag: visit.callFlag ?? 'appointment_scheduled',
      month: 10,
      note: visit.note ?? null,
      nextVisit: visit.nextVisit ?? null,
    });
  }
  return row!.id;
}

const list = (cookie: string, repId: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/register/rep/pharmacies?assignedreptoken=${repId}${query}`, headers: { cookie } });
const names = (body: { pharmacyName: string }[]) => body.map((p) => p.pharmacyName);

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  manager = await addStaff(ctx, 'area_manager');
  rep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
  nearRep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
  cookies.rep = (await signIn(ctx, rep, () => NOW)).cookie;
  cookies.nearRep = (await signIn(ctx, nearRep, () => NOW)).cookie;
  cookies.manager = (await signIn(ctx, manager, () => NOW)).cookie;

  // Inserted out of order on purpose.
  await pharmacy(rep, 'Farmacia Senza Visite', ROME);
  await pharmacy(rep, 'Farmacia Dicembre', ROME, [{ nextVisit: '2026-12-02' }]);
  await pharmacy(rep, 'Farmacia Oggi', ROME, [{ nextVisit: '2026-11-21' }]);
  await pharmacy(rep, 'Farmacia Ieri', ROME, [{ nextVisit: '2026-11-20' }]);
  await pharmacy(rep, 'Farmacia Domani', ROME, [{ nextVisit: '2026-11-22' }]);
  await pharmacy(rep, 'Farmacia Novembre', ROME, [{ nextVisit: '2026-11-03' }]);
  // The latest visit decides: an earlier one planned a day, the latest none.
  await pharmacy(rep, 'Farmacia Nessuna Data', ROME, [{ nextVisit: '2026-10-05' }, { note: 'Richiamare' }]);

  // Ties for the distance: two due today, three with no next visit (one without coordinates).
  await pharmacy(nearRep, 'Farmacia Alfa Milano', MILAN, [{ nextVisit: '2026-11-21' }]);
  await pharmacy(nearRep, 'Farmacia Beta Roma', ROME, [{ nextVisit: '2026-11-21' }]);
  await pharmacy(nearRep, 'Farmacia Ancona Lontana', MILAN);
  await pharmacy(nearRep, 'Farmacia Bari Senza Posizione', null);
  await pharmacy(nearRep, 'Farmacia Zeta Vicina', NAPLES);
  await pharmacy(nearRep, 'Farmacia Sempre Prima', NAPLES, [{ nextVisit: '2026-11-01' }]);
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/v1/register/rep/pharmacies: visit order', () => {
  it('puts overdue first (oldest first), then due today, then later (soonest first), then no next visit; today is the day in Rome', async () => {
    const response = await list(cookies.rep, rep.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Array.isArray(body)).toBe(true);
    expect(names(body)).toEqual([
      'Farmacia Novembre',
      // 20 November is still "today" in UTC; in Rome it is yesterday.
      'Farmacia Ieri',
      'Farmacia Oggi',
      'Farmacia Domani',
      'Farmacia Dicembre',
      'Farmacia Nessuna Data',
      'Farmacia Senza Visite',
    ]);
    expect(body.map((p: { nextVisit: string | null }) => p.nextVisit)).toEqual([
      '2026-11-03',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-12-02',
      null,
      null,
    ]);
  });

  it('gives each row its coordinates and its latest visit only', async () => {
    const body = (await list(cookies.rep, rep.id)).json();
    const noDate = body.find((p: { pharmacyName: string }) => p.pharmacyName === 'Farmacia Nessuna Data');
    expect(noDate).toMatchObject({
      id: ids.get('Farmacia Nessuna Data'),
      lat: ROME.lat,
      lng: ROME.lng,
      distanceKm: null,
      currentCallFlag: 'appointment_scheduled',
    });
    expect(noDate.callHistory).toEqual([
      {
        id: expect.any(String),
        at: '2026-10-01T09:00:00.000Z',
        callFlag: 'appointment_scheduled',
        month: 10,
        note: 'Richiamare',
        nextVisit: null,
        byName: `${rep.firstName} ${rep.lastName}`,
      },
    ]);
    expect(body.find((p: { pharmacyName: string }) => p.pharmacyName === 'Farmacia Senza Visite').callHistory).toEqual([]);
  });

  it("words each row as the visit form's record does: names, flag, pharmacist, latest visit", async () => {
    const id = ids.get('Farmacia Nessuna Data')!;
    await ctx.database.db
      .update(fieldPharmacies)
      .set({ pharmacistStatus: 'confirmed', confirmedAt: new Date('2026-11-02T10:15:30.123Z') })
      .where(eq(fieldPharmacies.id, id));
    const row = (await list(cookies.rep, rep.id)).json().find((p: { id: string }) => p.id === id);
    const record = (await ctx.app.inject({ method: 'GET', url: `/api/rep-get-pharmacy?id=${id}`, headers: { cookie: cookies.rep } })).json().data;
    expect(row.pharmacist).toEqual({ status: 'confirmed', confirmedAt: '2026-11-02T10:15:30.123Z' });
    expect(row).toEqual({
      id,
      pharmacyName: record.pharmacyName,
      fullAddress: record.fullAddress,
      callHistory: record.callHistory.slice(0, 1),
      currentCallFlag: record.currentCallFlag,
      pharmacist: record.pharmacist,
      nextVisit: null,
      lat: record.lat,
      lng: record.lng,
      distanceKm: null,
    });
  });

  it('orders ties by name without a position, and nearest first with one (no coordinates last)', async () => {
    const plain = (await list(cookies.nearRep, nearRep.id)).json();
    expect(names(plain)).toEqual([
      'Farmacia Sempre Prima',
      'Farmacia Alfa Milano',
      'Farmacia Beta Roma',
      'Farmacia Ancona Lontana',
      'Farmacia Bari Senza Posizione',
      'Farmacia Zeta Vicina',
    ]);
    expect(plain.every((p: { distanceKm: number | null }) => p.distanceKm === null)).toBe(true);

    const near = await list(cookies.nearRep, nearRep.id, `&lat=${ROME.lat}&lng=${ROME.lng}`);
    expect(near.statusCode).toBe(200);
    // The overdue one stays first though it is far: the due day comes before the distance.
    expect(names(near.json())).toEqual([
      'Farmacia Sempre Prima',
      'Farmacia Beta Roma',
      'Farmacia Alfa Milano',
      'Farmacia Zeta Vicina',
      'Farmacia Ancona Lontana',
      'Farmacia Bari Senza Posizione',
    ]);
    const distances = Object.fromEntries(near.json().map((p: { pharmacyName: string; distanceKm: number | null }) => [p.pharmacyName, p.distanceKm]));
    expect(distances['Farmacia Beta Roma']).toBe(0);
    expect(distances['Farmacia Alfa Milano']).toBeGreaterThan(470);
    expect(distances['Farmacia Alfa Milano']).toBeLessThan(485);
    expect(distances['Farmacia Bari Senza Posizione']).toBeNull();
  });

  it.each([
    ['a latitude out of range', '&lat=91&lng=12.5', { lat: 'validation.invalid' }],
    ['a longitude out of range', '&lat=41.9&lng=-181', { lng: 'validation.invalid' }],
    ['a position that is not a number', '&lat=roma&lng=12.5', { lat: 'validation.invalid' }],
    ['a latitude without a longitude', '&lat=41.9', { lng: 'validation.required' }],
    ['a longitude without a latitude', '&lng=12.5', { lat: 'validation.required' }],
  ])('refuses %s with 400', async (_label, query, errors) => {
    const response = await list(cookies.rep, rep.id, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'failed', errors });
    expect(response.body).not.toContain('Farmacia');
  });

  it("still refuses another rep's list, position or not", async () => {
    expect((await list(cookies.rep, nearRep.id, `&lat=${ROME.lat}&lng=${ROME.lng}`)).statusCode).toBe(403);
    expect((await list(cookies.manager, rep.id)).statusCode).toBe(200);
  });
});

describe('GET /api/rep-get-pharmacy: the last five visits', () => {
  it('carries the five latest visits newest first, with who, outcome, month, note and next visit; the manager still sees them all', async () => {
    const visits = Array.from({ length: 7 }, (_, i) => ({
      note: `Nota ${i + 1}`,
      nextVisit: `2026-12-0${i + 1}`,
      callFlag: i === 6 ? 'joined_unify' : 'interested_but_requires_another_visit',
    }));
    const id = await pharmacy(rep, 'Farmacia Storica', ROME, visits);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/rep-get-pharmacy?id=${id}`, headers: { cookie: cookies.rep } });
    expect(response.statusCode).toBe(200);
    const history = response.json().data.callHistory;
    expect(history.map((e: { note: string }) => e.note)).toEqual(['Nota 7', 'Nota 6', 'Nota 5', 'Nota 4', 'Nota 3']);
    expect(history[0]).toEqual({
      id: expect.any(String),
      at: '2026-10-01T14:00:00.000Z',
      callFlag: 'joined_unify',
      month: 10,
      note: 'Nota 7',
      nextVisit: '2026-12-07',
      byName: `${rep.firstName} ${rep.lastName}`,
    });
    const view = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-pharmacy?id=${id}`, headers: { cookie: cookies.manager } });
    expect(view.json().data.callHistory).toHaveLength(7);
  });

  it('carries an empty history for a pharmacy never visited', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/rep-get-pharmacy?id=${ids.get('Farmacia Senza Visite')}`,
      headers: { cookie: cookies.rep },
    });
    expect(response.json().data.callHistory).toEqual([]);
  });
});
