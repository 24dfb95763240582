// The public API's read replica (docs/decisions/0053): the lag's arithmetic with an injected clock,
// the setting's rules, and, on PostgreSQL (TEST_DB=postgres, as root with Debian's cluster tools:
// CI's PostgreSQL pass), a real streaming replica made with pg_basebackup -R from the test cluster.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../test/context.ts';
import { insertListings, setStatus } from '../test/listings.ts';
import { createReplicaCluster, replicaUnavailableReason, type ReplicaCluster } from '../test/replica-cluster.ts';
import { readFeedState, versionOf } from '../services/listings-version.ts';
import type { DatabaseHandle } from './client.ts';
import { createLagTracker, createPublicRead, isReplicaFault, lsnBytes, type ReplicaState } from './replica.ts';

describe('lsnBytes', () => {
  it('reads a WAL position as bytes', () => {
    expect(lsnBytes('0/0')).toBe(0n);
    expect(lsnBytes('0/5A000000')).toBe(0x5a000000n);
    expect(lsnBytes('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => lsnBytes('nonsense')).toThrow();
  });
});

describe('createLagTracker', () => {
  it('says 0 for a replica that has replayed what the primary had, however long the primary stays idle', () => {
    const lag = createLagTracker();
    for (let second = 0; second < 600; second++) {
      lag.primaryAt(1000n, second * 1000);
      expect(lag.lagMs(1000n, second * 1000 + 5)).toBe(0);
    }
    expect(lag.bytesBehind(1000n)).toBe(0n);
  });

  it('counts from the first moment the primary was at a position the replica has not replayed', () => {
    const lag = createLagTracker();
    lag.primaryAt(100n, 0);
    expect(lag.lagMs(100n, 10)).toBe(0);
    lag.primaryAt(200n, 1000);
    lag.primaryAt(200n, 2000); // idle again: still the moment of 1000
    lag.primaryAt(300n, 3000);
    expect(lag.lagMs(100n, 3500)).toBe(2500);
    expect(lag.bytesBehind(100n)).toBe(200n);
    expect(lag.lagMs(100n, 9000)).toBe(8000);
    // Replayed part of the way: the lag is that of the oldest position still ahead of it.
    expect(lag.lagMs(250n, 9000)).toBe(6000);
    expect(lag.bytesBehind(250n)).toBe(50n);
    expect(lag.lagMs(300n, 9000)).toBe(0);
  });

  it('keeps a bounded window of samples', () => {
    const lag = createLagTracker(10);
    for (let i = 1; i <= 100; i++) lag.primaryAt(BigInt(i), i * 1000);
    // Only the last 10 (91..100) are kept: a replica behind all of them is lagging by at least their age.
    expect(lag.lagMs(0n, 100_000)).toBe(9000);
  });
});

describe('isReplicaFault', () => {
  it('counts the replica unusable for connection, shutdown, timeout, resource and recovery-conflict errors, not for SQL the primary would refuse too', () => {
    const error = (code?: string) => Object.assign(new Error('x'), code ? { code } : {});
    for (const code of [undefined, 'ECONNREFUSED', '08006', '57P01', '57P03', '57014', '53300', '40001', '3D000'])
      expect(isReplicaFault(error(code)), code).toBe(true);
    for (const code of ['42601', '23505', '22P02', '25006']) expect(isReplicaFault(error(code)), code).toBe(false);
  });
});

describe('DATABASE_REPLICA_URL', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'champions-replica-')) };

  it('is refused on the embedded database, with what to do', () => {
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URL: 'postgres://reader@replica/champions' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'memory://', DATABASE_REPLICA_URL: 'postgres://reader@replica/champions' })).toThrow(
      /DATABASE_REPLICA_URL: a read replica is for PostgreSQL/,
    );
  });

  it('is read with the primary, from a file too, with a maximum lag of 5 s unless set', () => {
    const file = path.join(base.DATA_DIR, 'replica-url');
    writeFileSync(file, 'postgres://reader:secret@replica:5432/champions\n');
    const config = loadConfig({ ...base, DATABASE_URL: 'postgres://app@primary/champions', DATABASE_REPLICA_URL_FILE: file });
    expect(config.replica).toEqual({ url: 'postgres://reader:secret@replica:5432/champions', maxLagSeconds: 5 });
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://app@primary/champions', REPLICA_MAX_LAG_SECONDS: '30' }).replica).toEqual({
      url: null,
      maxLagSeconds: 30,
    });
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://app@primary/champions', DATABASE_REPLICA_URL: 'mysql://x' })).toThrow(
      /DATABASE_REPLICA_URL must be postgres/,
    );
  });

  it('without a PostgreSQL primary handle, the read path is the primary itself', async () => {
    const database = { db: {} } as DatabaseHandle; // PGlite's drizzle: no pg.Pool behind it
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message), info: () => {}, debug: () => {} } as never;
    const read = createPublicRead(database, { url: 'postgres://reader@127.0.0.1:1/champions', maxLagSeconds: 5 }, { log });
    expect(read.db).toBe(database.db);
    expect(read.state()).toBeNull();
    expect(warnings).toEqual(['DATABASE_REPLICA_URL is ignored: a read replica needs DATABASE_URL to name PostgreSQL']);
    await read.close();
  });
});

