// The review queue's first page at 100,000 applications (issue 13: p99 under 50 ms), through the
// whole API (session check, query, count, JSON) with Fastify inject on embedded PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { percentile } from '../src/server/test/pool.ts';
import { createTestContext, type TestContext } from '../src/server/test/context.ts';
import { addStaff, signIn } from '../src/server/test/staff.ts';
import { onBothDatabases, type Benchmark, type BenchContext, type Row } from './lib/report.ts';

const STATUSES = ['submitted', 'approved', 'rejected', 'changes_requested', 'deactivated'];

/** The app on a fresh in-memory PGlite, or on a temporary PostgreSQL database. */
const benchContext = (label: string, ctx: BenchContext): Promise<TestContext> =>
  createTestContext({}, {}, label === 'PGlite' ? undefined : (ctx.postgresAdminUrl ?? undefined));

async function benchOne(label: string, ctx: BenchContext): Promise<Row[]> {
  const count = ctx.quick ? 10_000 : 100_000;
  const requests = ctx.quick ? 100 : 500;
  const group = `review queue (${count.toLocaleString('en-GB')} applications, ${label})`;
  const test = await benchContext(label, ctx);
  try {
    const { db } = test.database;
    ctx.log(`review queue, ${label}: inserting ${count} applications`);
    await db.execute(sql`insert into pharmacies (place_id, name, address, lat, lng) values ('bench:review', 'Bench Pharmacy', '1 Bench Street', 53.4, -2.99)`);
    await db.execute(sql`insert into applications (edit_token_hash, country, language, status, email, email_normalized, first_name, last_name,
        registration_body, registration_number, place_id, answers, submitted_at)
      select encode(sha256(convert_to('bench-token-' || g, 'UTF8')), 'hex'), (array['uk','it','de'])[1 + g % 3], (array['en','it','de'])[1 + g % 3],
        (array[${sql.raw(STATUSES.map((s) => `'${s}'`).join(','))}])[1 + g % ${STATUSES.length}],
        'applicant' || g || '@bench.example.com', 'applicant' || g || '@bench.example.com', 'First' || g, 'Last' || g,
        'body' || (g % 3), (1000000 + g)::text, 'bench:review', '{}'::jsonb, now() - (g || ' minutes')::interval
      from generate_series(1, ${count}) as g`);
    await db.execute(sql`analyze applications`);
    const { cookie } = await signIn(test, await addStaff(test, 'reviewer'));

    const rows: Row[] = [];
    for (const [name, url] of [
      ['first page, status submitted (the desk opens here)', '/api/review/applications?status=submitted'],
      ['first page, all statuses', '/api/review/applications'],
      ['first page, Italy, submitted, over 4 weeks', '/api/review/applications?status=submitted&market=it&age=over4w'],
      ['search by e-mail prefix', '/api/review/applications?q=applicant4242'],
    ] as const) {
      for (let i = 0; i < 100; i++) await test.app.inject({ method: 'GET', url, headers: { cookie } });
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        const response = await test.app.inject({ method: 'GET', url, headers: { cookie } });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      const p99 = percentile(times, 99);
      rows.push({ group, figure: `${name}: p50`, value: percentile(times, 50), unit: 'ms', target: '', pass: null });
      rows.push({ group, figure: `${name}: p99`, value: p99, unit: 'ms', target: '< 50 ms', pass: p99 < 50 });
    }
    return rows;
  } finally {
    await test.close();
  }
}

export const reviewQueueBenchmark: Benchmark = {
  name: 'review queue',
  run: (ctx) => onBothDatabases(ctx, benchOne, { group: 'review queue (PostgreSQL)', figure: 'p99', target: '< 50 ms' }),
};
