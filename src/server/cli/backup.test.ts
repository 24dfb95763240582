// npm run backup / npm run restore in process: a database with applications, a stored photo, staff
// and field pharmacies goes through a backup file into an empty embedded database, and onto
// PostgreSQL and back; refusals change nothing. The whole-process cases (a running server) are in
// test/resilience/backup-server.test.ts.
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { and, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig, type Config } from '../config.ts';
import { writeBackup } from '../db/backup/write-backup.ts';
import { journalEntries } from '../db/backup/tables.ts';
import { openDatabase } from '../db/client.ts';
import { lockFileOf, type LockHolder } from '../db/lock.ts';
import { fileContents, mailOutbox, rateLimitHits, staffUsers } from '../db/schema.ts';
import { databaseSnapshot, photoBytes, storeListedPhoto, storeSecret } from '../test/backup.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { submitApplication } from '../test/listings.ts';
import { createTempDatabase } from '../test/postgres.ts';
import { runBackupCommand } from './backup-cli.ts';
import { runRestoreCommand } from './restore-cli.ts';
import { seedDemo } from './seed-demo.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'champions-backup-'));

let source: TestContext;
let expected: Record<string, string[]>;
const photo = photoBytes();
let photoName: string;
const sourceFile = path.join(work, 'source.backup.gz');

function capture() {
  const lines: string[] = [];
  return { lines, text: () => lines.join('\n'), out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
}

const embeddedConfig = (dir: string): Config => testConfig({ database: { kind: 'pglite', dataDir: path.join(dir, 'db') } });

async function snapshotOf(config: Config) {
  const database = await openDatabase(config);
  try {
    return await databaseSnapshot(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  // The backups under test are taken on the embedded database, whatever TEST_DB says.
  source = await createTestContext({}, {}, null);
  const { db } = source.database;
  await seedDemo(db, source.app.services.auth, 'http://localhost:3000/it'); // staff (reps refer to managers), field pharmacies, visits
  const listed = await submitApplication(source, 'uk');
  await submitApplication(source, 'it');
  photoName = await storeListedPhoto(db, listed.id, photo);
  await storeSecret(db, 'staffSecretKey');
  await db.insert(rateLimitHits).values({ key: 'k', count: 3, resetsAt: new Date() });
  // The app sends its queued mail in the background: the snapshot and the backup must see the
  // outbox at rest, not one before a send and the other after it.
  await vi.waitFor(async () => expect(await db.$count(mailOutbox, and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)))).toBe(0), { timeout: 30_000, interval: 50 });
  expected = await databaseSnapshot(db);
  await new Promise<void>((resolve, reject) => {
    const file = createWriteStream(sourceFile);
    writeBackup(db, file).then(() => resolve(), reject);
  });
}, 120_000);

afterAll(async () => {
  await source?.close();
});

describe('a backup', () => {
  it('is gzip JSON lines: a header naming the source and its migration, each table in foreign-key order, an end line with the counts', () => {
    const lines = gunzipSync(readFileSync(sourceFile)).toString('utf8').trim().split('\n');
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({ $: 'header', format: 'pharmacy-champions-backup', version: 1, source: 'pglite', migration: { tag: journalEntries().at(-1)!.tag } });
    const tables = lines.filter((l) => l.startsWith('{"$":"table"')).map((l) => JSON.parse(l).name as string);
    expect(tables).not.toContain('rate_limit_hits');
    expect(tables).not.toContain('scheduled_jobs');
    expect(tables.indexOf('staff_users')).toBeLessThan(tables.indexOf('field_pharmacies'));
    expect(tables.indexOf('files')).toBeLessThan(tables.indexOf('file_contents'));
    expect(tables.indexOf('pharmacies')).toBeLessThan(tables.indexOf('applications'));
    const end = JSON.parse(lines.at(-1)!);
    expect(end.rows).toMatchObject({ applications: 2, file_contents: 1, app_secrets: expect.any(Number), staff_users: 6, field_pharmacies: 40 });
    // The generated columns are computed again on restore, not carried.
    expect(lines.find((l) => l.startsWith('{"$":"table","name":"applications"'))).not.toContain('"lat"');
  });
});

