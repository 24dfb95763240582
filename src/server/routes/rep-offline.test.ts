// GET /api/rep-offline-pharmacies (issue 24 item 2, decision 0026): every pharmacy assigned to the
// rep, each exactly as GET /api/rep-get-pharmacy answers it (its last five visits included), for
// the rep's phone to keep; only the rep's own, or their manager's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEntries, fieldPharmacies } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';

let ctx: TestContext;
let rep: StaffUser;
let otherRep: StaffUser;
let manager: StaffUser;
const cookies = {} as Record<'rep' | 'otherRep' | 'manager', string>;
const ids: string[] = [];

async function pharmacy(salesRep: StaffUser, name: string, visits: number) {
  const [row] = await ctx.database.db
    .insert(fieldPharmacies)
    .values({
      areaManagerId: manager.id,
      salesRepId: salesRep.id,
      name,
      fullAddress: `${name}, Roma`,
      city: 'Roma',
      region: 'lazio',
      province: 'RM',
      answers: { email: `${name.replace(/\W/g, '')}@example.it`, agreementCheck1: true },
    })
    .returning({ id: fieldPharmacies.id });
  for (let i = 0; i < visits; i++) {
    await ctx.database.db.insert(callEntries).values({
      pharmacyId: row!.id,
      at: new Date(Date.UTC(2026, 9, 1, 8 + i)),
      byUserId: salesRep.id,
      callFlag: 'appointment_scheduled',
      month: 10,
      note: `Visita ${i + 1}`,
    });
  }
  return row!.id;
}

const pack = (cookie: string, repId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/rep-offline-pharmacies?assignedreptoken=${repId}`, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await addStaff(ctx, 'area_manager');
  rep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
  otherRep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
  cookies.rep = (await signIn(ctx, rep)).cookie;
  cookies.otherRep = (await signIn(ctx, otherRep)).cookie;
  cookies.manager = (await signIn(ctx, manager)).cookie;
  ids.push(await pharmacy(rep, 'Farmacia Sette Visite', 7), await pharmacy(rep, 'Farmacia Nuova', 0));
  await pharmacy(otherRep, 'Farmacia Altrui', 2);
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/rep-offline-pharmacies', () => {
  it('gives every assigned pharmacy as the visit form reads it, with its last five visits, and nothing of another rep', async () => {
    const response = await pack(cookies.rep, rep.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const data = response.json().data as { id: string; pharmacyName: string; callHistory: { note: string }[] }[];
    expect(data.map((p) => p.id).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const one = (await ctx.app.inject({ method: 'GET', url: `/api/rep-get-pharmacy?id=${id}`, headers: { cookie: cookies.rep } })).json().data;
      expect(data.find((p) => p.id === id)).toEqual(one);
    }
    const busy = data.find((p) => p.pharmacyName === 'Farmacia Sette Visite')!;
    expect(busy.callHistory.map((e) => e.note)).toEqual(['Visita 7', 'Visita 6', 'Visita 5', 'Visita 4', 'Visita 3']);
    expect(data.find((p) => p.pharmacyName === 'Farmacia Nuova')!.callHistory).toEqual([]);
  });

  it('refuses another rep (403) and nobody signed in (401); the rep’s manager may read it', async () => {
    expect((await pack(cookies.otherRep, rep.id)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/rep-offline-pharmacies?assignedreptoken=${rep.id}` })).statusCode).toBe(401);
    expect((await pack(cookies.manager, rep.id)).statusCode).toBe(200);
  });

  it('is empty for a rep with no pharmacy', async () => {
    const lone = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
    const response = await pack((await signIn(ctx, lone)).cookie, lone.id);
    expect(response.json()).toMatchObject({ status: 'ok', data: [] });
  });
});