describe.skipIf(!usingPostgres())('the read path on PostgreSQL without a replica cluster', () => {
  let primary: TestDatabase;
  const log = { warn: () => {}, info: () => {}, debug: () => {} } as never;
  beforeAll(async () => {
    primary = await createTestDatabase();
  });
  afterAll(async () => {
    await primary?.close();
  });

  it('reads from the primary when the URL names a server that is not in recovery', async () => {
    const read = createPublicRead(primary.database, { url: (primary.config.database as { url: string }).url, maxLagSeconds: 5 }, { log });
    try {
      const state = (await read.probe())!;
      expect(state.status).toBe('not-a-replica');
      expect(state.readsFrom).toBe('primary');
      await read.db.execute(sql`select 1`);
      expect(read.state()!.statements).toEqual({ replica: 0, primary: 1, retriedOnPrimary: 0 });
    } finally {
      await read.close();
    }
  });

  it('reads from the primary, at once, when nothing answers at the URL', async () => {
    const url = new URL((primary.config.database as { url: string }).url);
    url.port = '1';
    const read = createPublicRead(primary.database, { url: url.toString(), maxLagSeconds: 5 }, { log });
    try {
      const state = (await read.probe())!;
      expect(state.status).toBe('down');
      expect(state.problem).toMatch(/ECONNREFUSED|connect/);
      const start = performance.now();
      await read.db.execute(sql`select 1`);
      expect(performance.now() - start).toBeLessThan(500);
    } finally {
      await read.close();
    }
  });
});

const skipReason = usingPostgres()
  ? replicaUnavailableReason(process.env.TEST_DATABASE_URL)
  : 'not on PostgreSQL: CI runs it in its PostgreSQL pass (TEST_DB=postgres)';

