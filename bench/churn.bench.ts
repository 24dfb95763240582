// Issue 26: after 100,000 churned rows in the tables with churn (staff sessions, rate limits,
// idempotency keys, the mail outbox, drafts), registration p99 and the staff list p99 stay within
// 1.2 × their fresh-database figures on PGlite. PGlite has no autovacuum; the app tidies those
// tables itself in its hourly upkeep (src/server/services/embedded-upkeep.ts, decision 0033).
//
// The app in the bench's own process, listening on 127.0.0.1, on an on-disk PGlite (as `npm start`
// runs it), with 10,000 applications already in it. Measured three times on the same database:
// fresh; after the churn; after the churn and the upkeep's tidy-up. Each time: 1,000 distinct
// registrations at 32 clients from a second process (bench/lib/load-client.ts), then the review
// desk's first page 300 times one after the other (session check included).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/server/db/client.ts';
import { CHURNED_TABLES, tidyChurnedTables } from '../src/server/services/embedded-upkeep.ts';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { createTestContext } from '../src/server/test/context.ts';
import { validApplication } from '../src/server/test/payloads.ts';
import { percentile } from '../src/server/test/pool.ts';
import { addStaff, signIn } from '../src/server/test/staff.ts';
import { runLoad } from './lib/load.ts';
import type { BenchContext, Benchmark, Row } from './lib/report.ts';

const CLIENTS = 32;
const LIST_URL = '/api/review/applications?status=submitted';
/** Within this many times the fresh database's p99 (issue 26). */
const TARGET_RATIO = 1.2;

/**
 * `perTable` rows written and then removed the way the app does it, in each of the five tables:
 * sessions signed in, touched and purged; rate-limit keys counted twice and purged; idempotency
 * keys stored and purged; mails queued, claimed and marked sent (sent mail stays); drafts saved,
 * saved again and purged. Every one leaves dead row versions (and index entries) behind.
 */
async function churn(db: Database, userId: string, perTable: number): Promise<void> {
  const rows = sql`generate_series(1, ${perTable}) as g`;
  await db.execute(sql`insert into staff_sessions (id, user_id, created_at, last_seen_at, absolute_expires_at, mfa_passed)
    select 'churn-' || g, ${userId}, now() - interval '1 day', now() - interval '1 day', now() - interval '1 hour', true from ${rows}`);
  await db.execute(sql`update staff_sessions set last_seen_at = now() - interval '2 hours' where id like 'churn-%'`);
  await db.execute(sql`delete from staff_sessions where id like 'churn-%'`);

  await db.execute(sql`insert into rate_limit_hits (key, count, resets_at) select 'churn-' || g, 1, now() - interval '1 minute' from ${rows}`);
  await db.execute(sql`update rate_limit_hits set count = count + 1 where key like 'churn-%'`);
  await db.execute(sql`delete from rate_limit_hits where resets_at < now()`);

  await db.execute(sql`insert into idempotent_requests (user_id, key, route, answer, created_at)
    select ${userId}, 'churn-' || g, 'POST /api/v1/register/rep/visits', '{}'::jsonb, now() - interval '3 days' from ${rows}`);
  await db.execute(sql`delete from idempotent_requests where key like 'churn-%'`);

  await db.execute(
    sql`insert into mail_outbox ("to", mailbox, subject, text) select 'churn' || g || '@bench.example.com', 'churn' || g || '@bench.example.com', 'Churn', 'Churn' from ${rows}`,
  );
  await db.execute(
    sql`update mail_outbox set claimed_until = now() + interval '5 minutes', claim_token = gen_random_uuid(), attempts = attempts + 1 where "to" like 'churn%'`,
  );
  await db.execute(sql`update mail_outbox set sent_at = now(), claimed_until = null, claim_token = null where "to" like 'churn%'`);

  await db.execute(sql`insert into drafts (token_hash, email, mailbox, country, language, step, data, expires_at)
    select 'churn-' || g, 'churn' || g || '@bench.example.com', 'churn' || g || '@bench.example.com', 'de', 'de', 1, '{"step":1}'::jsonb, now() - interval '1 day' from ${rows}`);
  await db.execute(sql`update drafts set step = 2, data = '{"step":2}'::jsonb where token_hash like 'churn-%'`);
  await db.execute(sql`delete from drafts where expires_at < now()`);
}

interface Figures {
  saveP50: number;
  saveP99: number;
  savePerSecond: number;
  saveErrors: number;
  listP50: number;
  listP99: number;
}

async function measure(
  url: string,
  list: () => Promise<number>,
  unsentMail: () => Promise<number>,
  run: string,
  index: number,
  count: number,
  listRequests: number,
): Promise<Figures> {
  const tokens = await solvedTokensFrom(url, count);
  const bodies = tokens.map((recaptchaToken, i) => validApplication({ country: 'uk', distinct: { run, index: index + i } }, { recaptchaToken }));
  const save = await runLoad({ url, method: 'POST', path: '/api/save-pharmacist', connections: CLIENTS, bodies });
  // The saves' 'received' e-mails go out first, so that the list is timed alone.
  while (await unsentMail()) await new Promise((resolve) => setTimeout(resolve, 100));
  for (let i = 0; i < 20; i++) await list();
  const times: number[] = [];
  for (let i = 0; i < listRequests; i++) times.push(await list());
  return {
    saveP50: save.p50Ms,
    saveP99: save.p99Ms,
    savePerSecond: save.perSecond,
    saveErrors: save.errors + save.timeouts + save.non2xx,
    listP50: percentile(times, 50),
    listP99: percentile(times, 99),
  };
}

