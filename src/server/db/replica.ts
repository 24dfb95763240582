// The public API's read path (issue 38 item 7, docs/decisions/0053): with DATABASE_REPLICA_URL, each
// statement of the finder's routes runs on a PostgreSQL streaming replica while the replica is fresh
// enough (its lag at most REPLICA_MAX_LAG_SECONDS) and answers; otherwise on the primary.
//
// The lag is measured, not read from the replica's last replayed transaction (an idle primary would
// look lagged): a probe each second notes the primary's WAL position with the time it saw it, and the
// replica's replayed position; the replica's lag is the age of the oldest noted primary position it has
// not replayed yet, 0 when it has replayed them all (accurate to one probe interval).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { NO_PARAMETERS_IN_SERVER_LOG, rowsOf, type Database, type DatabaseHandle } from './client.ts';
import { schema } from './schema.ts';

/** A replica that does not answer is given up this quickly: a search must not wait on it. */
const REPLICA_CONNECT_TIMEOUT_MS = 1000;
/** A statement the replica has not answered by then is cancelled there and run on the primary. */
const REPLICA_STATEMENT_TIMEOUT_MS = 5000;
/** One probe of the lag each second. */
const REPLICA_PROBE_MS = 1000;
/** The primary's WAL positions kept (an hour of probes); a replica further behind is lagging anyway. */
const MAX_SAMPLES = 3600;

export interface ReplicaSettings {
  /** DATABASE_REPLICA_URL; null = no replica, the public API reads from the primary. */
  url: string | null;
  /** REPLICA_MAX_LAG_SECONDS: reads go to the primary while the replica is further behind. */
  maxLagSeconds: number;
}

/**
 * - `starting`: configured, not probed yet (reads from the primary);
 * - `fresh`: it answered the last probe within the allowed lag (reads from the replica);
 * - `lagging`: it answers but is further behind than allowed;
 * - `down`: it did not answer the last probe, or a read failed on it since;
 * - `not-a-replica`: the server at the URL is not in recovery (a promoted replica, or a primary).
 */
type ReplicaStatus = 'starting' | 'fresh' | 'lagging' | 'down' | 'not-a-replica';

export interface ReplicaState {
  status: ReplicaStatus;
  readsFrom: 'replica' | 'primary';
  /** Seconds behind the primary at the last good probe; null before one. */
  lagSeconds: number | null;
  maxLagSeconds: number;
  /** WAL bytes the replica had not replayed at the last good probe. */
  bytesBehind: number | null;
  /** When the replica last answered a probe (ISO time), null never. */
  lastAnsweredAt: string | null;
  /** Why it is down or not a replica (an error's message, never a URL). */
  problem: string | null;
  /** Statements of the public API run on each server since start, and replica reads retried on the primary. */
  statements: { replica: number; primary: number; retriedOnPrimary: number };
}

export interface PublicRead {
  /** The public API's Queryable: each statement on the replica when it is fresh, else on the primary. Without a replica: the primary's db itself. */
  db: Database;
  /** null without a replica. */
  state(): ReplicaState | null;
  /** Probes the lag now (the timer does it each second). */
  probe(): Promise<ReplicaState | null>;
  close(): Promise<void>;
}

/** A WAL position ('16/B374D848') as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn);
  if (!match) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

export interface LagTracker {
  /** The primary's WAL position, as a probe read it at `atMs`. */
  primaryAt(position: bigint, atMs: number): void;
  /** The replica's lag in ms when it has replayed up to `replayed` at `atMs`: the age of the oldest noted primary position beyond it, 0 when none is. */
  lagMs(replayed: bigint, atMs: number): number;
  /** Bytes between the newest noted primary position and `replayed` (0 when caught up). */
  bytesBehind(replayed: bigint): bigint;
}

