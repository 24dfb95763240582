// Files an earlier version kept under DATA_DIR/files move into the database at start: each row's
// bytes from its disk file, the disk file removed after; run again it does nothing, two servers
// at once move each file once, and a row whose file is missing is logged and kept.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../test/context.ts';
import { readFileContent } from './file-store.ts';
import { moveFilesIntoDatabase } from './move-into-database.ts';

let ctx: TestDatabase;
beforeAll(async () => {
  ctx = await createTestDatabase();
});
afterAll(async () => {
  await ctx?.close();
});

const FOLDER = { photo: 'photos', certificate: 'certificates' } as const;

/** A `files` row as an earlier version wrote it, and (unless `onDisk` is false) its file under DATA_DIR/files. */
async function onDiskFile(kind: 'photo' | 'certificate', options: { onDisk?: boolean; storageName?: string } = {}) {
  const storageName = options.storageName ?? `${randomBytes(16).toString('base64url')}.${kind === 'photo' ? 'jpg' : 'pdf'}`;
  const content = randomBytes(2_000 + Math.floor(Math.random() * 2_000));
  const [row] = await ctx.database.db
    .insert(files)
    .values({ kind, storageName, mime: kind === 'photo' ? 'image/jpeg' : 'application/pdf', bytes: content.length })
    .returning({ id: files.id });
  const dir = path.join(ctx.config.dataDir, 'files', FOLDER[kind]);
  const file = path.join(dir, storageName);
  if (options.onDisk !== false) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, content);
  }
  return { id: row!.id, storageName, content, file };
}

function recordingLog() {
  const lines: Array<{ level: 'info' | 'warn'; details: Record<string, unknown>; message: string }> = [];
  return {
    lines,
    info: (details: object, message: string) => lines.push({ level: 'info', details: details as Record<string, unknown>, message }),
    warn: (details: object, message: string) => lines.push({ level: 'warn', details: details as Record<string, unknown>, message }),
  };
}

describe('moveFilesIntoDatabase', () => {
  it('moves each file into the database, byte for byte, removes it from disk, and does nothing the second time', async () => {
    const photo = await onDiskFile('photo');
    const certificate = await onDiskFile('certificate');
    const log = recordingLog();

    const report = await moveFilesIntoDatabase(ctx.database.db, ctx.config.dataDir, log);
    expect(report).toEqual({ moved: 2, skipped: 0, missing: [] });
    for (const file of [photo, certificate]) {
      expect((await readFileContent(ctx.database.db, file.storageName))?.equals(file.content), file.storageName).toBe(true);
      expect(existsSync(file.file), file.file).toBe(false);
    }
    expect(log.lines).toEqual([{ level: 'info', details: { moved: 2, skipped: 0 }, message: expect.stringContaining('moved') }]);

    const again = recordingLog();
    expect(await moveFilesIntoDatabase(ctx.database.db, ctx.config.dataDir, again)).toEqual({ moved: 0, skipped: 0, missing: [] });
    expect(again.lines).toEqual([]);
    expect((await readFileContent(ctx.database.db, photo.storageName))?.equals(photo.content)).toBe(true);
  });

  it('moves each file once when two servers run it at the same moment', async () => {
    const waiting = await Promise.all(Array.from({ length: 12 }, (_, i) => onDiskFile(i % 3 ? 'photo' : 'certificate')));
    const [a, b] = await Promise.all([moveFilesIntoDatabase(ctx.database.db, ctx.config.dataDir), moveFilesIntoDatabase(ctx.database.db, ctx.config.dataDir)]);
    expect(a.moved + b.moved).toBe(12);
    expect([...a.missing, ...b.missing]).toEqual([]);
    for (const file of waiting) {
      expect((await readFileContent(ctx.database.db, file.storageName))?.equals(file.content), file.storageName).toBe(true);
      expect(existsSync(file.file)).toBe(false);
    }
  });

  it('logs and keeps a row whose file is not on disk, and follows no name it would not have made', async () => {
    const lost = await onDiskFile('photo', { onDisk: false });
    const hostile = await onDiskFile('certificate', { onDisk: false, storageName: '../../db.lock' });
    // A file outside DATA_DIR/files that a hostile name would reach.
    writeFileSync(path.join(ctx.config.dataDir, 'db.lock'), 'not a certificate');
    const log = recordingLog();

    const report = await moveFilesIntoDatabase(ctx.database.db, ctx.config.dataDir, log);
    expect(report.moved).toBe(0);
    expect(report.missing.sort()).toEqual([lost.id, hostile.id].sort());
    expect(log.lines).toEqual([
      { level: 'warn', details: { missing: 2, fileIds: expect.arrayContaining([lost.id, hostile.id]) }, message: expect.stringContaining('rows kept') },
    ]);
    expect(
      await ctx.database.db
        .select({ id: files.id })
        .from(files)
        .where(inArray(files.id, [lost.id, hostile.id])),
    ).toHaveLength(2);
    expect(existsSync(path.join(ctx.config.dataDir, 'db.lock'))).toBe(true);

    // Once the file turns up (restored from a backup, say), the next start moves it.
    mkdirSync(path.dirname(lost.file), { recursive: true });
    writeFileSync(lost.file, lost.content);
    expect((await moveFilesIntoDatabase(ctx.database.db, ctx.config.dataDir)).moved).toBe(1);
    expect((await readFileContent(ctx.database.db, lost.storageName))?.equals(lost.content)).toBe(true);
    await ctx.database.db.delete(files).where(eq(files.id, hostile.id));
  });
});
