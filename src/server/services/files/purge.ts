// Temp photos that no application claimed within TEMP_UPLOAD_TTL_HOURS are deleted, row and file,
// unless a draft that has not expired yet, or a field-force pharmacy (answers.photo), refers to them. Files that a crash or a full disk
// left behind (`.part` files, files without a row) are swept once they are an hour old.
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, gt, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { TEMP_UPLOAD_TTL_HOURS } from '#shared/limits.ts';
import type { Database } from '../../db/client.ts';
import { drafts, fieldPharmacies, files } from '../../db/schema.ts';
import { PARTIAL_SUFFIX } from './write-file-atomically.ts';

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
        notExists(db.select({ one: fieldPharmacies.id }).from(fieldPharmacies).where(sql`${fieldPharmacies.answers} ->> 'photo' = ${files.storageName}`)),
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

/**
 * A file is written before its row (photos) or its transaction (certificates) and never takes
 * longer than a request, so an hour-old file without a row was left by a crash or a failed save.
 */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;
const LOOKUP_BATCH = 500;

const removeFile = (file: string) =>
  unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });

/** Removes, from each folder, `.part` files and files that no `files` row names, older than `maxAgeMs`; returns their paths. */
export async function sweepLeftoverFiles(db: Database, dirs: string[], now = new Date(), maxAgeMs = LEFTOVER_AGE_MS): Promise<string[]> {
  const cutoff = now.getTime() - maxAgeMs;
  const removed: string[] = [];
  for (const dir of dirs) {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const old: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const info = await stat(path.join(dir, entry.name)).catch(() => null);
      if (info && info.mtimeMs < cutoff) old.push(entry.name);
    }
    const partial = old.filter((name) => name.endsWith(PARTIAL_SUFFIX));
    const whole = old.filter((name) => !name.endsWith(PARTIAL_SUFFIX));
    const known = new Set<string>();
    for (let i = 0; i < whole.length; i += LOOKUP_BATCH) {
      const rows = await db.select({ storageName: files.storageName }).from(files).where(inArray(files.storageName, whole.slice(i, i + LOOKUP_BATCH)));
      for (const row of rows) known.add(row.storageName);
    }
    for (const name of [...partial, ...whole.filter((n) => !known.has(n))]) {
      await removeFile(path.join(dir, name));
      removed.push(path.join(dir, name));
    }
  }
  return removed;
}
