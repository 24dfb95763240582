// Opens the database the config names (embedded PGlite or PostgreSQL) and applies migrations.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { pgliteForDrizzle, turnQueue } from './pglite-for-drizzle.ts';
import { schema } from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle. PGlite has one connection: inside a transaction use only this. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls onNotify for each NOTIFY on the channel (delivered when the notifying transaction commits,
   * to every server on the database). onLost: the listening connection broke; listen again.
   * Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void, onLost?: (error: unknown) => void): Promise<() => Promise<void>>;
  /** This process's connections, read by GET /metrics (services/metrics.ts). */
  connections(): Connections;
}

/**
 * PostgreSQL: the pool's connections (open, idle) and the queries or transactions waiting for one.
 * PGlite: its one connection, idle or not, and the statements or transactions waiting their turn
 * (pglite-for-drizzle.ts turnQueue).
 */
interface Connections {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The embedded database's memory (issue 27, docs/decisions/0036). PGlite's default shared buffers
 * (128 MB, inside its WebAssembly memory, which never shrinks) filled up under load and held about
 * 120 MB more than 16 MB do; the data files stay in the operating system's page cache either way.
 * Written into the data directory's postgresql.conf at each start.
 */
const PGLITE_OPTIONS = {
  postgresqlconf: [
    'shared_buffers = 16MB',
    // A checkpoint removes the write-ahead log's old segments rather than renaming them for reuse with
    // their old contents: after an erasure none of them keeps the erased values (decision 0069).
    'wal_recycle = off',
  ],
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * A setting any role may make for its session (log_parameter_max_length, for slow statements, is
 * the superuser's), sent as a start-up option of each connection (a query on connect would race the
 * pool's first query). A DATABASE_URL with its own `options` parameter replaces it.
 */
export const NO_PARAMETERS_IN_SERVER_LOG = '-c log_parameter_max_length_on_error=0';

/**
 * A migrated in-memory PGlite's data directory, as a tarball: the tests' fresh databases start from
 * it (`openDatabase`'s `template`) instead of each running initdb and every migration (decision 0085).
 */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const client = new PGlite(PGLITE_OPTIONS);
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** `template`: for an in-memory PGlite, the data directory it starts from (migratedPgliteTemplate). */
export async function openDatabase(config: Pick<Config, 'database'>, { template }: { template?: Blob } = {}): Promise<DatabaseHandle> {
  const target = config.database;
  if (target.kind === 'postgres') {
    // A failed statement's bound values (a patient's point, an e-mail address) stay out of the
    // PostgreSQL server's log whatever the server's setting (decision 0054).
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: NO_PARAMETERS_IN_SERVER_LOG });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      migrate: () => underAdvisoryLock(pool, MIGRATION_LOCK, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })),
      close: () => pool.end(),
      listen: (channel, onNotify, onLost) => listenOnPool(pool, channel, onNotify, onLost),
      connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  // PGlite's own files take the process's umask: the server and the commands set it to 077 (data-dir.ts).
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const client = target.dataDir
    ? new PGlite(target.dataDir, PGLITE_OPTIONS)
    : new PGlite({ ...PGLITE_OPTIONS, ...(template ? { loadDataDir: template } : {}) });
  await client.waitReady;
  const queue = turnQueue();
  const db = drizzlePglite(pgliteForDrizzle(client, queue), { schema });
  return {
    db: db as unknown as Database,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await stop();
      };
    },
    connections: () => {
      const { waiting, running } = queue.state();
      return { total: 1, idle: running ? 0 : 1, waiting };
    },
  };
}

/** Advisory lock keys of this product (any bigint; the two words spell "champion" and "migrate"). */
const MIGRATION_LOCK = 0x6368616d_6d696772n;

/**
 * Runs `work` while holding a session advisory lock on a connection of its own: servers started
 * together on one database migrate one at a time, and the later ones find nothing left to do.
 */
async function underAdvisoryLock<T>(pool: pg.Pool, key: bigint, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [key.toString()]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key.toString()]).catch((error: Error) => (broken = error));
    }
  } finally {
    // A connection whose unlock failed may still hold the lock: it must not go back to the pool.
    client.release(broken ?? false);
  }
}

/** LISTEN holds a connection of its own for as long as it listens. */
async function listenOnPool(pool: pg.Pool, channel: string, onNotify: () => void, onLost?: (error: unknown) => void): Promise<() => Promise<void>> {
  const client = await pool.connect();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error ?? true);
  };
  client.on('notification', (message) => {
    if (message.channel === channel) onNotify();
  });
  client.on('error', (error) => {
    release(error);
    onLost?.(error);
  });
  try {
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  } catch (error) {
    release(error as Error);
    throw error;
  }
  // Released as broken (true): the session still listens, so it must not go back to the pool.
  return async () => release();
}

/** The PostgreSQL error code and constraint behind a failed query (drizzle wraps driver errors). */
export function databaseErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';

/** The rows of a raw `execute(sql...)` result (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
