// A fleet on PostgreSQL (issue #21): registration throughput through two servers on one database
// against one server, in the same run, and the cost of the rate-limit store in the database (one
// upsert per limited request), measured on its own on both databases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import type { DatabaseTarget } from '../src/server/config.ts';
import { countHit } from '../src/server/services/rate-limit-store.ts';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { validApplication } from '../src/server/test/payloads.ts';
import { percentile, pool } from '../src/server/test/pool.ts';
import { createTempDatabase, type TempDatabase } from '../src/server/test/postgres.ts';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.ts';
import { runLoad, type LoadResult } from './lib/load.ts';
import { onBothDatabases, type BenchContext, type Benchmark, type DatabaseKind, type Row } from './lib/report.ts';

const CLIENTS = 32;

const bodiesFor = (tokens: string[], run: string, from: number) =>
  tokens.map((recaptchaToken, i) => validApplication({ country: 'uk', distinct: { run, index: from + i } }, { recaptchaToken }));

/** `n` registrations at CLIENTS clients, spread evenly over the servers, all at once; answers the combined rate. */
async function registrations(servers: ServerProcess[], n: number, run: string, from: number): Promise<{ perSecond: number; p99Ms: number; failed: number }> {
  const share = Math.floor(n / servers.length);
  const tokens = await solvedTokensFrom(servers[0]!.url, share * servers.length);
  const results: LoadResult[] = await Promise.all(
    servers.map((server, s) =>
      runLoad({
        url: server.url,
        method: 'POST',
        path: '/api/save-pharmacist',
        connections: CLIENTS / servers.length,
        bodies: bodiesFor(tokens.slice(s * share, (s + 1) * share), run, from + s * share),
      }),
    ),
  );
  const seconds = Math.max(...results.map((r) => r.seconds));
  return {
    perSecond: (share * servers.length) / seconds,
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    failed: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  };
}

async function throughputRows(ctx: BenchContext): Promise<Row[]> {
  const group = 'fleet (PostgreSQL)';
  const n = ctx.quick ? 400 : 3000;
  const temp: TempDatabase = await createTempDatabase(ctx.postgresAdminUrl!, 'champions_bench_fleet');
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'champions-bench-fleet-')));
  const servers: ServerProcess[] = [];
  try {
    for (const dataDir of dirs) servers.push(await startServerProcess({ dataDir, databaseUrl: temp.url, env: { CAPTCHA_MAX_NUMBER: '1000' } }));
    ctx.log(`${group}: warm-up on both servers`);
    await registrations(servers, 400, 'fleet-warm', 800_000);
    // Alternated, so that neither arrangement always runs on the emptier table.
    ctx.log(`${group}: ${n} registrations through one server, then through two, twice`);
    const one: number[] = [];
    const two: number[] = [];
    let failed = 0;
    let p99 = { one: 0, two: 0 };
    for (let round = 0; round < 2; round++) {
      const single = await registrations(servers.slice(0, 1), n, `fleet-one-${round}`, 810_000 + round * n);
      const both = await registrations(servers, n, `fleet-two-${round}`, 850_000 + round * n);
      one.push(single.perSecond);
      two.push(both.perSecond);
      failed += single.failed + both.failed;
      p99 = { one: Math.max(p99.one, single.p99Ms), two: Math.max(p99.two, both.p99Ms) };
    }
    const best = { one: Math.max(...one), two: Math.max(...two) };
    return [
      {
        group,
        figure: `save-pharmacist through one server, ${CLIENTS} clients`,
        value: best.one,
        unit: 'req/s',
        target: '',
        ratio: `p99 ${p99.one} ms`,
        pass: null,
      },
      {
        group,
        figure: `save-pharmacist through two servers on one database, ${CLIENTS} clients`,
        value: best.two,
        unit: 'req/s',
        target: 'no error; two ≥ 0.9 × one',
        ratio: `${(best.two / best.one).toFixed(2)} × one server; p99 ${p99.two} ms`,
        pass: failed === 0 && best.two >= 0.9 * best.one,
        note: 'on 2 cores the servers, PostgreSQL and the clients share the same two cores',
      },
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await temp.drop().catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function rateLimitRows(kind: DatabaseKind, ctx: BenchContext): Promise<Row[]> {
  const group = `rate-limit store (${kind})`;
  const hits = ctx.quick ? 2000 : 20_000;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-bench-rate-'));
  let temp: TempDatabase | null = null;
  try {
    let target: DatabaseTarget = { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
    if (kind === 'PostgreSQL') {
      temp = await createTempDatabase(ctx.postgresAdminUrl!, 'champions_bench_rate');
      target = { kind: 'postgres', url: temp.url };
    }
    const database = await openDatabase({ database: target });
    await database.migrate();
    try {
      ctx.log(`${group}: ${hits} hits over 500 client keys at ${CLIENTS} concurrent`);
      const latencies: number[] = [];
      const started = performance.now();
      await pool(hits, CLIENTS, async (i) => {
        const t0 = performance.now();
        await countHit(database.db, `POST /api/save-pharmacist 198.51.100.${i % 500}`, 60_000);
        latencies.push(performance.now() - t0);
      });
      const perSecond = hits / ((performance.now() - started) / 1000);
      return [
        {
          group,
          figure: `hits counted, ${CLIENTS} concurrent`,
          value: perSecond,
          unit: 'hits/s',
          target: '',
          ratio: `p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
          pass: null,
        },
        {
          group,
          figure: 'cost per limited request',
          value: 1_000_000 / perSecond,
          unit: 'µs',
          target: '',
          note:
            kind === 'PGlite'
              ? 'the embedded server keeps its in-memory store; this is what the database store would cost there'
              : 'one upsert on rate_limit_hits (unlogged)',
          pass: null,
        },
      ];
    } finally {
      await database.close();
    }
  } finally {
    await temp?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const fleetBenchmark: Benchmark = {
  name: 'fleet',
  async run(ctx) {
    const rows = await onBothDatabases(ctx, rateLimitRows, { group: 'rate-limit store (PostgreSQL)', figure: 'hits counted', target: '' });
    if (ctx.postgresAdminUrl) rows.push(...(await throughputRows(ctx)));
    else
      rows.push({
        group: 'fleet (PostgreSQL)',
        figure: 'two servers on one database',
        value: null,
        unit: '',
        target: '',
        pass: null,
        note: 'not run (TEST_DATABASE_URL is not set)',
      });
    return rows;
  },
};