describe.skipIf(skipReason !== null)(`the public API on a real streaming replica${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let primary: TestDatabase;
  let cluster: ReplicaCluster;
  /** Allows an hour of lag: reads stay on the replica while its replay is paused. */
  let patient: FastifyInstance;
  /** Allows 1 s. */
  let strict: FastifyInstance;
  let pendingId: string;

  const near = '/api/v1/finder/pharmacies?market=uk&lat=51.5&lng=-0.12';
  const search = async (app: FastifyInstance) => {
    const response = await app.inject({ method: 'GET', url: near });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { pharmacyName: string }[] }).data.map((item) => item.pharmacyName).sort();
  };
  /** The public search, answered from the app's read model (services/finder-index.ts). */
  const searchFromModel = async (app: FastifyInstance) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/finder/search?market=uk&lat=51.5&lng=-0.12&limit=10' });
    expect(response.statusCode).toBe(200);
    return {
      names: (response.json() as { data: { pharmacyName: string }[] }).data.map((item) => item.pharmacyName).sort(),
      etag: String(response.headers.etag),
    };
  };
  /** The change feed's snapshot (routes/finder-feed.ts): one REPEATABLE READ transaction, wholly on one server. */
  const snapshot = async (app: FastifyInstance) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/finder/snapshot?market=uk' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { pharmacyName: string }[] }).data.map((item) => item.pharmacyName).sort();
  };
  const replicaOf = async (app: FastifyInstance): Promise<ReplicaState> => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { detail: { replica: ReplicaState } }).detail.replica;
  };
  const until = async (app: FastifyInstance, wanted: (state: ReplicaState) => boolean, what: string, ms = 20_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const state = await replicaOf(app);
      if (wanted(state)) return state;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms; last state ${JSON.stringify(state)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    primary = await createTestDatabase();
    [, pendingId] = (await insertListings(primary.database.db, [
      { country: 'uk', lat: 51.5, lng: -0.12, name: 'Listed before the copy' },
      { country: 'uk', lat: 51.5005, lng: -0.1205, name: 'Approved later', status: 'submitted' },
    ])) as [string, string];
    const started = performance.now();
    cluster = await createReplicaCluster(process.env.TEST_DATABASE_URL!);
    console.info(`replica cluster ${cluster.name} ready in ${Math.round(performance.now() - started)} ms`, cluster.timings);
    const replicaUrl = cluster.urlFor(new URL((primary.config.database as { url: string }).url).pathname.slice(1));
    const appWith = async (maxLagSeconds: number) => {
      const app = await buildApp({ ...primary.config, replica: { url: replicaUrl, maxLagSeconds } }, { database: primary.database });
      await app.ready();
      return app;
    };
    patient = await appWith(3600);
    strict = await appWith(1);
  }, 180_000);

  afterAll(async () => {
    await patient?.close();
    await strict?.close();
    cluster?.drop();
    await primary?.close();
  });

  it('searches answer from the replica, and from the primary while it lags more than REPLICA_MAX_LAG_SECONDS', async () => {
    for (const app of [patient, strict]) await until(app, (s) => s.status === 'fresh' && s.readsFrom === 'replica', 'the replica fresh');
    expect(await search(patient)).toEqual(['Listed before the copy']);
    const before = await replicaOf(patient);
    expect(before.statements.replica).toBeGreaterThan(0);
    // The search's read model loads from the replica; after that, a search runs no statement at all (decision 0075).
    expect((await searchFromModel(patient)).names).toEqual(['Listed before the copy']);
    const loaded = (await replicaOf(patient)).statements;
    expect(loaded.replica).toBeGreaterThan(before.statements.replica);
    expect(loaded.primary).toBe(before.statements.primary);
    expect((await searchFromModel(patient)).names).toEqual(['Listed before the copy']);
    expect((await replicaOf(patient)).statements).toEqual(loaded);

    // The replica stops replaying; the primary approves a listing.
    cluster.superuser('select pg_wal_replay_pause()');
    for (let i = 0; cluster.superuser('select pg_get_wal_replay_pause_state()') !== 'paused'; i++) {
      if (i > 100) throw new Error('replay did not pause');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await setStatus(primary.database.db, pendingId, 'approved');

    // A lag far below an hour: the answer is the replica's, without the new listing.
    expect(await search(patient)).toEqual(['Listed before the copy']);
    // The read model caught up from the replica: without it too, and stamped with the version it reflects, not the primary's.
    const lagged = await searchFromModel(patient);
    expect(lagged.names).toEqual(['Listed before the copy']);
    expect(lagged.etag).not.toContain(`"${versionOf(await readFeedState(primary.database.db))}-`);
    expect(await snapshot(patient)).toEqual(['Listed before the copy']);
    expect((await replicaOf(patient)).readsFrom).toBe('replica');

    // Over 1 s behind: the strict server reads from the primary, which has it.
    const lagging = await until(strict, (s) => s.status === 'lagging', 'the replica lagging', 10_000);
    expect(lagging.readsFrom).toBe('primary');
    expect(lagging.lagSeconds).toBeGreaterThan(1);
    expect(lagging.bytesBehind).toBeGreaterThan(0);
    expect(await search(strict)).toEqual(['Approved later', 'Listed before the copy']);
    expect(await snapshot(strict)).toEqual(['Approved later', 'Listed before the copy']);
    expect(await search(patient)).toEqual(['Listed before the copy']);
    const metrics = (await strict.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^champions_replica_reads_from_replica 0$/m);
    expect(metrics).toMatch(/^champions_replica_up 1$/m);
    expect(metrics).toMatch(/^champions_replica_max_lag_seconds 1$/m);
    if (existsSync('/usr/bin/promtool')) {
      const lint = spawnSync('/usr/bin/promtool', ['check', 'metrics'], { input: metrics, encoding: 'utf8' });
      expect(`${lint.stdout}${lint.stderr}`).toBe('');
    }

    // Replay resumes: the write reaches the replica, and the strict server goes back to it.
    cluster.superuser('select pg_wal_replay_resume()');
    await until(strict, (s) => s.status === 'fresh', 'the replica fresh again');
    const replicaReads = (await replicaOf(strict)).statements.replica;
    expect(await search(strict)).toEqual(['Approved later', 'Listed before the copy']);
    expect((await replicaOf(strict)).statements.replica).toBeGreaterThan(replicaReads);
    expect(await search(patient)).toEqual(['Approved later', 'Listed before the copy']);
    await expect
      .poll(async () => (await searchFromModel(patient)).names, { timeout: 10_000, interval: 50 })
      .toEqual(['Approved later', 'Listed before the copy']);
  });

  it('with the replica stopped, searches still answer, from the primary, at once; the server stays ready', async () => {
    await until(patient, (s) => s.readsFrom === 'replica', 'reading from the replica');
    cluster.stop();
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      expect(await search(patient)).toEqual(['Approved later', 'Listed before the copy']);
      times.push(performance.now() - start);
    }
    // The first may try the replica (refused at once) before the primary; none waits for a time-out.
    expect(Math.max(...times)).toBeLessThan(1000);
    const state = await until(patient, (s) => s.status === 'down', 'the replica down', 5000);
    expect(state.readsFrom).toBe('primary');
    expect(state.problem).toBeTruthy();
    const metrics = (await patient.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^champions_replica_up 0$/m);
    expect(metrics).toMatch(/^champions_public_read_statements_total\{server="primary"\} [1-9]/m);
    // Still down a few probes later: still answered, still ready.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await search(patient)).toEqual(['Approved later', 'Listed before the copy']);
    expect((await replicaOf(patient)).status).toBe('down');
  });
});
