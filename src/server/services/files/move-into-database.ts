// Files that an earlier version wrote under DATA_DIR/files/{photos,certificates} move into the
// database at start (main.ts, after the migrations), once: each `files` row without bytes gets
// them from its disk file, and only once that insert has committed is the disk file removed.
// Several servers may run this at once on one database: an insert that another server made first
// does nothing, and a file another server already moved is not counted as missing.
import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { eq, notExists } from 'drizzle-orm';
import { databaseErrorOf, type Database } from '../../db/client.ts';
import { fileContents, files } from '../../db/schema.ts';
import { byteaOf, sha256Of, STORAGE_NAME } from './file-store.ts';

const FOLDER_OF_KIND = { photo: 'photos', certificate: 'certificates' } as const;
const FOREIGN_KEY_VIOLATION = '23503';

export interface MoveReport {
  /** Files whose bytes this run inserted. */
  moved: number;
  /** Files that another server moved, or whose row was deleted meanwhile (their disk file is removed all the same). */
  skipped: number;
  /** Ids of rows that have no bytes and no readable disk file: kept, and logged. */
  missing: string[];
}

interface MoveLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const removeDiskFile = (file: string) =>
  unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });

const hasContent = async (db: Database, fileId: string) =>
  (await db.select({ fileId: fileContents.fileId }).from(fileContents).where(eq(fileContents.fileId, fileId))).length > 0;

export async function moveFilesIntoDatabase(db: Database, dataDir: string, log?: MoveLog): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, skipped: 0, missing: [] };
  const waiting = await db
    .select({ id: files.id, kind: files.kind, storageName: files.storageName })
    .from(files)
    .where(notExists(db.select({ one: fileContents.fileId }).from(fileContents).where(eq(fileContents.fileId, files.id))));
  for (const row of waiting) {
    // A name this server never makes is no path to follow.
    if (!STORAGE_NAME.test(row.storageName)) {
      report.missing.push(row.id);
      continue;
    }
    const file = path.join(dataDir, 'files', FOLDER_OF_KIND[row.kind], row.storageName);
    const content = await readFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!content) {
      if (await hasContent(db, row.id)) report.skipped++;
      else report.missing.push(row.id);
      continue;
    }
    try {
      const inserted = await db
        .insert(fileContents)
        .values({ fileId: row.id, content: byteaOf(content) })
        .onConflictDoNothing()
        .returning({ fileId: fileContents.fileId });
      if (inserted.length) {
        report.moved++;
        await db
          .update(files)
          .set({ sha256: sha256Of(content) })
          .where(eq(files.id, row.id));
      } else report.skipped++;
    } catch (error) {
      // The row was deleted since it was read (a purge on another server): its file goes too.
      if (databaseErrorOf(error)?.code !== FOREIGN_KEY_VIOLATION) throw error;
      report.skipped++;
    }
    await removeDiskFile(file);
  }
  if (report.moved || report.skipped) log?.info({ moved: report.moved, skipped: report.skipped }, 'moved uploaded files from DATA_DIR/files into the database');
  if (report.missing.length) {
    log?.warn(
      { missing: report.missing.length, fileIds: report.missing.slice(0, 20) },
      'uploaded files with neither bytes in the database nor a file under DATA_DIR/files: rows kept',
    );
  }
  return report;
}
