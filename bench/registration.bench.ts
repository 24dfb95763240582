// Registration throughput (POST /api/save-pharmacist at 32 clients) against the same database's
// raw insert rate, the framework ceiling (GET /healthz), and the full "nothing lost" runs:
// 5,000 distinct registrations at 64 clients, and 200 clients sending the same e-mail at once.
// Each on PGlite (on disk, the default) and on PostgreSQL (when TEST_DATABASE_URL is set).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.ts';
import { applications } from '../src/server/db/schema.ts';
import type { DatabaseTarget } from '../src/server/config.ts';
import { createTempDatabase, type TempDatabase } from '../src/server/test/postgres.ts';
import { rawInsertRate, storeSaveRate } from '../src/server/test/raw-insert.ts';
import { machineCpuOf } from './lib/cpu.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';
import { runLoad, type LoadResult } from './lib/load.ts';
import { onBothDatabases, type BenchContext, type Benchmark, type DatabaseKind, type Row } from './lib/report.ts';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { validApplication } from '../src/server/test/payloads.ts';

const THROUGHPUT_CLIENTS = 32;
const FULL_CLIENTS = 64;
const SAME_EMAIL_CLIENTS = 200;
/** Issue 26: the save at 32 clients reaches this share of the raw insert rate, with p99 under P99_MS (issue 5 asked for 50 % and 100 ms). */
const RAW_SHARE = 0.8;
const P99_MS = 60;

async function countRows(target: DatabaseTarget, prefix: string): Promise<{ rows: number; distinctEmails: number; complete: number }> {
  const handle: DatabaseHandle = await openDatabase({ database: target });
  try {
    const [row] = await handle.db
      .select({
        rows: sql<number>`count(*)::int`,
        distinctEmails: sql<number>`count(distinct ${applications.emailNormalized})::int`,
        complete: sql<number>`count(*) filter (where ${applications.answers} ->> 'email' = ${applications.email} and ${applications.firstName} = 'Amelia')::int`,
      })
      .from(applications)
      .where(like(applications.email, `${prefix}%`));
    return row!;
  } finally {
    await handle.close();
  }
}

const errorsOf = (r: LoadResult) => r.errors + r.timeouts + r.non2xx;

