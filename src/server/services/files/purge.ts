// Temp photos that no application claimed within TEMP_UPLOAD_TTL_HOURS are deleted, row and file,
// unless a draft that has not expired yet still refers to them.
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, gt, isNull, lt, notExists } from 'drizzle-orm';
import { TEMP_UPLOAD_TTL_HOURS } from '#shared/limits.ts';
import type { Database } from '../../db/client.ts';
import { drafts, files } from '../../db/schema.ts';

export async function purgeTempPhotos(db: Database, photosDir: string, now = new Date(), ttlHours = TEMP_UPLOAD_TTL_HOURS): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ttlHours * 3600_000);
  // Row first: a save that links the photo at the same moment either wins (row kept) or finds no row.
  const deleted = await db
    .delete(files)
    .where(
      and(
        eq(files.kind, 'photo'),
        isNull(files.applicationId),
        lt(files.createdAt, cutoff),
        notExists(db.select({ one: drafts.id }).from(drafts).where(and(eq(drafts.photo, files.storageName), gt(drafts.expiresAt, now)))),
      ),
    )
    .returning({ storageName: files.storageName });
  for (const { storageName } of deleted) {
    await unlink(path.join(photosDir, path.basename(storageName))).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  return deleted.map((d) => d.storageName);
}