/** The churned tables' size on disk, indexes included, in MB. */
async function churnedTablesMb(db: Database): Promise<number> {
  const names = sql.join(
    CHURNED_TABLES.map((t) => sql`${t}`),
    sql`, `,
  );
  const [row] = rowsOf<{ bytes: string }>(
    await db.execute(
      sql`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::text as bytes from pg_class c where c.relkind = 'r' and c.relname in (${names})`,
    ),
  );
  return Number(row?.bytes ?? 0) / 1024 / 1024;
}

async function bench(ctx: BenchContext): Promise<Row[]> {
  const perTable = ctx.quick ? 4_000 : 20_000;
  const saves = ctx.quick ? 300 : 1_000;
  const listRequests = ctx.quick ? 100 : 300;
  const group = 'churn (PGlite)';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-churn-'));
  const test = await createTestContext({
    database: { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    rateLimitMax: 1_000_000,
    maxConnectionsPerClient: 0,
  });
  try {
    const { app } = test;
    const { db } = test.database;
    ctx.log('churn: 10,000 applications, a reviewer');
    await db.execute(sql`insert into pharmacies (place_id, name, address, lat, lng) values ('bench:churn', 'Bench Pharmacy', '1 Bench Street', 53.4, -2.99)`);
    await db.execute(sql`insert into applications (edit_token_hash, country, language, status, email, email_normalized, first_name, last_name,
        registration_body, registration_number, place_id, answers, submitted_at)
      select encode(sha256(convert_to('churn-token-' || g, 'UTF8')), 'hex'), 'uk', 'en', 'submitted', 'queued' || g || '@bench.example.com', 'queued' || g || '@bench.example.com', 'First' || g, 'Last' || g,
        'UK (GPhC)', (8000000 + g)::text, 'bench:churn', '{}'::jsonb, now() - (g || ' minutes')::interval
      from generate_series(1, 10000) as g`);
    const reviewer = await addStaff(test, 'reviewer');
    const { cookie } = await signIn(test, reviewer);
    const list = async () => {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: LIST_URL, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`${LIST_URL}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      return performance.now() - started;
    };
    const unsentMail = async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null`))[0]!.n;
    const url = await app.listen({ host: '127.0.0.1', port: 0 });

    ctx.log('churn: warm-up, then the fresh database');
    const warm = await solvedTokensFrom(url, 200);
    await runLoad({
      url,
      method: 'POST',
      path: '/api/save-pharmacist',
      connections: CLIENTS,
      bodies: warm.map((recaptchaToken, i) => validApplication({ country: 'uk', distinct: { run: 'churnwarm', index: 400_000 + i } }, { recaptchaToken })),
    });
    const fresh = await measure(url, list, unsentMail, 'churnfresh', 100_000, saves, listRequests);

    ctx.log(`churn: ${(perTable * 5).toLocaleString('en-GB')} churned rows`);
    const churnStarted = performance.now();
    await churn(db, reviewer.id, perTable);
    const churnSeconds = (performance.now() - churnStarted) / 1000;
    const churnedMb = await churnedTablesMb(db);
    const churned = await measure(url, list, unsentMail, 'churned', 200_000, saves, listRequests);

    ctx.log('churn: the hourly upkeep tidies the churned tables');
    const tidyMs = await tidyChurnedTables(db, { info: () => undefined });
    const tidied = await measure(url, list, unsentMail, 'tidied', 300_000, saves, listRequests);

    const ratio = (after: number, before: number) => `${(after / before).toFixed(2)} × fresh (${before.toFixed(0)} ms)`;
    const figure = (name: string, value: number, before: number, target: boolean): Row => ({
      group,
      figure: name,
      value,
      unit: 'ms',
      target: target ? `≤ ${TARGET_RATIO} × fresh` : '',
      ratio: ratio(value, before),
      pass: target ? value <= TARGET_RATIO * before : null,
    });
    const errors = fresh.saveErrors + churned.saveErrors + tidied.saveErrors;
    return [
      {
        group,
        figure: `fresh: save-pharmacist p99, ${CLIENTS} clients`,
        value: fresh.saveP99,
        unit: 'ms',
        target: '',
        ratio: `p50 ${fresh.saveP50} ms, ${fresh.savePerSecond.toFixed(0)} req/s`,
        pass: null,
      },
      {
        group,
        figure: 'fresh: staff list p99 (review desk, first page)',
        value: fresh.listP99,
        unit: 'ms',
        target: '',
        ratio: `p50 ${fresh.listP50.toFixed(1)} ms`,
        pass: null,
      },
      {
        group,
        figure: `churned rows (5 tables × ${perTable.toLocaleString('en-GB')})`,
        value: perTable * 5,
        unit: 'rows',
        target: '',
        ratio: `written in ${churnSeconds.toFixed(1)} s; the churned tables then take ${churnedMb.toFixed(1)} MB with their indexes`,
        pass: null,
      },
      figure(`after the churn, no upkeep yet: save-pharmacist p99`, churned.saveP99, fresh.saveP99, false),
      figure('after the churn, no upkeep yet: staff list p99', churned.listP99, fresh.listP99, false),
      {
        group,
        figure: `upkeep tidy-up (vacuum + analyze, ${CHURNED_TABLES.length} tables, one statement each)`,
        value: tidyMs,
        unit: 'ms',
        target: '',
        pass: null,
      },
      figure('after the churn and the upkeep: save-pharmacist p99', tidied.saveP99, fresh.saveP99, true),
      figure('after the churn and the upkeep: staff list p99', tidied.listP99, fresh.listP99, true),
      { group, figure: 'save-pharmacist errors, all three runs', value: errors, unit: '', target: '0', pass: errors === 0 },
    ];
  } finally {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const churnBenchmark: Benchmark = { name: 'churn', run: bench };
