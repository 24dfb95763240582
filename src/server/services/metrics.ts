// The series of GET /metrics (routes/metrics.ts) in Prometheus's text format, with prom-client
// (README "Metrics", docs/decisions/0045):
// - this process's: HTTP requests by route pattern, method and status with their durations, the
//   database connections, and Node's own series (prom-client's default metrics, their names);
// - the database's, read at each scrape in two aggregate statements (the same on every server of a
//   fleet): the mail outbox and the applications waiting for review. When they fail or take longer
//   than READ_TIMEOUT_MS the rest is still served, with champions_database_up 0 and without them;
// - the scheduled backups' (services/scheduled-backup.ts, from backup_runs): the newest that
//   restored, and whether the last one did; left out until a backup was recorded;
// - the public API's read replica (db/replica.ts), this process's view of it: served only when
//   DATABASE_REPLICA_URL is set.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { COUNTRIES } from '#shared/markets.ts';
import { rowsOf, type DatabaseHandle } from '../db/client.ts';
import type { ReplicaState } from '../db/replica.ts';
import { applications, mailOutbox } from '../db/schema.ts';

/** The route label of a request no route matched: an unknown path, or a page of the web app (served by the catch-all; its status tells them apart). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Methods labelled as themselves; any other is `other`, so a client cannot add label values. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Up to the 60 s a request may take (http/timeouts.ts). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The database reads of one scrape give up after this (Prometheus's own scrape time-out is 10 s by default). */
const READ_TIMEOUT_MS = 2000;

/**
 * prom-client's default gauges named `…_total`, a suffix Prometheus keeps for counters (`promtool
 * check metrics` refuses them); each is the sum of its namesake without the suffix, which stays.
 */
const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

let processRegistry: Registry | null = null;

/** Node's own series (event loop, memory, GC, CPU, file descriptors): one set per process, however many apps it builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    for (const name of MISNAMED_DEFAULTS) processRegistry.removeSingleMetric(name);
  }
  return processRegistry;
}

export interface MetricsOptions {
  now: () => Date;
  log: FastifyBaseLogger;
  /**
   * The scheduled backups (services/scheduled-backup.ts): when the newest one that restored was
   * taken, and whether the last one restored; each series is left out while it is null (no backup
   * recorded yet, or none ever restored). `npm run backup` records nothing.
   */
  lastBackup?: () => Promise<{ succeededAt: Date | null; verified: boolean | null }>;
  /** Tests shorten READ_TIMEOUT_MS. */
  readTimeoutMs?: number;
  /** The public API's read replica (db/replica.ts); its series are served while it answers a state (DATABASE_REPLICA_URL set). */
  replica?: () => ReplicaState | null;
}

export interface Metrics {
  contentType: string;
  /** One answered request: its route pattern (undefined when no route matched), method, status and duration. */
  observeRequest(route: string | undefined, method: string, status: number, seconds: number): void;
  /** Every series, the database's read now. */
  text(): Promise<string>;
}

interface OutboxRow {
  pending: number;
  oldest: number | null;
  failed: number;
}

