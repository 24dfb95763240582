// Background jobs for a fleet: every server ticks, but each turn of a job is claimed in the database
// (`scheduled_jobs`) by one statement, so the job runs on one server at a time, once per period,
// whichever servers are up. A server that dies mid-run blocks the job for one period at most.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Queryable } from '../db/client.ts';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  run(): Promise<void>;
  /** false: a server's start does not run it unless it is due (a backup: restarts must not take one each). */
  runAtStart?: boolean;
  /** Cuts a run in progress short when the server stops (the scheduler then waits for it to end). */
  stop?(): void;
}

/** At start a server runs a job unless some server started it this recently (a restart after an upgrade runs it). */
const START_RUN_GAP_MS = 5 * 60_000;
/** How often each server asks whether a job is due: the most a turn can be late. */
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * True when this server won the job's turn: it is due (or, at start, was last started over
 * START_RUN_GAP_MS ago) and no other server is running it (a run longer than a period is taken as dead).
 */
export async function claimTurn(db: Queryable, name: string, everyMs: number, atStart = false): Promise<boolean> {
  const every = `${Math.round(everyMs)} milliseconds`;
  const startGap = `${START_RUN_GAP_MS} milliseconds`;
  const result = await db.execute(sql`
    insert into scheduled_jobs as j (name, next_run_at, last_started_at)
    values (${name}, now() + ${every}::interval, now())
    on conflict (name) do update set next_run_at = excluded.next_run_at, last_started_at = now()
    where (j.next_run_at <= now() or (${atStart} and j.last_started_at <= now() - ${startGap}::interval))
      and (j.last_started_at is null or j.last_finished_at >= j.last_started_at or j.last_started_at <= now() - ${every}::interval)
    returning j.name`);
  return rowsOf(result).length === 1;
}

export async function finishTurn(db: Queryable, name: string): Promise<void> {
  await db.execute(sql`update scheduled_jobs set last_finished_at = now() where name = ${name}`);
}

/** Runs the job if this server wins its turn; a failure is logged and the next turn comes as usual. */
export async function runIfMyTurn(db: Queryable, job: ScheduledJob, log: FastifyBaseLogger, atStart = false): Promise<boolean> {
  try {
    if (!(await claimTurn(db, job.name, job.everyMs, atStart))) return false;
  } catch (error) {
    log.error({ err: error, job: job.name }, 'scheduled job: could not claim its turn');
    return false;
  }
  try {
    await job.run();
  } catch (error) {
    log.error({ err: error, job: job.name }, 'scheduled job failed');
  } finally {
    await finishTurn(db, job.name).catch((error: unknown) => log.error({ err: error, job: job.name }, 'scheduled job: could not record its end'));
  }
  return true;
}

export interface Scheduler {
  /** Stops the ticks and waits for a run in progress. */
  stop(): Promise<void>;
}

export function startScheduler(db: Queryable, jobs: ScheduledJob[], log: FastifyBaseLogger, checkEveryMs = CHECK_EVERY_MS): Scheduler {
  let running: Promise<unknown> = Promise.resolve();
  const tick = (atStart: boolean) => {
    running = running.then(() => Promise.all(jobs.map((job) => runIfMyTurn(db, job, log, atStart && job.runAtStart !== false))));
  };
  tick(true);
  const timer = setInterval(() => tick(false), checkEveryMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      for (const job of jobs) job.stop?.();
      await running;
    },
  };
}
