// Temp photos that no application claimed within TEMP_UPLOAD_TTL_HOURS are deleted (the row, and
// its bytes with it), unless a draft that has not expired yet, or a field-force pharmacy
// (answers.photo), refers to them.
import { and, eq, gt, isNull, lt, notExists, sql } from 'drizzle-orm';
import { TEMP_UPLOAD_TTL_HOURS } from '#shared/limits.ts';
import type { Database } from '../../db/client.ts';
import { drafts, fieldPharmacies, files } from '../../db/schema.ts';

export async function purgeTempPhotos(db: Database, now = new Date(), ttlHours = TEMP_UPLOAD_TTL_HOURS): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ttlHours * 3600_000);
  // One statement: a save that links the photo at the same moment either wins (row kept) or finds no row.
  const deleted = await db
    .delete(files)
    .where(
      and(
        eq(files.kind, 'photo'),
        isNull(files.applicationId),
        lt(files.createdAt, cutoff),
        notExists(
          db
            .select({ one: drafts.id })
            .from(drafts)
            .where(and(eq(drafts.photo, files.storageName), gt(drafts.expiresAt, now))),
        ),
        notExists(
          db
            .select({ one: fieldPharmacies.id })
            .from(fieldPharmacies)
            .where(sql`${fieldPharmacies.answers} ->> 'photo' = ${files.storageName}`),
        ),
      ),
    )
    .returning({ storageName: files.storageName });
  return deleted.map((d) => d.storageName);
}