interface WaitingRow {
  market: string;
  waiting: number;
  oldest: number | null;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createMetrics(database: DatabaseHandle, options: MetricsOptions): Metrics {
  const { now, log, lastBackup, readTimeoutMs = READ_TIMEOUT_MS, replica } = options;
  // Always served: this process's series.
  const own = new Registry();
  // Served only when this scrape's reads succeeded; the backups' only when known.
  const fromDatabase = new Registry();
  const backupSuccess = new Registry();
  const backupVerification = new Registry();

  const requests = new Histogram({
    name: 'champions_http_request_duration_seconds',
    help: 'HTTP requests answered by this server and the time each took, by route pattern (never the raw URL), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [own],
  });
  const up = new Gauge({
    name: 'champions_database_up',
    help: "1 when the database answered this scrape's reads, 0 when it did not (its series are then left out).",
    registers: [own],
  });
  const connections = (name: string, help: string, read: (state: ReturnType<DatabaseHandle['connections']>) => number) =>
    new Gauge({
      name,
      help,
      registers: [own],
      collect() {
        this.set(read(database.connections()));
      },
    });
  connections('champions_database_pool_connections', "This server's open database connections (PGlite: its one).", (state) => state.total);
  connections('champions_database_pool_idle_connections', "This server's open database connections not in use.", (state) => state.idle);
  connections(
    'champions_database_pool_waiting_requests',
    "This server's queries and transactions waiting for a database connection (PGlite: for their turn).",
    (state) => state.waiting,
  );

  const outboxPending = new Gauge({
    name: 'champions_mail_outbox_pending_messages',
    help: 'Queued e-mails neither delivered nor given up (mail_outbox).',
    registers: [fromDatabase],
  });
  const outboxOldest = new Gauge({
    name: 'champions_mail_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest queued e-mail neither delivered nor given up; 0 when there is none.',
    registers: [fromDatabase],
  });
  const outboxFailed = new Gauge({
    name: 'champions_mail_outbox_failed_messages',
    help: 'E-mails given up after the last delivery attempt (they stay in mail_outbox with their error).',
    registers: [fromDatabase],
  });
  const waiting = new Gauge({
    name: 'champions_applications_awaiting_review',
    help: 'Applications waiting for a reviewer (status submitted), per market.',
    labelNames: ['market'] as const,
    registers: [fromDatabase],
  });
  const waitingOldest = new Gauge({
    name: 'champions_applications_awaiting_review_oldest_age_seconds',
    help: "Time since the oldest waiting application's (last) submission, per market; 0 when none waits.",
    labelNames: ['market'] as const,
    registers: [fromDatabase],
  });
  const backupAt = new Gauge({
    name: 'champions_backup_last_success_timestamp_seconds',
    help: 'When the newest scheduled backup that restored in its verification was taken (Unix time); left out when none has.',
    registers: [backupSuccess],
  });
  const backupVerified = new Gauge({
    name: 'champions_backup_last_verification_ok',
    help: '1 when the last scheduled backup was written and restored into a scratch database with every row, 0 when it failed; left out before the first.',
    registers: [backupVerification],
  });

  const replicaSeries = replica ? replicaMetrics(replica) : null;

  const age = (epochSeconds: number | null, at: number) => (epochSeconds === null ? 0 : Math.max(0, at - epochSeconds));

  /** Two aggregate statements: the pending mail through the outbox's partial index, the waiting applications through the review queue's index. */
  async function readDatabase(): Promise<{ outbox: OutboxRow; waiting: WaitingRow[] }> {
    const { db } = database;
    const pending = sql`${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null`;
    const [outbox] = rowsOf<OutboxRow>(
      await db.execute(sql`select
        (select count(*)::int from ${mailOutbox} where ${pending}) as pending,
        (select extract(epoch from min(${mailOutbox.createdAt}))::float8 from ${mailOutbox} where ${pending}) as oldest,
        (select count(*)::int from ${mailOutbox} where ${mailOutbox.failedAt} is not null) as failed`),
    );
    const rows = rowsOf<WaitingRow>(
      await db.execute(sql`select ${applications.country} as market, count(*)::int as waiting, extract(epoch from min(${applications.submittedAt}))::float8 as oldest
        from ${applications} where ${applications.status} = 'submitted' group by ${applications.country}`),
    );
    return { outbox: outbox!, waiting: rows };
  }

  async function refreshDatabase(): Promise<boolean> {
    try {
      const read = await withTimeout(readDatabase(), readTimeoutMs);
      const at = now().getTime() / 1000;
      outboxPending.set(read.outbox.pending);
      outboxOldest.set(age(read.outbox.oldest, at));
      outboxFailed.set(read.outbox.failed);
      for (const market of COUNTRIES) {
        const row = read.waiting.find((r) => r.market === market);
        waiting.set({ market }, row?.waiting ?? 0);
        waitingOldest.set({ market }, age(row?.oldest ?? null, at));
      }
      up.set(1);
      return true;
    } catch (error) {
      log.warn({ err: error }, 'metrics: the database did not answer');
      up.set(0);
      return false;
    }
  }

  /** The backups' registries this scrape serves: those whose value is known. */
  async function refreshBackup(): Promise<Registry[]> {
    if (!lastBackup) return [];
    try {
      const { succeededAt, verified } = await withTimeout(lastBackup(), readTimeoutMs);
      if (succeededAt) backupAt.set(succeededAt.getTime() / 1000);
      if (verified !== null) backupVerified.set(verified ? 1 : 0);
      return [...(succeededAt ? [backupSuccess] : []), ...(verified !== null ? [backupVerification] : [])];
    } catch (error) {
      log.warn({ err: error }, 'metrics: the last backup could not be read');
      return [];
    }
  }

  return {
    contentType: Registry.PROMETHEUS_CONTENT_TYPE,
    observeRequest(route, method, status, seconds) {
      const upper = method.toUpperCase();
      requests.observe({ route: route ?? UNMATCHED_ROUTE, method: METHODS.has(upper) ? upper : 'other', status: String(status) }, seconds);
    },
    async text() {
      const [databaseRead, backups] = await Promise.all([refreshDatabase(), refreshBackup()]);
      const registries = [processMetrics(), own, ...(databaseRead ? [fromDatabase] : []), ...backups, ...(replica?.() && replicaSeries ? [replicaSeries] : [])];
      const texts = await Promise.all(registries.map((registry) => registry.metrics()));
      return texts.join('');
    },
  };
}

/** The read replica's series, read from its state at each scrape. */
function replicaMetrics(replica: () => ReplicaState | null): Registry {
  const registry = new Registry();
  const read = <T>(pick: (state: ReplicaState) => T, fallback: T) => {
    const state = replica();
    return state ? pick(state) : fallback;
  };
  new Gauge({
    name: 'champions_replica_up',
    help: 'The read replica (DATABASE_REPLICA_URL): 1 when it answered the last probe as a streaming replica, 0 when it did not, or a read failed on it since.',
    registers: [registry],
    collect() {
      this.set(read((s) => (s.status === 'fresh' || s.status === 'lagging' ? 1 : 0), 0));
    },
  });
  new Gauge({
    name: 'champions_replica_lag_seconds',
    help: "How far the read replica's replay is behind the primary, measured by this server's probe each second (the age of the oldest primary WAL position it has not replayed); left at its last value while it does not answer.",
    registers: [registry],
    collect() {
      const lag = read((s) => s.lagSeconds, null);
      if (lag !== null) this.set(lag);
    },
  });
  new Gauge({
    name: 'champions_replica_max_lag_seconds',
    help: 'REPLICA_MAX_LAG_SECONDS: the public API reads from the primary while the replica is further behind.',
    registers: [registry],
    collect() {
      this.set(read((s) => s.maxLagSeconds, 0));
    },
  });
  new Gauge({
    name: 'champions_replica_reads_from_replica',
    help: "1 while this server's public API reads from the replica, 0 while it falls back to the primary (the replica lags, is down, or is not a replica).",
    registers: [registry],
    collect() {
      this.set(read((s) => (s.readsFrom === 'replica' ? 1 : 0), 0));
    },
  });
  const counted = { replica: 0, primary: 0, retried: 0 };
  new Counter({
    name: 'champions_public_read_statements_total',
    help: "Statements of the public API's read path run by this server, by the server that answered them (replica or primary).",
    labelNames: ['server'] as const,
    registers: [registry],
    collect() {
      const statements = read((s) => s.statements, null);
      if (!statements) return;
      this.inc({ server: 'replica' }, statements.replica - counted.replica);
      this.inc({ server: 'primary' }, statements.primary - counted.primary);
      counted.replica = statements.replica;
      counted.primary = statements.primary;
    },
  });
  new Counter({
    name: 'champions_public_read_replica_failures_total',
    help: 'Statements of the public API that failed on the read replica and were run again on the primary.',
    registers: [registry],
    collect() {
      const statements = read((s) => s.statements, null);
      if (!statements) return;
      this.inc(statements.retriedOnPrimary - counted.retried);
      counted.retried = statements.retriedOnPrimary;
    },
  });
  return registry;
}
