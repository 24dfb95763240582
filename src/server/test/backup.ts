// Backup and restore tests: a database worth backing up, and every row of it as text to compare.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { backedUpTables } from '../db/backup/tables.ts';
import { rowsOf, type Database } from '../db/client.ts';
import { appSecrets, applications, fileContents, files } from '../db/schema.ts';

/** Every backed-up table's rows as PostgreSQL prints them (generated columns too), sorted. */
export async function databaseSnapshot(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    await tx.execute(sql`set local bytea_output = 'hex'`);
    const snapshot: Record<string, string[]> = {};
    for (const table of await backedUpTables(tx)) {
      const rows = rowsOf<{ line: string }>(await tx.execute(sql`select row_to_json(t)::text as line from ${sql.identifier(table.name)} t`));
      snapshot[table.name] = rows.map((row) => row.line).sort();
    }
    return snapshot;
  });
}

/** Photo bytes with every byte value in them (not a real image: the bytes are what must survive). */
export const photoBytes = (size = 64 * 1024) => Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(size)]);

/** A stored photo of an application, its bytes in the database as the fleet keeps them; the application listed. */
export async function storeListedPhoto(db: Database, applicationId: string, content: Buffer): Promise<string> {
  const storageName = `${randomBytes(16).toString('base64url')}.jpg`;
  const [file] = await db
    .insert(files)
    .values({ kind: 'photo', storageName, mime: 'image/jpeg', originalMime: 'image/jpeg', bytes: content.length, applicationId, linkedAt: new Date() })
    .returning({ id: files.id });
  await db.insert(fileContents).values({ fileId: file!.id, content });
  await db.update(applications).set({ photo: storageName, status: 'approved' }).where(eq(applications.id, applicationId));
  return storageName;
}

/** A generated key, as the server keeps them in app_secrets. */
export async function storeSecret(db: Database, name: string): Promise<string> {
  const value = randomBytes(32).toString('base64url');
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
  return value;
}

/** A backup file's lines, uncompressed, the end line last. */
export const backupLines = (file: string): string[] => gunzipSync(readFileSync(file)).toString('utf8').replace(/\n$/, '').split('\n');

/** Lines (the end line last) written as a backup file, as they are. */
export const writeBackupLines = (file: string, lines: string[]) => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));

/** Backup lines with the end line made to agree with the lines before it again (row counts and checksum), as a careful editor would. */
export function resealed(lines: string[]): string[] {
  const body = lines.slice(0, -1);
  const rows: Record<string, number> = {};
  let table = '';
  for (const line of body.slice(1)) {
    if (line.startsWith('{"$":"table"')) rows[(table = (JSON.parse(line) as { name: string }).name)] = 0;
    else rows[table]! += 1;
  }
  const sha256 = createHash('sha256')
    .update(body.map((line) => `${line}\n`).join(''))
    .digest('hex');
  return [...body, JSON.stringify({ ...(JSON.parse(lines.at(-1)!) as object), rows, sha256 })];
}