export function createLagTracker(maxSamples = MAX_SAMPLES): LagTracker {
  // Ascending positions, each with the first time a probe saw the primary there.
  const samples: { position: bigint; atMs: number }[] = [];
  return {
    primaryAt(position, atMs) {
      const last = samples.at(-1);
      if (last && position <= last.position) return;
      samples.push({ position, atMs });
      if (samples.length > maxSamples) samples.splice(0, samples.length - maxSamples);
    },
    lagMs(replayed, atMs) {
      let replayedCount = 0;
      while (replayedCount < samples.length && samples[replayedCount]!.position <= replayed) replayedCount++;
      // Positions the replica has replayed are never needed again.
      samples.splice(0, replayedCount);
      const oldest = samples[0];
      return oldest ? Math.max(0, atMs - oldest.atMs) : 0;
    },
    bytesBehind(replayed) {
      const newest = samples.at(-1);
      return newest && newest.position > replayed ? newest.position - replayed : 0n;
    },
  };
}

/**
 * Whether a failed read on the replica says the replica is unusable now (it is down, restarting, cut
 * off, too slow, or cancelled the statement for a conflict with its replay), rather than something the
 * primary would refuse as well. Either way the read is retried once on the primary.
 */
export function isReplicaFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true; // ECONNREFUSED, timeouts, a connection cut
  return /^(08|53|57|58)/.test(code) || code === '40001' || code === '3D000';
}

type QueryArgs = Parameters<pg.Pool['query']>;

interface Options {
  log: FastifyBaseLogger;
  /** The clock of the lag (ms); tests inject one. */
  nowMs?: () => number;
  probeMs?: number;
}

