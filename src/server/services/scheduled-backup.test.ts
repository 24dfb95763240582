// Scheduled backups (issue 37 item 8, docs/decisions/0049): with BACKUP_DIR set, the job writes a
// backup into a folder it makes 0700, 0600, restores it in a child process and records the run;
// /readyz and /metrics report it; only BACKUP_KEEP verified files of its own are kept. A backup
// that does not restore is reported as failed and pushes no good one out; a BACKUP_DIR that cannot
// be made is one log line and a failed run. On a fleet (TEST_DB=postgres), one turn is one backup.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { backupRuns } from '../db/schema.ts';
import { createTestContext, usingPostgres, type TestContext } from '../test/context.ts';
import { submitApplication } from '../test/listings.ts';
import { runIfMyTurn } from './scheduled-jobs.ts';
import { BACKUP_JOB, scheduledBackupJob, takeScheduledBackup } from './scheduled-backup.ts';

const work = mkdtempSync(path.join(tmpdir(), 'champions-scheduled-backup-'));
/** Missing until the first backup: the job makes it (and its parent). */
const backupDir = path.join(work, 'not-yet', 'backups');
const KEEP = 2;
const HOUR = 3600_000;
let clock = new Date('2026-11-27T03:00:00.000Z');
const now = () => clock;
const silentLog = { error() {}, info() {}, warn() {} } as never;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ backup: { dir: backupDir, everyHours: 24, keep: KEEP } }, { now });
  await submitApplication(ctx, 'uk');
  await submitApplication(ctx, 'it');
}, 60_000);
afterAll(async () => ctx?.close());

