// The CSV export's stored records: every write of a field pharmacy stores its record in the current
// format, rows without one (or of an older format) export the same bytes and are rendered by the
// refresh, and the rep's name is read at export time.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPharmacies, staffUsers } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { readCsv } from '../../test/csv.ts';
import { addStaff } from '../../test/staff.ts';
import type { StaffUser } from '../auth/staff-users.ts';
import { accordCsvStream, EXPORT_FORMAT, exportLineOf } from './accord-csv.ts';
import { createAreaManagerPharmacies } from './area-manager-pharmacies.ts';
import { refreshStaleExportLines } from './export-lines.ts';
import { createRepVisits } from './rep-visits.ts';

let ctx: TestContext;
let manager: StaffUser;
let rep: StaffUser;
let store: ReturnType<typeof createAreaManagerPharmacies>;
/** These tests are about the export records: nobody is asked to confirm. */
const NO_CONFIRMATION = { askIfNew: async () => undefined };

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await addStaff(ctx, 'area_manager');
  rep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
  store = createAreaManagerPharmacies(ctx.database.db, null as never, NO_CONFIRMATION, () => new Date());
});
afterAll(async () => {
  await ctx?.close();
});

const rowOf = async (id: string) => (await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id)))[0]!;

/** The stored record is the one rendered from the row as it stands now. */
async function expectStoredRecordCurrent(id: string) {
  const row = await rowOf(id);
  expect(row.exportFormat).toBe(EXPORT_FORMAT);
  expect({ head: row.exportHead, tail: row.exportTail }).toEqual(exportLineOf(row));
  return row;
}

async function exported(areaManagerId: string): Promise<string> {
  let text = '';
  for await (const chunk of accordCsvStream(ctx.database.db, areaManagerId)) text += String(chunk);
  return text;
}

describe('stored export records', () => {
  it('are stored by adding a pharmacy, editing it and a rep’s visit, each in the current format', async () => {
    const payload = {
      whereYouWork: 'Farmacia Salvata',
      address: 'Via Roma 1, 00100 Roma RM',
      placeId: 'lines:1',
      lat: 41.9,
      lng: 12.5,
      city: 'Roma',
      region: 'lazio',
      prov: 'RM',
      salesRep: rep.id,
      oncStatus: 'registered',
      email: 'titolare@example.it',
    };
    const created = await store.create(manager.id, payload, { recordedBy: { userId: manager.id, language: 'it', linkBase: null } });
    if (!created.ok) throw new Error('not created');
    expect((await expectStoredRecordCurrent(created.id)).exportHead).toContain('Farmacia Salvata');

    await store.updateDetails(await rowOf(created.id), { ...payload, whereYouWork: 'Farmacia Rinominata' });
    expect((await expectStoredRecordCurrent(created.id)).exportHead).toContain('Farmacia Rinominata');

    const visits = createRepVisits(ctx.database.db, NO_CONFIRMATION);
    await visits.record({
      payload: { pharmacyId: created.id, callFlag: 'interested_but_requires_another_visit', month: 3, services: 'Galenica' },
      byUserId: rep.id,
      route: 'PUT /api/rep-update-pharmacy',
      recordedBy: { userId: rep.id, language: 'it', linkBase: null },
    });
    const visited = await expectStoredRecordCurrent(created.id);
    expect(visited.exportTail).toContain('interested_but_requires_another_visit');
    expect(visited.exportTail).toContain('Galenica');
  });

  it('export the same bytes whether stored, missing or of an older format, and the refresh stores the missing ones once', async () => {
    const other = await addStaff(ctx, 'area_manager');
    const otherRep = await addStaff(ctx, 'sales_rep', { areaManagerId: other.id });
    await ctx.database.db.insert(fieldPharmacies).values(
      ['Farmacia “Uno”; Città', 'Farmacia "Due"\nA capo', '=HYPERLINK("x")'].map((name, i) => ({
        areaManagerId: other.id,
        salesRepId: i < 2 ? otherRep.id : null,
        name,
        fullAddress: `Via ${i}`,
        lat: 41.900000999999996,
        lng: -0,
        month: i + 1,
        answers: { email: '+39@example.it', firstName2: 'Anna', lastName2: 'Rè', agreementCheck1: true },
      })),
    );
    const rendered = await exported(other.id);
    expect(readCsv(rendered.slice(1), ';')).toHaveLength(4);

    expect(await refreshStaleExportLines(ctx.database.db, 2)).toBeGreaterThanOrEqual(3);
    const rows = await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.areaManagerId, other.id));
    for (const row of rows) await expectStoredRecordCurrent(row.id);
    expect(await exported(other.id)).toBe(rendered);
    expect(await refreshStaleExportLines(ctx.database.db)).toBe(0);

    // A record of another format is not read: the row is rendered from its fields.
    await ctx.database.db
      .update(fieldPharmacies)
      .set({ exportFormat: 'old', exportHead: 'stale;', exportTail: ';stale\r\n' })
      .where(eq(fieldPharmacies.areaManagerId, other.id));
    expect(await exported(other.id)).toBe(rendered);
    expect(await refreshStaleExportLines(ctx.database.db)).toBe(3);
    expect(await exported(other.id)).toBe(rendered);
  });

  it('are marked stale by an update that changes the row but not its record, so the export never shows an old value', async () => {
    const created = await store.create(
      manager.id,
      { whereYouWork: 'Farmacia Vecchia', address: 'Via 3', placeId: 'lines:3', email: 'vecchia@example.it' },
      { recordedBy: { userId: manager.id, language: 'it', linkBase: null } },
    );
    if (!created.ok) throw new Error('not created');
    await ctx.database.db
      .update(fieldPharmacies)
      .set({ answers: { email: 'nuova@example.it' } })
      .where(eq(fieldPharmacies.id, created.id));
    expect((await rowOf(created.id)).exportFormat).toBeNull();
    const text = await exported(manager.id);
    expect(text).toContain('nuova@example.it');
    expect(text).not.toContain('vecchia@example.it');
    // An update of what the record does not show (the rep, the time of the change) leaves it as it is.
    await refreshStaleExportLines(ctx.database.db);
    await ctx.database.db.update(fieldPharmacies).set({ salesRepId: null, updatedAt: new Date() }).where(eq(fieldPharmacies.id, created.id));
    expect((await rowOf(created.id)).exportFormat).toBe(EXPORT_FORMAT);
  });

  it('carry no rep name: the export writes the rep’s name as it is now', async () => {
    const created = await store.create(
      manager.id,
      { whereYouWork: 'Farmacia del Rep', address: 'Via 2', placeId: 'lines:2', salesRep: rep.id },
      { recordedBy: { userId: manager.id, language: 'it', linkBase: null } },
    );
    if (!created.ok) throw new Error('not created');
    await ctx.database.db.update(staffUsers).set({ firstName: 'Rosa', lastName: '=Nuova' }).where(eq(staffUsers.id, rep.id));
    const [header, ...rows] = readCsv((await exported(manager.id)).slice(1), ';');
    const row = rows.find((cells) => cells[header!.indexOf('pharmacyName')] === 'Farmacia del Rep')!;
    expect(row[header!.indexOf('salesRep')]).toBe('Rosa =Nuova');
    expect(await ctx.database.db.execute(sql`select 1 from ${fieldPharmacies} where export_head like '%Rosa%' or export_tail like '%Rosa%'`)).toMatchObject({
      rows: [],
    });
  });
});
