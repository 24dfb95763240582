// The rep's list with 500 assigned pharmacies (issue 24 item 3): GET
// /api/v1/register/rep/pharmacies, which is not paged (the whole list is its first page, decision
// 0024), in visit order, without and with the rep's position; p50 / p99 of 300 sequential
// requests, on the real app listening on 127.0.0.1 with a fresh, migrated in-memory PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set. Figures, not timed tests.
import { sql } from 'drizzle-orm';
import { addStaff, signIn } from '../src/server/test/staff.ts';
import { createTestContext, type TestContext } from '../src/server/test/context.ts';
import { percentile } from '../src/server/test/pool.ts';
import { onBothDatabases, type Benchmark, type BenchContext, type DatabaseKind, type Row } from './lib/report.ts';

const ASSIGNED = 500;
/** The other reps' pharmacies in the same table (ten reps of 1,000), so that the rep's rows are found among many. */
const OTHERS = 10_000;
/** Visits per pharmacy: the history the latest entry is picked from. */
const VISITS = 6;

/**
 * `count` pharmacies of `repId` around Rome (a few without coordinates), each with VISITS visits a
 * week apart whose next visits fall before, on and after today; notes of a realistic length.
 */
async function seed(ctx: TestContext, areaManagerId: string, repId: string, count: number, prefix: string) {
  const { db } = ctx.database;
  await db.execute(sql`
    insert into field_pharmacies (area_manager_id, sales_rep_id, name, full_address, place_id, lat, lng, city, region, province, current_call_flag, month)
    select ${areaManagerId}::uuid, ${repId}::uuid, 'Farmacia ' || ${prefix} || ' n. ' || i, 'Via Appia ' || i || ', 00179 Roma RM', ${prefix} || ':' || i,
      case when i % 25 = 0 then null else 41.9 + (i % 97) / 500.0 end, case when i % 25 = 0 then null else 12.5 + (i % 89) / 500.0 end,
      'Roma', 'lazio', 'RM', case when i % 3 = 0 then 'joined_unify' else 'interested_but_requires_another_visit' end, 1 + i % 12
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into call_entries (pharmacy_id, at, by_user_id, call_flag, month, note, next_visit)
    select p.id, now() - ((${VISITS} - v) * 7 || ' days')::interval, ${repId}::uuid, 'interested_but_requires_another_visit', 1 + v,
      'Il titolare chiede di ripassare con il materiale informativo e i moduli di adesione.',
      case when (abs(hashtext(p.id::text)) + v) % 5 = 0 then null else current_date + (abs(hashtext(p.id::text)) % 41 - 20) end
    from field_pharmacies p, generate_series(1, ${VISITS}) as v
    where p.sales_rep_id = ${repId}::uuid`);
}

async function timed(url: string, cookie: string, expected: number): Promise<{ p50: number; p99: number; bytes: number }> {
  const timings: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 320; i++) {
    const t0 = performance.now();
    const answer = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
    const text = await answer.text();
    if (i >= 20) timings.push(performance.now() - t0);
    if (i === 0) {
      const list = JSON.parse(text) as unknown[];
      if (!Array.isArray(list) || list.length !== expected) throw new Error(`rep list: ${answer.status}, ${Array.isArray(list) ? list.length : 'not a list'}`);
      bytes = text.length;
    }
  }
  return { p50: percentile(timings, 50), p99: percentile(timings, 99), bytes };
}

async function benchOn(label: DatabaseKind, { log, postgresAdminUrl }: BenchContext): Promise<Row[]> {
  const group = `rep list (${ASSIGNED} pharmacies, ${label})`;
  const ctx: TestContext = await createTestContext({}, {}, label === 'PostgreSQL' ? (postgresAdminUrl ?? undefined) : undefined);
  const rows: Row[] = [];
  try {
    const manager = await addStaff(ctx, 'area_manager');
    const rep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
    log(`seeding ${ASSIGNED} pharmacies of one rep (${ASSIGNED * VISITS} visits) and ${OTHERS} of ten others`);
    await seed(ctx, manager.id, rep.id, ASSIGNED, 'rep');
    for (let r = 0; r < 10; r++) {
      const other = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
      await seed(ctx, manager.id, other.id, OTHERS / 10, `other${r}`);
    }
    await ctx.database.db.execute(sql`analyze`);
    const cookie = (await signIn(ctx, rep)).cookie;
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const list = `${address}/api/v1/register/rep/pharmacies?assignedreptoken=${rep.id}`;

    const plain = await timed(list, cookie, ASSIGNED);
    const near = await timed(`${list}&lat=41.9&lng=12.5`, cookie, ASSIGNED);
    log(
      `rep list: p50 ${plain.p50.toFixed(1)} ms, p99 ${plain.p99.toFixed(1)} ms; with a position p99 ${near.p99.toFixed(1)} ms; ${(plain.bytes / 1024).toFixed(0)} KB`,
    );
    rows.push(
      {
        group,
        figure: 'first page (the whole list) p50',
        value: plain.p50,
        unit: 'ms',
        target: '',
        pass: null,
        note: `${(plain.bytes / 1024).toFixed(0)} KB of JSON`,
      },
      {
        group,
        figure: 'first page (the whole list) p99',
        value: plain.p99,
        unit: 'ms',
        target: '< 50 ms',
        pass: plain.p99 < 50,
        note: '300 sequential requests, session check included',
      },
      { group, figure: 'with the rep’s position p99', value: near.p99, unit: 'ms', target: '< 50 ms', pass: near.p99 < 50, note: 'nearest first among ties' },
    );
  } finally {
    await ctx.close();
  }
  return rows;
}

export const repListBenchmark: Benchmark = {
  name: 'rep list',
  run: (ctx) =>
    onBothDatabases(ctx, benchOn, { group: `rep list (${ASSIGNED} pharmacies, PostgreSQL)`, figure: 'first page (the whole list) p99', target: '< 50 ms' }),
};
