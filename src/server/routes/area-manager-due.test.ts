// The area manager's "due for a visit" filter counts days as Rome does, as the rep's list does:
// just after midnight in Italy it is already the next day, while UTC is still on the last one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callEntries, fieldPharmacies } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
// 00:30 on 11 March in Rome (CET, UTC+1), still 10 March in UTC; far ahead of the database's own clock.
const clock = new Date('2999-03-10T23:30:00Z');

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
});

it('lists as due the visits planned for today in Rome, not those of tomorrow', async () => {
  const manager = await addStaff(ctx, 'area_manager');
  const { cookie } = await signIn(ctx, manager);
  const rows = await ctx.database.db
    .insert(fieldPharmacies)
    .values(['Farmacia Oggi', 'Farmacia Domani'].map((name, i) => ({ areaManagerId: manager.id, name, fullAddress: `Via ${i}` })))
    .returning();
  await ctx.database.db.insert(callEntries).values([
    { pharmacyId: rows[0]!.id, at: new Date('2999-03-01T10:00:00Z'), callFlag: 'appointment_scheduled', nextVisit: '2999-03-11' },
    { pharmacyId: rows[1]!.id, at: new Date('2999-03-01T10:00:00Z'), callFlag: 'appointment_scheduled', nextVisit: '2999-03-12' },
  ]);
  const response = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-pharmacies?id=${manager.id}&due=1`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().data.map((p: { pharmacyName: string }) => p.pharmacyName)).toEqual(['Farmacia Oggi']);
});
