import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/context.ts';
import { claimTurn, finishTurn, runIfMyTurn, startScheduler, type ScheduledJob } from './scheduled-jobs.ts';

const HOUR = 3600_000;
let opened: TestDatabase;
beforeAll(async () => {
  opened = await createTestDatabase();
});
afterAll(async () => opened.close());

const silentLog = { error() {}, info() {}, warn() {} } as never;
const moveLastStart = (name: string, ago: string) =>
  opened.database.db.execute(
    sql`update scheduled_jobs set last_started_at = now() - ${ago}::interval, next_run_at = now() - ${ago}::interval + interval '1 hour' where name = ${name}`,
  );

describe('scheduled jobs', () => {
  it('gives each turn of a job to one claimant only, however many servers ask at once', async () => {
    const { db } = opened.database;
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimTurn(db, 'race', HOUR)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    await finishTurn(db, 'race');
    // Not due again for an hour, even at a server's start (it ran moments ago).
    expect(await claimTurn(db, 'race', HOUR)).toBe(false);
    expect(await claimTurn(db, 'race', HOUR, true)).toBe(false);
  });

  it('runs at a start when the last run began over five minutes ago, and when the period is over', async () => {
    const { db } = opened.database;
    expect(await claimTurn(db, 'restart', HOUR)).toBe(true);
    await finishTurn(db, 'restart');
    await moveLastStart('restart', '10 minutes');
    expect(await claimTurn(db, 'restart', HOUR)).toBe(false);
    expect(await claimTurn(db, 'restart', HOUR, true)).toBe(true);
    await finishTurn(db, 'restart');
    await moveLastStart('restart', '61 minutes');
    expect(await claimTurn(db, 'restart', HOUR)).toBe(true);
  });

  it('never starts a job another server is still running, unless that run is older than a period (its server died)', async () => {
    const { db } = opened.database;
    expect(await claimTurn(db, 'long', HOUR)).toBe(true);
    // Due again, but the run began 30 minutes ago and never recorded its end: still running.
    await db.execute(
      sql`update scheduled_jobs set last_started_at = now() - interval '30 minutes', next_run_at = now() - interval '1 minute' where name = 'long'`,
    );
    expect(await claimTurn(db, 'long', HOUR)).toBe(false);
    await moveLastStart('long', '61 minutes');
    expect(await claimTurn(db, 'long', HOUR)).toBe(true); // over an hour: taken as dead
  });

  it('runs the job when it wins the turn, records its end even when it fails, and skips it otherwise', async () => {
    const { db } = opened.database;
    let runs = 0;
    const job: ScheduledJob = {
      name: 'counted',
      everyMs: HOUR,
      run: async () => {
        runs++;
        throw new Error('boom');
      },
    };
    expect(await runIfMyTurn(db, job, silentLog)).toBe(true);
    expect(await runIfMyTurn(db, job, silentLog)).toBe(false);
    expect(runs).toBe(1);
    const [row] = rowsOf<{ finished: boolean }>(
      await db.execute(sql`select last_finished_at >= last_started_at as finished from scheduled_jobs where name = 'counted'`),
    );
    expect(row!.finished).toBe(true);
  });

  it('leaves a job that does not run at start until it is due, and cuts a run short when the scheduler stops', async () => {
    const { db } = opened.database;
    let runs = 0;
    const backup: ScheduledJob = { name: 'not-at-start', everyMs: HOUR, runAtStart: false, run: async () => void runs++ };
    // Its first turn ever is due at once; a restart ten minutes later does not take another.
    await startScheduler(db, [backup], silentLog, HOUR).stop();
    expect(runs).toBe(1);
    await moveLastStart('not-at-start', '10 minutes');
    await startScheduler(db, [backup], silentLog, HOUR).stop();
    expect(runs).toBe(1);

    let began = () => {};
    const running = new Promise<void>((resolve) => (began = resolve));
    let cut = false;
    const long: ScheduledJob = {
      name: 'cut-short',
      everyMs: HOUR,
      run: async () => {
        began();
        while (!cut) await new Promise((resolve) => setTimeout(resolve, 10));
      },
      stop: () => void (cut = true),
    };
    const scheduler = startScheduler(db, [long], silentLog, HOUR);
    await running;
    await scheduler.stop();
    expect(cut).toBe(true);
  });
});
