// npm run backup / npm run restore in process: a database with applications, a stored photo, staff
// and field pharmacies goes through a backup file into an empty embedded database, and onto
// PostgreSQL and back; refusals change nothing, a changed or joined file is refused before anything
// is written, and a row the database refuses is explained without its values. The whole-process cases (a running server) are in
// test/resilience/backup-server.test.ts.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig, type Config } from '../config.ts';
import { writeBackup } from '../db/backup/write-backup.ts';
import { readBackup } from '../db/backup/read-backup.ts';
import { restoreBackup } from '../db/backup/restore-backup.ts';
import { RestoreFailed } from '../db/backup/restore-error.ts';
import { journalEntries } from '../db/backup/tables.ts';
import { openDatabase, rowsOf } from '../db/client.ts';
import { lockFileOf, type LockHolder } from '../db/lock.ts';
import { fileContents, mailOutbox, rateLimitHits, staffUsers } from '../db/schema.ts';
import { backupLines, databaseSnapshot, photoBytes, resealed, storeListedPhoto, storeSecret, writeBackupLines } from '../test/backup.ts';
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

/** A restore's config as `npm run restore` reads an environment without STAFF_SECRET_KEY (testConfig's in-memory database has one). */
const withoutStaffKey = (config: Config): Config => ({ ...config, staff: { ...config.staff, secretKey: null } });
const embeddedConfig = (dir: string): Config => withoutStaffKey(testConfig({ database: { kind: 'pglite', dataDir: path.join(dir, 'db') } }));

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
  await vi.waitFor(async () => expect(await db.$count(mailOutbox, and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)))).toBe(0), {
    timeout: 30_000,
    interval: 50,
  });
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
  it('is gzip JSON lines: a header naming the source and its migration, each table in foreign-key order, an end line with the counts and the checksum', () => {
    const text = gunzipSync(readFileSync(sourceFile)).toString('utf8');
    const lines = text.trim().split('\n');
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({
      $: 'header',
      format: 'pharmacy-champions-backup',
      version: 2,
      source: 'pglite',
      migration: { tag: journalEntries().at(-1)!.tag },
    });
    const tables = lines.filter((l) => l.startsWith('{"$":"table"')).map((l) => JSON.parse(l).name as string);
    expect(tables).not.toContain('rate_limit_hits');
    expect(tables).not.toContain('scheduled_jobs');
    expect(tables.indexOf('staff_users')).toBeLessThan(tables.indexOf('field_pharmacies'));
    expect(tables.indexOf('files')).toBeLessThan(tables.indexOf('file_contents'));
    expect(tables.indexOf('pharmacies')).toBeLessThan(tables.indexOf('applications'));
    const end = JSON.parse(lines.at(-1)!);
    expect(end.rows).toMatchObject({ applications: 2, file_contents: 1, app_secrets: expect.any(Number), staff_users: 6, field_pharmacies: 40 });
    // The SHA-256 of every byte before the end line, and the end line is the file's last.
    expect(end.sha256).toBe(
      createHash('sha256')
        .update(text.slice(0, text.lastIndexOf('{"$":"end"')))
        .digest('hex'),
    );
    expect(text.endsWith(`${lines.at(-1)}\n`)).toBe(true);
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
    expect(run.text()).toContain(
      "No STAFF_SECRET_KEY is set, so the second factors stay sealed under the backup's generated staff key, restored into the database",
    );
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
    writeBackupLines(
      newer,
      resealed([
        JSON.stringify({ ...header, migration: { ...header.migration, tag: '0099_future', createdAt: header.migration.createdAt + 1e9 } }),
        ...lines.slice(1),
      ]),
    );

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

describe('a backup that proves itself', () => {
  /** Restores a file into a DATA_DIR of its own: the exit code, and what was printed. */
  async function restoreFrom(file: string, config: Config) {
    const run = capture();
    return { code: await runRestoreCommand(['--from', file], run.out, config), text: run.text() };
  }

  const firstStaffRow = (lines: string[]) => lines.findIndex((l) => l.startsWith('{"$":"table","name":"staff_users"')) + 1;

  /** An embedded database that exists and that nothing has written to: not even a migration. */
  async function untouchedTarget(name: string): Promise<Config> {
    const config = embeddedConfig(path.join(work, name));
    await (await openDatabase(config)).close();
    return config;
  }
  async function tablesIn(config: Config): Promise<number> {
    const database = await openDatabase(config);
    try {
      return rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`))[0]!.n;
    } finally {
      await database.close();
    }
  }

  it('refuses a backup whose content was changed (a byte of a row, a row taken out or put in), before writing anything', { timeout: 60_000 }, async () => {
    const lines = backupLines(sourceFile);
    const row = firstStaffRow(lines);
    const staff = JSON.parse(lines[row]!);
    const end = JSON.parse(lines.at(-1)!);
    // The counts are made to follow a row taken out or put in: only the checksum can tell.
    const counted = (n: number) => JSON.stringify({ ...end, rows: { ...end.rows, staff_users: end.rows.staff_users + n } });
    const at = lines[row]!.indexOf('"last_name":"') + '"last_name":"'.length;
    const oneByte = `${lines[row]!.slice(0, at)}${lines[row]![at] === 'X' ? 'Y' : 'X'}${lines[row]!.slice(at + 1)}`;
    const another = JSON.stringify({ ...staff, id: randomUUID(), email: 'another@example.org' });
    const mismatch = /Restore refused: .*tampered-.* does not match its checksum \(SHA-256\): it was changed after the backup wrote it, or is damaged/;
    const tampered: [string, string[], RegExp][] = [
      ['byte', [...lines.slice(0, row), oneByte, ...lines.slice(row + 1)], mismatch],
      ['removed', [...lines.slice(0, row), ...lines.slice(row + 1, -1), counted(-1)], mismatch],
      ['added', [...lines.slice(0, row), another, ...lines.slice(row, -1), counted(1)], mismatch],
      // Calling it version 1 (before the checksum) does not get past the checksum it carries.
      ['version', [JSON.stringify({ ...JSON.parse(lines[0]!), version: 1 }), ...lines.slice(1)], mismatch],
      [
        'no-checksum',
        [...lines.slice(0, -1), JSON.stringify({ $: 'end', rows: end.rows })],
        /Restore refused: .*tampered-no-checksum.* is damaged: its end line carries no checksum/,
      ],
    ];
    const target = await untouchedTarget('tampered-target');
    for (const [name, edited, message] of tampered) {
      const file = path.join(work, `tampered-${name}.backup.gz`);
      writeBackupLines(file, edited);
      const result = await restoreFrom(file, target);
      expect(result.code, `${name}: ${result.text}`).toBe(1);
      expect(result.text).toMatch(message);
      expect(await tablesIn(target)).toBe(0);
    }
  });

  it('refuses two backups joined into one file, before writing anything', { timeout: 60_000 }, async () => {
    const lines = backupLines(sourceFile);
    const joined = path.join(work, 'joined.backup.gz');
    writeFileSync(joined, Buffer.concat([readFileSync(sourceFile), readFileSync(sourceFile)])); // cat a b > joined
    const joinedText = path.join(work, 'joined-text.backup.gz');
    writeBackupLines(joinedText, [...lines, ...lines]); // zcat a b | gzip > joined
    const target = await untouchedTarget('joined-target');
    for (const file of [joined, joinedText]) {
      const result = await restoreFrom(file, target);
      expect(result.code, result.text).toBe(1);
      expect(result.text).toMatch(/Restore refused: .*joined.* goes on after its end line \(two backups joined into one file\?\)/);
      expect(await tablesIn(target)).toBe(0);
    }
  });

  it("names the table, the rows and the database's reason when the database refuses a row, and none of its values", { timeout: 120_000 }, async () => {
    const lines = backupLines(sourceFile);
    const row = firstStaffRow(lines);
    const personal = 'Maria Rossi, Via Roma 12';
    const values = [personal, ...Object.values(JSON.parse(lines[row]!)).filter((value): value is string => typeof value === 'string' && value.length >= 4)];
    expect(values.length).toBeGreaterThan(4);
    const cases: [string, string[], RegExp][] = [
      [
        'doubled',
        resealed([...lines.slice(0, row + 1), lines[row]!, ...lines.slice(row + 1)]),
        /Restore failed, nothing was restored: The database refused rows 1 to 7 of table staff_users: duplicate key value violates unique constraint "staff_users_\w+" \(SQLSTATE 23505, constraint staff_users_\w+\)/,
      ],
      [
        'mistyped',
        resealed([...lines.slice(0, row), JSON.stringify({ ...JSON.parse(lines[row]!), totp_failures: personal }), ...lines.slice(row + 1)]),
        /Restore failed, nothing was restored: The database refused rows 1 to 6 of table staff_users: invalid input syntax for type integer: "…" \(SQLSTATE 22P02\)/,
      ],
    ];
    for (const [name, edited, reason] of cases) {
      const file = path.join(work, `refused-${name}.backup.gz`);
      writeBackupLines(file, edited);
      const result = await restoreFrom(file, embeddedConfig(path.join(work, `refused-${name}`)));
      expect(result.code, result.text).toBe(1);
      expect(result.text).toMatch(reason);
      for (const value of values) expect(result.text).not.toContain(value);

      // The error itself, as a log would print it, carries neither the values nor the query's parameters.
      const database = await openDatabase(testConfig({ database: { kind: 'pglite', dataDir: null } }));
      try {
        const error = await restoreBackup(database.db, 'pglite', await readBackup(file), 'test').catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(RestoreFailed);
        expect((error as Error).cause).toBeUndefined();
        const printed = inspect(error, { depth: 10 });
        for (const value of values) expect(printed).not.toContain(value);
      } finally {
        await database.close();
      }
    }
  });

  it('restores a backup of format version 1, written before the checksum, with a warning', { timeout: 60_000 }, async () => {
    const lines = backupLines(sourceFile);
    const { sha256, ...end } = JSON.parse(lines.at(-1)!);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    const old = path.join(work, 'version-1.backup.gz');
    writeBackupLines(old, [JSON.stringify({ ...JSON.parse(lines[0]!), version: 1 }), ...lines.slice(1, -1), JSON.stringify(end)]);
    const config = embeddedConfig(path.join(work, 'version-1'));
    const result = await restoreFrom(old, config);
    expect(result.code, result.text).toBe(0);
    expect(result.text).toMatch(/Warning: .*version-1\.backup\.gz is a backup of format version 1, written before backups carried a checksum/);
    expect(await snapshotOf(config)).toEqual(expected);
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
      const onPostgres = withoutStaffKey(testConfig({ database: { kind: 'postgres', url: database.url } }));
      // Another session on the database (a server's pool, say): refused, nothing created.
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      const refused = capture();
      expect(await runRestoreCommand(['--from', sourceFile], refused.out, onPostgres)).toBe(1);
      expect(refused.text()).toMatch(
        /Restore refused: The PostgreSQL database .* has 1 other open connection\(s\), so a server may be running on it; nothing was changed/,
      );
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
    // A row twice (the counts and checksum altered to match): the insert of its table fails on the primary key.
    const lines = backupLines(sourceFile);
    const table = lines.findIndex((l) => l.startsWith('{"$":"table","name":"staff_users"'));
    const doubled = path.join(work, 'doubled.backup.gz');
    writeBackupLines(doubled, resealed([...lines.slice(0, table + 2), lines[table + 1]!, ...lines.slice(table + 2)]));

    const database = await createTempDatabase(postgresUrl!, 'champions_backup');
    try {
      const onPostgres = withoutStaffKey(testConfig({ database: { kind: 'postgres', url: database.url } }));
      const failed = capture();
      expect(await runRestoreCommand(['--from', doubled], failed.out, onPostgres)).toBe(1);
      expect(failed.text()).toMatch(
        /Restore failed, nothing was restored: The database refused rows 1 to 7 of table staff_users: duplicate key value violates unique constraint "staff_users_\w+" \(SQLSTATE 23505/,
      );
      expect(failed.text()).not.toContain(JSON.parse(lines[table + 1]!).email);
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
