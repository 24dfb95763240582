// Each field pharmacy's CSV export record is rendered when the row is written and stored with it
// (export_head, export_tail, export_format), so the export copies stored text rather than
// rendering forty cells per row. A new field pharmacy is inserted with exportColumnsOf(the row),
// and every change goes through updateFieldPharmacy, which writes the record in the same statement; rows stored in an older format (the form gained a field, say) are
// rendered again by refreshStaleExportLines, which the server runs at start and every hour. Until
// then the export renders such rows itself (accord-csv.ts), so its output never
// depends on it. A trigger (migration 0014) marks a record stale when an update changes the row
// but not the record, so a write that forgets exportColumnsOf cannot export an old value.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { fieldPharmacies } from '../../db/schema.ts';
import { EXPORT_FORMAT, exportLineOf, type ExportSource } from './accord-csv.ts';
import type { FieldPharmacy } from './pharmacy-row.ts';

/** Stores the rows' records; a row another writer has rendered since is left as it is. */
async function storeLines(db: Database, rows: FieldPharmacy[]): Promise<void> {
  if (rows.length === 0) return;
  const lines = JSON.stringify(rows.map((row) => ({ id: row.id, ...exportLineOf(row) })));
  await db.execute(sql`
    update ${fieldPharmacies} p set export_head = v.head, export_tail = v.tail, export_format = ${EXPORT_FORMAT}
    from json_to_recordset(${lines}::json) as v(id uuid, head text, tail text)
    where p.id = v.id and p.export_format is distinct from ${EXPORT_FORMAT}`);
}

/** The export columns of a row about to be written: spread them into the insert's or update's values. */
export function exportColumnsOf(row: ExportSource) {
  const { head, tail } = exportLineOf(row);
  return { exportHead: head, exportTail: tail, exportFormat: EXPORT_FORMAT };
}

/**
 * Updates one field pharmacy under its row lock, its export record in the same statement: the one
 * way the app changes a field pharmacy. `changesOf` gets the row as it is; answers that row.
 */
export async function updateFieldPharmacy(tx: Transaction, id: string, changesOf: (current: FieldPharmacy) => Partial<FieldPharmacy>): Promise<FieldPharmacy> {
  const [current] = await tx.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id)).for('update');
  if (!current) throw new Error(`field pharmacy ${id} vanished`);
  const changes = { ...changesOf(current), updatedAt: new Date() };
  await tx
    .update(fieldPharmacies)
    .set({ ...changes, ...exportColumnsOf({ ...current, ...changes }) })
    .where(eq(fieldPharmacies.id, id));
  return current;
}

/** Renders every record that is missing or of an older format, `size` rows at a time in id order, then vacuums; answers how many. */
export async function refreshStaleExportLines(db: Database, size = 1000): Promise<number> {
  let rendered = 0;
  let after = '';
  for (;;) {
    const stale = sql`${fieldPharmacies.exportFormat} is distinct from ${EXPORT_FORMAT}`;
    const rows = await db
      .select()
      .from(fieldPharmacies)
      .where(after ? and(stale, gt(fieldPharmacies.id, after)) : stale)
      .orderBy(asc(fieldPharmacies.id))
      .limit(size);
    if (rows.length === 0) {
      // Each record rendered left a dead row version behind, and PGlite runs no autovacuum: the
      // export would read through them all.
      if (rendered > 0) await db.execute(sql`vacuum analyze ${fieldPharmacies}`);
      return rendered;
    }
    await storeLines(db, rows);
    rendered += rows.length;
    after = rows.at(-1)!.id;
  }
}
