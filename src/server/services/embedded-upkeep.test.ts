// Issue 26: PGlite has no autovacuum, so the hourly upkeep vacuums the churned tables and
// analyses them there, and a daily job analyses every table; on PostgreSQL autovacuum does both.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { CHURNED_TABLES, embeddedAnalyzeJob } from './embedded-upkeep.ts';
import { upkeepJob } from './upkeep.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const stats = async (table: string) =>
  rowsOf<{ last_vacuum: unknown; last_analyze: unknown }>(
    await ctx.database.db.execute(sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = ${table}`),
  )[0];

describe('the hourly upkeep and the embedded database', () => {
  it('names only tables that exist', async () => {
    for (const table of CHURNED_TABLES) expect(await stats(table), table).toBeDefined();
  });

  it('vacuums and analyses the churned tables on PGlite, and leaves PostgreSQL to autovacuum', async () => {
    await upkeepJob(ctx.app, ctx.config).run();
    const pglite = ctx.config.database.kind === 'pglite';
    for (const table of ['staff_sessions', 'rate_limit_hits', 'mail_outbox']) {
      const row = await stats(table);
      expect(row?.last_vacuum !== null, table).toBe(pglite);
      expect(row?.last_analyze !== null, table).toBe(pglite);
    }
    expect((await stats('applications'))?.last_analyze).toBeNull();
  });

  it('analyses every table in the daily job', async () => {
    await embeddedAnalyzeJob(ctx.database.db, ctx.app.log).run();
    for (const table of ['applications', 'field_pharmacies', 'call_entries']) expect((await stats(table))?.last_analyze, table).not.toBeNull();
  });
});
