// A streaming replica of the test PostgreSQL cluster (db/replica.test.ts): a second Debian cluster of
// the same version on a free port of its own, made with pg_basebackup -R from the cluster that serves
// TEST_DATABASE_URL, started, and dropped at the end. It needs root (the clusters belong to the
// postgres user, whose local peer login takes the base backup) and Debian's postgresql-common.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface ReplicaCluster {
  /** TEST_DATABASE_URL's role and password, the replica's port, database `database`. */
  urlFor(database: string): string;
  port: number;
  name: string;
  /** Runs one statement as the replica's superuser (psql through the local socket). */
  superuser(statement: string): string;
  stop(): void;
  drop(): void;
  /** Milliseconds each step took. */
  timings: Record<string, number>;
}

interface Cluster {
  version: string;
  name: string;
  port: number;
  status: string;
  dataDir: string;
}

function clusters(): Cluster[] {
  const out = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [version = '', name = '', port = '', status = '', , dataDir = ''] = line.trim().split(/\s+/);
      return { version, name, port: Number(port), status, dataDir };
    });
}

/** Why a replica cannot be made here (null when it can): needs root, Debian's cluster tools and TEST_DATABASE_URL's cluster on this machine. */
export function replicaUnavailableReason(adminUrl: string | undefined): string | null {
  if (!adminUrl) return 'TEST_DATABASE_URL is not set';
  if (process.getuid?.() !== 0) return 'making a PostgreSQL cluster needs root (the tests run as root in CI)';
  if (spawnSync('pg_lsclusters', ['--no-header']).status !== 0) return "Debian's postgresql-common (pg_lsclusters) is not installed";
  const port = Number(new URL(adminUrl).port || 5432);
  const primary = clusters().find((cluster) => cluster.port === port && cluster.status === 'online');
  if (!primary) return `no online cluster of this machine listens on TEST_DATABASE_URL's port ${port}`;
  return null;
}

/** Replica clusters a test run made and could not drop (killed): their process is gone. */
function dropAbandonedClusters() {
  for (const cluster of clusters()) {
    const pid = /^champions_replica_(\d+)_/.exec(cluster.name)?.[1];
    if (!pid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') spawnSync('pg_dropcluster', ['--stop', cluster.version, cluster.name], { stdio: 'ignore' });
    }
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Makes and starts a streaming replica of the cluster serving `adminUrl` and waits until it
 * answers as `adminUrl`'s role. Settings a hot standby must not have lower than its primary
 * (max_connections and the like) are copied from the primary.
 */
export async function createReplicaCluster(adminUrl: string): Promise<ReplicaCluster> {
  const timings: Record<string, number> = {};
  dropAbandonedClusters();
  const step = <T>(label: string, work: () => T): T => {
    const start = performance.now();
    try {
      return work();
    } finally {
      timings[label] = Math.round(performance.now() - start);
    }
  };
  const primaryPort = Number(new URL(adminUrl).port || 5432);
  const primary = clusters().find((cluster) => cluster.port === primaryPort)!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const settings: Record<string, string> = {};
  try {
    for (const name of ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction']) {
      const { rows } = await admin.query<Record<string, string>>(`show ${name}`);
      settings[name] = rows[0]![name]!;
    }
  } finally {
    await admin.end();
  }
  const port = await freePort();
  const name = `champions_replica_${process.pid}_${randomBytes(3).toString('hex')}`;
  const bin = `/usr/lib/postgresql/${primary.version}/bin`;
  const dataDir = path.join(path.dirname(primary.dataDir), name);
  let created = false;
  const drop = () => {
    if (!created) return;
    created = false;
    spawnSync('pg_dropcluster', ['--stop', primary.version, name], { stdio: 'ignore' });
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    step('create', () => {
      // A throwaway cluster: no fsync (nor initdb's), not started at boot.
      const options = Object.entries({ ...settings, fsync: 'off' }).flatMap(([key, value]) => ['-o', `${key}=${value}`]);
      execFileSync('pg_createcluster', [primary.version, name, '-p', String(port), '-d', dataDir, '--start-conf=manual', '-q', ...options, '--', '--no-sync'], {
        stdio: 'ignore',
      });
      created = true;
      for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    });
    // The postgres user's peer login on the primary's socket; -R writes the same conninfo for the replica to stream with.
    step('basebackup', () =>
      asPostgres(`${bin}/pg_basebackup`, [
        '-D',
        dataDir,
        '-h',
        '/var/run/postgresql',
        '-p',
        String(primaryPort),
        '-X',
        'stream',
        '-R',
        '-c',
        'fast',
        '--no-sync',
      ]),
    );
    step('start', () => execFileSync('pg_ctlcluster', [primary.version, name, 'start'], { stdio: 'ignore' }));
  } catch (error) {
    drop();
    throw error;
  }
  const url = (database: string) => {
    const target = new URL(adminUrl);
    target.port = String(port);
    target.pathname = `/${database}`;
    return target.toString();
  };
  // Ready when it accepts the test role's connections (a hot standby opens once consistent).
  const readyStart = performance.now();
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url('postgres'), connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (attempt > 100) {
        drop();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  timings.ready = Math.round(performance.now() - readyStart);
  return {
    urlFor: url,
    port,
    name,
    superuser: (statement) => asPostgres('psql', ['-p', String(port), '-h', '/var/run/postgresql', '-tAX', '-v', 'ON_ERROR_STOP=1', '-c', statement]).trim(),
    stop: () => execFileSync('pg_ctlcluster', [primary.version, name, 'stop', '-m', 'fast'], { stdio: 'ignore' }),
    drop,
    timings,
  };
}