describe('npm run restore', () => {
  const restored = path.join(work, 'restored');

  it('restores into an empty DATA_DIR: the same rows, the photo byte for byte, the left-out cache empty', { timeout: 60_000 }, async () => {
    const run = capture();
    expect(await runRestoreCommand(['--from', sourceFile], run.out, embeddedConfig(restored)), run.text()).toBe(0);
    expect(run.text()).toMatch(/Restored \d+ rows in \d+ tables/);
    expect(existsSync(lockFileOf(path.join(restored, 'db')))).toBe(false);

    const database = await openDatabase(embeddedConfig(restored));
    try {
      expect(await databaseSnapshot(database.db)).toEqual(expected);
      const [stored] = await database.db.select().from(fileContents);
      expect(Buffer.compare(stored!.content, photo)).toBe(0);
      expect(await database.db.select().from(rateLimitHits)).toEqual([]);
      const reps = await database.db.select().from(staffUsers).where(eq(staffUsers.role, 'sales_rep'));
      expect(reps.every((rep) => rep.areaManagerId)).toBe(true);
    } finally {
      await database.close();
    }
    expect(photoName).toMatch(/\.jpg$/);
  });

  it('refuses a target that holds data, and changes nothing', { timeout: 60_000 }, async () => {
    const run = capture();
    expect(await runRestoreCommand(['--from', sourceFile], run.out, embeddedConfig(restored))).toBe(1);
    expect(run.text()).toMatch(/Restore refused: .* already holds data \(.*staff_users.*\)\. .*nothing was changed/);
    expect(await snapshotOf(embeddedConfig(restored))).toEqual(expected);
  });

  it('refuses a DATA_DIR a running server holds, and creates nothing', async () => {
    const dir = path.join(work, 'held');
    const dbDir = path.join(dir, 'db');
    // A living process (this runner's parent) plays the server.
    const holder: LockHolder = { pid: process.ppid, role: 'server', startTime: null, bootId: null };
    const config = embeddedConfig(dir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(lockFileOf(dbDir), JSON.stringify(holder));
    const run = capture();
    expect(await runRestoreCommand(['--from', sourceFile], run.out, config)).toBe(1);
    expect(run.text()).toMatch(/Restore refused: The database in .* is in use by a running server \(pid \d+\)\..*nothing was changed/);
    expect(existsSync(dbDir)).toBe(false);
  });

  it('refuses a backup cut short or newer than the code, and leaves no database behind', { timeout: 60_000 }, async () => {
    const lines = gunzipSync(readFileSync(sourceFile)).toString('utf8').trim().split('\n');
    const cut = path.join(work, 'cut.backup.gz');
    writeFileSync(cut, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const header = JSON.parse(lines[0]!);
    const newer = path.join(work, 'newer.backup.gz');
    writeFileSync(newer, gzipSync([JSON.stringify({ ...header, migration: { ...header.migration, tag: '0099_future', createdAt: header.migration.createdAt + 1e9 } }), ...lines.slice(1)].join('\n')));

    for (const [file, message] of [
      [cut, /Restore refused: .* was cut short/],
      [newer, /Restore refused: The backup was taken at migration 0099_future, newer than this code/],
    ] as const) {
      const dir = path.join(work, `empty-${path.basename(file)}`);
      const run = capture();
      expect(await runRestoreCommand(['--from', file], run.out, embeddedConfig(dir))).toBe(1);
      expect(run.text()).toMatch(message);
      expect(existsSync(path.join(dir, 'db'))).toBe(false);
    }
  });
});

describe('npm run backup with no server running', () => {
  it('opens the embedded database under its lock and writes FILE readable by its owner only', { timeout: 60_000 }, async () => {
    const out = path.join(work, 'restored.backup.gz');
    const run = capture();
    expect(await runBackupCommand(['--out', out], run.out, embeddedConfig(path.join(work, 'restored'))), run.text()).toBe(0);
    expect(run.text()).toMatch(/Backup written: .*restored\.backup\.gz \([\d.]+ MB; \d+ rows in \d+ tables; pglite at migration \d{4}_/);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(existsSync(`${out}.part`)).toBe(false);
    expect(existsSync(lockFileOf(path.join(work, 'restored', 'db')))).toBe(false);
  });

  it('refuses a DATA_DIR with no database, and writes nothing', async () => {
    const out = path.join(work, 'nothing.backup.gz');
    const run = capture();
    expect(await runBackupCommand(['--out', out], run.out, embeddedConfig(path.join(work, 'no-such')))).toBe(1);
    expect(run.text()).toMatch(/No backup written: There is no database in .*no-such.db: check DATA_DIR/);
    expect(existsSync(out) || existsSync(`${out}.part`)).toBe(false);
  });
});

describe.skipIf(!postgresUrl)('across database kinds', () => {
  it('restores a backup taken on PGlite onto PostgreSQL, and one taken there back onto PGlite', { timeout: 120_000 }, async () => {
    const database = await createTempDatabase(postgresUrl!, 'champions_backup');
    try {
      const onPostgres = testConfig({ database: { kind: 'postgres', url: database.url } });
      // Another session on the database (a server's pool, say): refused, nothing created.
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      const refused = capture();
      expect(await runRestoreCommand(['--from', sourceFile], refused.out, onPostgres)).toBe(1);
      expect(refused.text()).toMatch(/Restore refused: The PostgreSQL database .* has 1 other open connection\(s\), so a server may be running on it; nothing was changed/);
      expect((await other.query(`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`)).rows[0].n).toBe(0);
      await other.end();

      const restore = capture();
      expect(await runRestoreCommand(['--from', sourceFile], restore.out, onPostgres), restore.text()).toBe(0);
      expect(await snapshotOf(onPostgres)).toEqual(expected);

      const again = capture();
      expect(await runRestoreCommand(['--from', sourceFile], again.out, onPostgres)).toBe(1);
      expect(again.text()).toMatch(/Restore refused: The PostgreSQL database .* already holds data/);

      const fromPostgres = path.join(work, 'postgres.backup.gz');
      const backup = capture();
      expect(await runBackupCommand(['--out', fromPostgres], backup.out, onPostgres), backup.text()).toBe(0);
      expect(backup.text()).toContain('postgres at migration');
      const back = path.join(work, 'back-on-pglite');
      const restoreBack = capture();
      expect(await runRestoreCommand(['--from', fromPostgres], restoreBack.out, embeddedConfig(back)), restoreBack.text()).toBe(0);
      expect(await snapshotOf(embeddedConfig(back))).toEqual(expected);
    } finally {
      await database.drop();
    }
  });
});

describe.skipIf(!postgresUrl)('a restore that fails part way', () => {
  it('rolls every row back, and the same target takes a good backup afterwards', { timeout: 120_000 }, async () => {
    // A row twice (the counts altered to match): the insert of its table fails on the primary key.
    const lines = gunzipSync(readFileSync(sourceFile)).toString('utf8').trim().split('\n');
    const table = lines.findIndex((l) => l.startsWith('{"$":"table","name":"staff_users"'));
    const end = JSON.parse(lines.at(-1)!);
    end.rows.staff_users += 1;
    const doubled = path.join(work, 'doubled.backup.gz');
    writeFileSync(doubled, gzipSync(`${[...lines.slice(0, table + 2), lines[table + 1]!, ...lines.slice(table + 2, -1), JSON.stringify(end)].join('\n')}\n`));

    const database = await createTempDatabase(postgresUrl!, 'champions_backup');
    try {
      const onPostgres = testConfig({ database: { kind: 'postgres', url: database.url } });
      const failed = capture();
      expect(await runRestoreCommand(['--from', doubled], failed.out, onPostgres)).toBe(1);
      expect(failed.text()).toMatch(/Restore failed, nothing was restored/);
      expect(Object.values(await snapshotOf(onPostgres)).flat()).toEqual([]);

      const retried = capture();
      expect(await runRestoreCommand(['--from', sourceFile], retried.out, onPostgres), retried.text()).toBe(0);
      expect(await snapshotOf(onPostgres)).toEqual(expected);
    } finally {
      await database.drop();
    }
  });
});

if (!postgresUrl) console.warn('backup.test.ts: TEST_DATABASE_URL is not set, so the PGlite → PostgreSQL restore is skipped (CI sets it).');