const runs = () => ctx.database.db.select().from(backupRuns).orderBy(asc(backupRuns.startedAt));
const readyz = async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
  expect(response.statusCode).toBe(200);
  return response.json() as { status: string; detail?: { backup?: Record<string, unknown> } };
};
const metric = async (name: string) => {
  const text = (await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
};
const filesIn = (dir: string) => readdirSync(dir).sort();

describe('scheduled backups', () => {
  it(
    'writes a backup into a folder it makes 0700, 0600, proves that it restores, reports it, and keeps the newest BACKUP_KEEP',
    { timeout: 180_000 },
    async () => {
      const job = scheduledBackupJob(ctx.app, ctx.config, { now });
      expect(job.name).toBe(BACKUP_JOB);
      expect(job.runAtStart).toBe(false);
      // Before the first: /readyz says backups are on, and nothing is stale yet.
      expect((await readyz()).detail?.backup).toEqual({
        lastAt: null,
        verified: null,
        file: null,
        host: null,
        lastVerifiedAt: null,
        ageHours: null,
        stale: false,
      });
      expect(await metric('champions_backup_last_verification_ok')).toBeUndefined();

      // The first turn is the scheduler's (no server has run it yet); the next ones are driven directly.
      expect(await runIfMyTurn(ctx.database.db, job, silentLog)).toBe(true);
      const first = clock;
      for (let turn = 1; turn <= 2; turn++) {
        clock = new Date(first.getTime() + turn * 24 * HOUR);
        await job.run();
      }

      expect(statSync(path.dirname(backupDir)).mode & 0o777).toBe(0o700);
      expect(statSync(backupDir).mode & 0o777).toBe(0o700);
      const names = filesIn(backupDir);
      expect(names).toEqual(['champions-scheduled-2026-11-28T030000.000Z.backup.gz', 'champions-scheduled-2026-11-29T030000.000Z.backup.gz']);
      for (const name of names) expect(statSync(path.join(backupDir, name)).mode & 0o777).toBe(0o600);

      const recorded = await runs();
      expect(recorded).toHaveLength(3);
      for (const run of recorded) {
        expect(run).toMatchObject({ verified: true, error: null, host: expect.any(String) });
        expect(run.rows).toBeGreaterThanOrEqual(8);
        expect(run.writeMs).toBeGreaterThanOrEqual(0);
        expect(run.verifyMs).toBeGreaterThan(0);
      }
      const newest = recorded.at(-1)!;
      expect(newest.file).toBe(names.at(-1));
      expect(newest.bytes).toBe(statSync(path.join(backupDir, names.at(-1)!)).size);
      // The record of backups is not in them.
      const text = gunzipSync(readFileSync(path.join(backupDir, names.at(-1)!))).toString('utf8');
      expect(text).toContain('{"$":"table","name":"applications"');
      expect(text).not.toContain('"name":"backup_runs"');

      clock = new Date(clock.getTime() + 3 * HOUR);
      expect((await readyz()).detail?.backup).toEqual({
        lastAt: '2026-11-29T03:00:00.000Z',
        verified: true,
        file: names.at(-1),
        host: newest.host,
        lastVerifiedAt: '2026-11-29T03:00:00.000Z',
        ageHours: 3,
        stale: false,
      });
      expect(await metric('champions_backup_last_verification_ok')).toBe(1);
      expect(await metric('champions_backup_last_success_timestamp_seconds')).toBe(Date.parse('2026-11-29T03:00:00.000Z') / 1000);
    },
  );

  it('reports a backup that does not restore as failed, keeps it apart as .unverified, and pushes no good one out', { timeout: 120_000 }, async () => {
    const good = filesIn(backupDir);
    clock = new Date('2026-11-30T03:00:00.000Z');
    // Between the writing (and its check) and the verification, a row's byte changes: gzip's own check still passes.
    const tamper = (part: string) => {
      const lines = gunzipSync(readFileSync(part)).toString('utf8').split('\n');
      const row = lines.findIndex((line) => line.includes('"email":'));
      lines[row] = lines[row]!.replace('"email":"', '"email":"x');
      writeFileSync(part, gzipSync(lines.join('\n')));
    };
    const job = scheduledBackupJob(ctx.app, ctx.config, { now, beforeVerify: tamper });
    await job.run();

    const failed = (await runs()).at(-1)!;
    expect(failed).toMatchObject({ verified: false, file: 'champions-scheduled-2026-11-30T030000.000Z.backup.gz.unverified' });
    expect(failed.error).toMatch(/^It does not restore: .*does not match its checksum \(SHA-256\)/);
    expect(filesIn(backupDir)).toEqual([...good, failed.file].sort());
    expect(statSync(path.join(backupDir, failed.file)).mode & 0o777).toBe(0o600);

    clock = new Date(clock.getTime() + HOUR);
    const ready = await readyz();
    expect(ready.status).toBe('ok');
    expect(ready.detail?.backup).toMatchObject({
      lastAt: '2026-11-30T03:00:00.000Z',
      verified: false,
      file: failed.file,
      error: failed.error,
      lastVerifiedAt: '2026-11-29T03:00:00.000Z',
      ageHours: 25,
      stale: false,
    });
    expect(await metric('champions_backup_last_verification_ok')).toBe(0);
    expect(await metric('champions_backup_last_success_timestamp_seconds')).toBe(Date.parse('2026-11-29T03:00:00.000Z') / 1000);

    // Two periods without a backup that restores: stale, reported, and the server still ready.
    clock = new Date('2026-12-01T04:00:00.000Z');
    expect((await readyz()).detail?.backup).toMatchObject({ ageHours: 49, stale: true });

    // The next good one: the failed file goes, the good ones are kept as before.
    clock = new Date('2026-12-01T05:00:00.000Z');
    await scheduledBackupJob(ctx.app, ctx.config, { now }).run();
    expect(filesIn(backupDir)).toEqual(['champions-scheduled-2026-11-29T030000.000Z.backup.gz', 'champions-scheduled-2026-12-01T050000.000Z.backup.gz']);
    expect((await readyz()).detail?.backup).toMatchObject({ verified: true, stale: false, ageHours: 0 });
  });

  it('says in one log line, and records, that BACKUP_DIR cannot be made; only its own files are ever deleted', { timeout: 60_000 }, async () => {
    const logged: string[] = [];
    const log = { info() {}, warn() {}, error: (_: object, message: string) => logged.push(message) } as never;
    const blocked = path.join(work, 'a-file');
    writeFileSync(blocked, '');
    const run = await takeScheduledBackup(ctx.database.db, { dir: path.join(blocked, 'backups'), keep: 1, log, now });
    expect(run?.verified).toBe(false);
    expect(run?.bytes).toBeUndefined();
    expect(logged).toEqual([`scheduled backup failed: BACKUP_DIR: cannot create the folder ${path.join(blocked, 'backups')} (ENOTDIR).`]);
    expect((await runs()).at(-1)).toMatchObject({ verified: false, error: `BACKUP_DIR: cannot create the folder ${path.join(blocked, 'backups')} (ENOTDIR).` });

    // A folder shared with other files: theirs stay, whatever their names look like.
    const shared = path.join(work, 'shared');
    mkdirSync(shared);
    const others = ['champions-2026-11-25T0300Z.backup.gz', 'champions-scheduled-by-hand.backup.gz', 'notes.txt'];
    for (const name of others) writeFileSync(path.join(shared, name), 'x');
    for (const at of ['2026-12-02T03:00:00.000Z', '2026-12-03T03:00:00.000Z']) {
      clock = new Date(at);
      expect(await takeScheduledBackup(ctx.database.db, { dir: shared, keep: 1, log: silentLog, now })).toMatchObject({ verified: true });
    }
    expect(filesIn(shared)).toEqual([...others, 'champions-scheduled-2026-12-03T030000.000Z.backup.gz'].sort());
  });
});

describe.skipIf(!usingPostgres())('scheduled backups on a fleet (PostgreSQL)', () => {
  let second: FastifyInstance;
  let secondDatabase: DatabaseHandle;
  let fleet: TestContext;
  const dirs = [path.join(work, 'fleet-a'), path.join(work, 'fleet-b')];

  beforeAll(async () => {
    fleet = await createTestContext({ backup: { dir: dirs[0]!, everyHours: 24, keep: KEEP } });
    await submitApplication(fleet, 'it');
    // A second server on the same database: its own pool and its own BACKUP_DIR.
    secondDatabase = await openDatabase(fleet.config);
    second = await buildApp({ ...fleet.config, backup: { dir: dirs[1]!, everyHours: 24, keep: KEEP } }, { database: secondDatabase });
    await second.ready();
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await fleet?.close();
  });

  it('takes one backup per turn, on whichever server claims it, and every server reports it', { timeout: 120_000 }, async () => {
    const jobs = [scheduledBackupJob(fleet.app, fleet.config), scheduledBackupJob(second, { backup: { dir: dirs[1]!, everyHours: 24, keep: KEEP } })];
    const claimed = await Promise.all([runIfMyTurn(fleet.database.db, jobs[0]!, silentLog, true), runIfMyTurn(secondDatabase.db, jobs[1]!, silentLog, true)]);
    expect(claimed.filter(Boolean)).toHaveLength(1);
    const written = dirs.flatMap((dir) => {
      try {
        return filesIn(dir);
      } catch {
        return [];
      }
    });
    expect(written).toHaveLength(1);
    const recorded = await fleet.database.db.select().from(backupRuns);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ verified: true, file: written[0] });
    // The server that did not take it knows it too.
    for (const app of [fleet.app, second]) {
      const ready = (await app.inject({ method: 'GET', url: '/readyz' })).json() as { detail: { backup: Record<string, unknown> } };
      expect(ready.detail.backup).toMatchObject({ verified: true, file: written[0], stale: false });
    }
  });
});
