// The area manager's CSV export of 100,000 pharmacies (rows/s, and how much the server's memory
// grows while it streams) and the first page of a 10,000-pharmacy list (p50 / p99), on the real
// app listening on 127.0.0.1 with a fresh, migrated in-memory PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set. Figures, not timed tests.
import { sql } from 'drizzle-orm';
import { refreshStaleExportLines } from '../src/server/services/field-force/export-lines.ts';
import { addStaff, signIn } from '../src/server/test/staff.ts';
import { createTestContext, type TestContext } from '../src/server/test/context.ts';
import { percentile } from '../src/server/test/pool.ts';
import { runClientProcess } from './lib/load.ts';
import { onBothDatabases, type Benchmark, type BenchContext, type DatabaseKind, type Row } from './lib/report.ts';

/** What bench/lib/download-client.ts prints. */
interface Download {
  seconds: number;
  bytes: number;
  lines: number;
  status: number;
}

/** `count` pharmacies of one manager, with answers like a real add-pharmacy and accents, quotes and ';' in the text. */
async function seed(ctx: TestContext, areaManagerId: string, repId: string, count: number) {
  await ctx.database.db.execute(sql`
    insert into field_pharmacies (area_manager_id, sales_rep_id, name, full_address, place_id, lat, lng, city, region, province, onc_status, current_call_flag, month, answers)
    select ${areaManagerId}::uuid, ${repId}::uuid, 'Farmacia "Città" n. ' || i, 'Via Àlpi ' || i || '; 00185 Roma RM', 'bench:' || ${areaManagerId} || ':' || i,
      41.9 + i / 1e6, 12.5, case when i % 2 = 0 then 'Roma' else 'Forlì' end, 'lazio', 'RM', 'registered',
      case when i % 3 = 0 then 'joined_unify' else 'interested_but_requires_another_visit' end, 1 + i % 12,
      jsonb_build_object('email', 'titolare' || i || '@example.it', 'firstName', 'Maria', 'lastName', 'Verdi', 'professionalRegistrationNumber', '12345',
        'services', 'Galenica; autoanalisi', 'haveYouCompleted', 'yes', 'bodyOfRegistration', 'Italia (AIFA)', 'anythingElseAboutYou', '=1+1',
        'agreementCheck1', true, 'agreementCheck2', true, 'agreementCheck3', true)
    from generate_series(1, ${count}) as i`);
}

async function benchOn(label: DatabaseKind, { log, quick, postgresAdminUrl }: BenchContext): Promise<Row[]> {
  const csvRows = quick ? 10_000 : 100_000;
  const listRows = 10_000;
  const GROUP_CSV = `CSV export (${csvRows.toLocaleString('en-GB')} pharmacies, ${label})`;
  const GROUP_LIST = `area-manager list (10,000 pharmacies, ${label})`;
  const ctx: TestContext = await createTestContext({}, {}, label === 'PostgreSQL' ? (postgresAdminUrl ?? undefined) : undefined);
  const { app } = ctx;
  const rows: Row[] = [];
  try {
    const csvManager = await addStaff(ctx, 'area_manager');
    const listManager = await addStaff(ctx, 'area_manager');
    const rep = await addStaff(ctx, 'sales_rep', { areaManagerId: csvManager.id });
    const listRep = await addStaff(ctx, 'sales_rep', { areaManagerId: listManager.id });
    log(`seeding ${csvRows} + ${listRows} pharmacies`);
    await seed(ctx, csvManager.id, rep.id, csvRows);
    await seed(ctx, listManager.id, listRep.id, listRows);
    // Rows written by the app carry their export record; these were inserted in SQL, so render
    // them as the server does at start (a new export format does the same to every row).
    const renderStarted = performance.now();
    const rendered = await refreshStaleExportLines(ctx.database.db);
    const renderRate = rendered / ((performance.now() - renderStarted) / 1000);
    log(`rendered ${rendered} export records at ${Math.round(renderRate)} rows/s`);
    const csvCookie = (await signIn(ctx, csvManager)).cookie;
    const listCookie = (await signIn(ctx, listManager)).cookie;
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    // CSV: sampling this process's memory every 20 ms while the client downloads it.
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    // A client in its own process, as a browser on another machine would be: reading the bytes here would take the server's thread.
    const { seconds, bytes, lines, status } = await runClientProcess<Download>('bench/lib/download-client.ts', [
      `${address}/api/areamanager-accord-csv?id=${csvManager.id}`,
      csvCookie,
    ]);
    clearInterval(sampler);
    if (status !== 200) throw new Error(`CSV export answered ${status}`);
    // Line breaks inside quoted cells would count too; the seeded rows have none (CRLF ends each record).
    const records = lines - 1;
    const rate = records / seconds;
    const growthMb = (peak - before) / 2 ** 20;
    log(`CSV: ${records} rows, ${(bytes / 2 ** 20).toFixed(1)} MB in ${seconds.toFixed(2)} s`);
    rows.push(
      {
        group: GROUP_CSV,
        figure: 'rows/s',
        value: rate,
        unit: 'rows/s',
        target: '≥ 100,000 rows/s',
        pass: records === csvRows && rate >= 100_000,
        note: `${records} rows, ${(bytes / 2 ** 20).toFixed(1)} MB, ${seconds.toFixed(2)} s`,
      },
      {
        group: GROUP_CSV,
        figure: 'records rendered again',
        value: renderRate,
        unit: 'rows/s',
        target: '',
        pass: null,
        note: 'refreshStaleExportLines over every row, as after a change of export format',
      },
      {
        group: GROUP_CSV,
        figure: 'memory growth',
        value: growthMb,
        unit: 'MB',
        target: '< 64 MB',
        pass: growthMb < 64,
        note: 'peak RSS while streaming minus RSS before (server and database in one process)',
      },
    );

    // The first page of the list, 300 times one after the other after 20 warm-up calls.
    const firstPage = `${address}/api/areamanager-get-pharmacies?id=${listManager.id}`;
    const timings: number[] = [];
    for (let i = 0; i < 320; i++) {
      const t0 = performance.now();
      const answer = await fetch(firstPage, { headers: { cookie: listCookie } });
      const body = (await answer.json()) as { total: number };
      if (body.total !== listRows) throw new Error(`list total ${body.total}`);
      if (i >= 20) timings.push(performance.now() - t0);
    }
    const p50 = percentile(timings, 50);
    const p99 = percentile(timings, 99);
    log(`list: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    rows.push(
      { group: GROUP_LIST, figure: 'first page p50', value: p50, unit: 'ms', target: '', pass: null },
      {
        group: GROUP_LIST,
        figure: 'first page p99',
        value: p99,
        unit: 'ms',
        target: '< 50 ms',
        pass: p99 < 50,
        note: '300 sequential requests, session check included',
      },
    );
  } finally {
    await ctx.close();
  }
  return rows;
}

export const areaManagerBenchmark: Benchmark = {
  name: 'area manager',
  run: (ctx) => onBothDatabases(ctx, benchOn, { group: 'CSV export (PostgreSQL)', figure: 'rows/s', target: '≥ 100,000 rows/s' }),
};
