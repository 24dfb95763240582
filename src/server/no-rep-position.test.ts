// Issue 42 item 7 (docs/decisions/0073): what is recorded about a rep is the visits they recorded,
// never where they were. A rep records a visit with their own position added every way a client
// could send it (the visit's body, its query, the list's query); the visit is saved, the position
// is in no row of any table, and no column of a visit can hold one. The web side is
// src/web/features/staff/rep/no-rep-position.test.ts; the patients' rule is no-patient-location.test.ts.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/client.ts';
import { callEntries, fieldPharmacies } from './db/schema.ts';
import { createTestContext, type TestContext } from './test/context.ts';
import { addStaff, signIn } from './test/staff.ts';

let ctx: TestContext;
let cookie = '';
let repId = '';
let pharmacyId = '';
// Where the rep stands (Milan), with digits found nowhere else.
const REP_AT = { lat: 45.4641234, lng: 9.1897654 };
const TRACES = ['4641234', '1897654', '45.4641', '9.18976'];
// The pharmacy's pin, from the place the rep picks (Rome).
const PLACE = { placeId: 'fixture:it:rep-position', lat: 41.9, lng: 12.5, address: 'Via del Corso 10, 00186 Roma RM, Italia' };

beforeAll(async () => {
  ctx = await createTestContext();
  const manager = await addStaff(ctx, 'area_manager');
  const rep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
  repId = rep.id;
  cookie = (await signIn(ctx, rep)).cookie;
  const [row] = await ctx.database.db
    .insert(fieldPharmacies)
    .values({ areaManagerId: manager.id, salesRepId: rep.id, name: 'Farmacia del Corso', fullAddress: 'Via del Corso 10, 00186 Roma RM' })
    .returning({ id: fieldPharmacies.id });
  pharmacyId = row!.id;
});
afterAll(() => ctx?.close());

async function everyRow(): Promise<string[]> {
  const { db } = ctx.database;
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`),
  );
  const rows: string[] = [];
  for (const table of tables) {
    const found = rowsOf<{ row: string }>(await db.execute(sql`select t::text as row from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} as t`));
    rows.push(...found.map((r) => `${table.schema}.${table.name}: ${r.row}`));
  }
  return rows;
}

describe("a rep's position", () => {
  it('is ignored when a visit sends it, and kept nowhere', async () => {
    const position = {
      latitude: REP_AT.lat,
      longitude: REP_AT.lng,
      repLat: REP_AT.lat,
      repLng: REP_AT.lng,
      accuracy: 12,
      position: REP_AT,
      coords: { latitude: REP_AT.lat, longitude: REP_AT.lng },
      geolocation: `${REP_AT.lat},${REP_AT.lng}`,
    };
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/rep-update-pharmacy?lat=${REP_AT.lat}&lng=${REP_AT.lng}`,
      headers: { cookie },
      payload: { pharmacyId, callFlag: 'interested_but_requires_another_visit', month: '3', note: 'Passata in mattinata', ...PLACE, ...position },
    });
    expect(saved.statusCode).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/register/rep/pharmacies?assignedreptoken=${repId}&lat=${REP_AT.lat}&lng=${REP_AT.lng}`,
      headers: { cookie },
    });
    expect(list.statusCode).toBe(200);

    // The visit was recorded, with the pharmacy's pin from the place.
    expect(await ctx.database.db.select({ note: callEntries.note }).from(callEntries).where(eq(callEntries.pharmacyId, pharmacyId))).toEqual([
      { note: 'Passata in mattinata' },
    ]);
    const rows = await everyRow();
    expect(rows.some((row) => row.includes('Passata in mattinata'))).toBe(true);
    for (const trace of TRACES)
      expect(
        rows.filter((row) => row.includes(trace)),
        trace,
      ).toEqual([]);
  });

  it('has no column in the table of visits', async () => {
    const columns = rowsOf<{ name: string; type: string }>(
      await ctx.database.db.execute(
        sql`select column_name as name, data_type as type from information_schema.columns where table_name = 'call_entries' order by ordinal_position`,
      ),
    );
    expect(columns.map((c) => c.name)).toEqual(['id', 'pharmacy_id', 'at', 'by_user_id', 'call_flag', 'month', 'note', 'next_visit']);
    expect(
      columns.filter((c) => /lat|lng|lon|geo|position|coord|location|accuracy/i.test(c.name) || /double|real|numeric|point|geometry|geography/i.test(c.type)),
    ).toEqual([]);
  });
});