/** The primary's pg.Pool behind a PostgreSQL DatabaseHandle's drizzle (node-postgres keeps its client as $client). */
function primaryPoolOf(database: DatabaseHandle): pg.Pool | null {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * The public API's read path (docs/decisions/0053). Without a replica URL, or on the embedded
 * database, it is the primary's db. With one: a replica pool with short time-outs, a probe each second
 * (one unref'd timer, stopped by close), and a drizzle instance whose statements go where `state`
 * says. A transaction on it runs wholly on one server (drizzle takes it a connection of its own).
 */
export function createPublicRead(database: DatabaseHandle, settings: ReplicaSettings, options: Options): PublicRead {
  const primary = primaryPoolOf(database);
  const { log } = options;
  if (!settings.url || !primary) {
    if (settings.url) log.warn('DATABASE_REPLICA_URL is ignored: a read replica needs DATABASE_URL to name PostgreSQL');
    return { db: database.db, state: () => null, probe: async () => null, close: async () => {} };
  }
  const nowMs = options.nowMs ?? Date.now;
  const maxLagMs = settings.maxLagSeconds * 1000;
  const replica = new pg.Pool({
    connectionString: settings.url,
    max: 10,
    connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
    statement_timeout: REPLICA_STATEMENT_TIMEOUT_MS,
    query_timeout: REPLICA_STATEMENT_TIMEOUT_MS + REPLICA_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'champions-public-read',
    // Like the primary's sessions: a failed statement's bound values (a patient's point) stay out of the
    // replica's log (decision 0054). A startup parameter, so no statement is queued before the first.
    options: NO_PARAMETERS_IN_SERVER_LOG,
  });
  // An idle connection the replica closes (a restart, a stop) must not end the process.
  replica.on('error', (error) => markDown(error));

  const tracker = createLagTracker();
  const statements = { replica: 0, primary: 0, retriedOnPrimary: 0 };
  let status: ReplicaStatus = 'starting';
  let lagMs: number | null = null;
  let bytesBehind: number | null = null;
  let lastAnsweredAt: number | null = null;
  let problem: string | null = null;

  function setStatus(next: ReplicaStatus, why: string | null) {
    problem = why;
    if (next === status) return;
    const previous = status;
    status = next;
    const detail = {
      replica: { from: previous, to: next, lagSeconds: lagMs === null ? null : lagMs / 1000, maxLagSeconds: settings.maxLagSeconds, problem: why },
    };
    if (next === 'fresh') log.info(detail, 'read replica: the public API reads from the replica');
    else log.warn(detail, 'read replica: the public API reads from the primary');
  }

  function markDown(error: unknown) {
    setStatus('down', error instanceof Error ? error.message : String(error));
  }

  const useReplica = () => status === 'fresh';

  async function query(args: QueryArgs) {
    if (useReplica()) {
      try {
        const result = await (replica.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
        statements.replica++;
        return result;
      } catch (error) {
        // Retried once on the primary; the replica is used again after its next good probe.
        if (isReplicaFault(error)) markDown(error);
        statements.retriedOnPrimary++;
      }
    }
    statements.primary++;
    return (primary!.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
  }

  async function connect(): Promise<pg.PoolClient> {
    if (useReplica()) {
      try {
        const client = await replica.connect();
        statements.replica++;
        return client;
      } catch (error) {
        markDown(error);
        statements.retriedOnPrimary++;
      }
    }
    statements.primary++;
    return primary!.connect();
  }

  // The name says "Pool": drizzle then gives a transaction a connection of its own (connect()), so that
  // all of its statements run on one server.
  class ReplicaRoutingPool {
    query(...args: QueryArgs) {
      return query(args);
    }
    connect() {
      return connect();
    }
  }
  const db = drizzle(new ReplicaRoutingPool() as unknown as pg.Pool, { schema }) as unknown as Database;

  function state(): ReplicaState {
    return {
      status,
      readsFrom: useReplica() ? 'replica' : 'primary',
      lagSeconds: lagMs === null ? null : lagMs / 1000,
      maxLagSeconds: settings.maxLagSeconds,
      bytesBehind,
      lastAnsweredAt: lastAnsweredAt === null ? null : new Date(lastAnsweredAt).toISOString(),
      problem,
      statements: { ...statements },
    };
  }

  let probing: Promise<ReplicaState> | null = null;
  let closed = false;

  async function probeOnce(): Promise<ReplicaState> {
    // The primary first: a position the replica has replayed by the time it is asked counts as caught up.
    try {
      const [row] = rowsOf<{ lsn: string }>(await database.db.execute(sql`select pg_current_wal_lsn()::text as lsn`));
      tracker.primaryAt(lsnBytes(row!.lsn), nowMs());
    } catch (error) {
      // The primary's trouble is the primary's (/readyz says it); the replica's lag is measured against what was noted.
      log.debug({ err: error }, 'read replica: the primary did not say its WAL position');
    }
    try {
      const { rows } = await replica.query<{ replayed: string | null; recovery: boolean }>(
        'select pg_last_wal_replay_lsn()::text as replayed, pg_is_in_recovery() as recovery',
      );
      const row = rows[0]!;
      const at = nowMs();
      lastAnsweredAt = at;
      if (!row.recovery || row.replayed === null) {
        lagMs = null;
        bytesBehind = null;
        setStatus('not-a-replica', 'the server at DATABASE_REPLICA_URL is not in recovery (not a streaming replica)');
      } else {
        const replayed = lsnBytes(row.replayed);
        lagMs = tracker.lagMs(replayed, at);
        bytesBehind = Number(tracker.bytesBehind(replayed));
        if (lagMs <= maxLagMs) setStatus('fresh', null);
        else setStatus('lagging', `${(lagMs / 1000).toFixed(1)} s behind the primary, more than REPLICA_MAX_LAG_SECONDS (${settings.maxLagSeconds})`);
      }
    } catch (error) {
      markDown(error);
    }
    return state();
  }

  function probe(): Promise<ReplicaState> {
    // One probe at a time: a replica that hangs makes probes slower, never more numerous.
    probing ??= probeOnce().finally(() => (probing = null));
    return probing;
  }

  const timer = setInterval(() => {
    if (!closed) void probe();
  }, options.probeMs ?? REPLICA_PROBE_MS);
  timer.unref();
  void probe();

  return {
    db,
    state,
    probe,
    async close() {
      closed = true;
      clearInterval(timer);
      await probing?.catch(() => {});
      await replica.end();
    },
  };
}