async function benchOne(kind: DatabaseKind, ctx: BenchContext): Promise<Row[]> {
  const group = `registration (${kind})`;
  const n = ctx.quick ? 300 : 2000;
  const full = ctx.quick ? 500 : 5000;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-bench-'));
  let temp: TempDatabase | null = null;
  const rows: Row[] = [];
  try {
    let target: DatabaseTarget;
    if (kind === 'PostgreSQL') {
      temp = await createTempDatabase(ctx.postgresAdminUrl!, 'champions_bench');
      target = { kind: 'postgres', url: temp.url };
    } else {
      target = { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
    }

    // Baseline first, on the fresh database, in this process (PGlite allows one process at a time).
    const handle = await openDatabase({ database: target });
    await handle.migrate();
    ctx.log(`${group}: raw inserts (${n} at ${THROUGHPUT_CLIENTS} concurrent)`);
    const raw = await machineCpuOf(n, () => rawInsertRate(handle.db, 'raw', n, THROUGHPUT_CLIENTS));
    ctx.log(`${group}: the store's save alone (${n} at ${THROUGHPUT_CLIENTS} concurrent, no HTTP)`);
    const storeOnly = await machineCpuOf(n, () => storeSaveRate(handle.db, 'store', 500_000, n, THROUGHPUT_CLIENTS));
    // Their 'received' e-mails are not the server's to send during the runs below.
    await handle.db.execute(sql`delete from mail_outbox`);
    await handle.close();

    const server = await startServerProcess({ dataDir, databaseUrl: temp?.url, env: { CAPTCHA_MAX_NUMBER: '1000' } });
    try {
      ctx.log(`${group}: GET /healthz for 5 s at ${THROUGHPUT_CLIENTS} clients`);
      const health = await runLoad({ url: server.url, method: 'GET', path: '/healthz', connections: THROUGHPUT_CLIENTS, durationSeconds: 5 });

      // Warm-up (JIT, connection pool, caches): 200 saves that are not measured.
      const warm = await solvedTokensFrom(server.url, 200);
      await runLoad({
        url: server.url,
        method: 'POST',
        path: '/api/save-pharmacist',
        connections: THROUGHPUT_CLIENTS,
        bodies: warm.map((recaptchaToken, i) => validApplication({ country: 'uk', distinct: { run: 'warm', index: 400_000 + i } }, { recaptchaToken })),
      });

      ctx.log(`${group}: solving ${n} bot-check challenges (client side)`);
      const tokens = await solvedTokensFrom(server.url, n);
      const bodies = tokens.map((recaptchaToken, i) => validApplication({ country: 'uk', distinct: { run: 'http', index: 100_000 + i } }, { recaptchaToken }));
      ctx.log(`${group}: POST /api/save-pharmacist, ${n} distinct at ${THROUGHPUT_CLIENTS} clients`);
      const saveRun = await machineCpuOf(n, () =>
        runLoad({ url: server.url, method: 'POST', path: '/api/save-pharmacist', connections: THROUGHPUT_CLIENTS, bodies }),
      );
      const save = saveRun.result;

      ctx.log(`${group}: nothing lost, ${full} distinct at ${FULL_CLIENTS} clients`);
      const fullTokens = await solvedTokensFrom(server.url, full);
      const fullRun = await runLoad({
        url: server.url,
        method: 'POST',
        path: '/api/save-pharmacist',
        connections: FULL_CLIENTS,
        bodies: fullTokens.map((recaptchaToken, i) => validApplication({ country: 'uk', distinct: { run: 'full', index: 200_000 + i } }, { recaptchaToken })),
      });

      ctx.log(`${group}: ${SAME_EMAIL_CLIENTS} clients, one e-mail`);
      const sameTokens = await solvedTokensFrom(server.url, SAME_EMAIL_CLIENTS);
      const same = await runLoad({
        url: server.url,
        method: 'POST',
        path: '/api/save-pharmacist',
        connections: SAME_EMAIL_CLIENTS,
        bodies: sameTokens.map((recaptchaToken, i) =>
          validApplication({ country: 'uk', distinct: { run: 'same', index: 300_000 + i } }, { recaptchaToken, email: 'load-same@bench.example.com' }),
        ),
      });
      const serverRss = server.rss();
      const stopped = await server.stop();
      if (stopped.code !== 0) throw new Error(`server exited with ${stopped.code ?? stopped.signal}`);

      const stored = await countRows(target, 'load-http-');
      const fullStored = await countRows(target, 'load-full-');
      const sameStored = await countRows(target, 'load-same');

      const ratio = save.perSecond / raw.result.perSecond;
      rows.push(
        {
          group,
          figure: `save-pharmacist throughput, ${THROUGHPUT_CLIENTS} clients`,
          value: save.perSecond,
          unit: 'req/s',
          target: `≥ ${RAW_SHARE * 100} % of raw inserts`,
          ratio: `${(ratio * 100).toFixed(0)} % of ${raw.result.perSecond.toFixed(0)}/s raw`,
          pass: ratio >= RAW_SHARE,
        },
        { group, figure: 'save-pharmacist p50 latency', value: save.p50Ms, unit: 'ms', target: '', pass: null },
        {
          group,
          figure: 'save-pharmacist p99 latency',
          value: save.p99Ms,
          unit: 'ms',
          target: `< ${P99_MS} ms`,
          ratio: `${(save.p99Ms / P99_MS).toFixed(2)} × target`,
          pass: save.p99Ms < P99_MS,
        },
        {
          group,
          figure: 'save-pharmacist errors (non-2xx, socket, timeout)',
          value: errorsOf(save),
          unit: '',
          target: '0',
          ratio: `${stored.rows}/${n} stored`,
          pass: errorsOf(save) === 0 && stored.rows === n,
        },
        {
          group,
          figure: 'raw insert (pharmacy + application, 1 tx)',
          value: raw.result.perSecond,
          unit: 'rows/s',
          target: '',
          ratio: `p50 ${raw.result.p50Ms.toFixed(1)} ms, p99 ${raw.result.p99Ms.toFixed(1)} ms`,
          pass: null,
        },
        {
          group,
          figure: `the store's save alone (5 rows + NOTIFY in 1 statement, no HTTP), ${THROUGHPUT_CLIENTS} concurrent`,
          value: storeOnly.result.perSecond,
          unit: 'saves/s',
          target: '',
          ratio: `${((storeOnly.result.perSecond / raw.result.perSecond) * 100).toFixed(0)} % of raw; p99 ${storeOnly.result.p99Ms.toFixed(1)} ms`,
          pass: null,
        },
        {
          group,
          figure: 'machine CPU per save (server, database, load client)',
          value: saveRun.msPerItem,
          unit: 'ms',
          target: '',
          ratio: `cores ${(saveRun.busyShare * 100).toFixed(0)} % busy; raw insert ${raw.msPerItem.toFixed(2)} ms a row (${(raw.busyShare * 100).toFixed(0)} % busy), the store alone ${storeOnly.msPerItem.toFixed(2)} ms`,
          pass: null,
        },
        {
          group,
          figure: `GET /healthz (framework + select 1), ${THROUGHPUT_CLIENTS} clients`,
          value: health.perSecond,
          unit: 'req/s',
          target: '',
          ratio: `save = ${((save.perSecond / health.perSecond) * 100).toFixed(0)} % of it; p99 ${health.p99Ms} ms`,
          pass: errorsOf(health) === 0 ? null : false,
        },
        {
          group,
          figure: `nothing lost: ${full} distinct at ${FULL_CLIENTS} clients`,
          value: fullStored.rows,
          unit: 'rows',
          target: `= ${full}, no duplicate, no 5xx`,
          ratio: `${fullRun.perSecond.toFixed(0)} req/s, p99 ${fullRun.p99Ms} ms, statuses ${JSON.stringify(fullRun.statusCounts)}`,
          pass:
            fullStored.rows === full &&
            fullStored.distinctEmails === full &&
            fullStored.complete === full &&
            fullRun.statusCounts['200'] === full &&
            errorsOf(fullRun) === 0,
        },
        {
          group,
          figure: `${SAME_EMAIL_CLIENTS} clients, same e-mail at once`,
          value: sameStored.rows,
          unit: 'rows',
          target: '= 1 (others 409)',
          ratio: `statuses ${JSON.stringify(same.statusCounts)}`,
          pass: sameStored.rows === 1 && same.statusCounts['200'] === 1 && same.statusCounts['409'] === SAME_EMAIL_CLIENTS - 1,
        },
        { group, figure: 'server RSS after the runs', value: serverRss / 1024 / 1024, unit: 'MB', target: '', pass: null },
      );
    } finally {
      await server.kill();
    }
  } finally {
    await temp?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

export const registrationBenchmark: Benchmark = {
  name: 'registration',
  run: (ctx) => onBothDatabases(ctx, benchOne, { group: 'registration (PostgreSQL)', figure: 'all figures', target: '' }),
};
