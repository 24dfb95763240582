// Decision 0069: on PostgreSQL the daily job rewrites (VACUUM FULL) the tables erasures touch, when
// the day saw an erasure. A rewrite gives a table a new file (relfilenode): that is what is checked
// (the SQL is the same on PGlite, where this runs by default).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { dataRightsEvents } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { ERASED_FROM, erasureRewriteJob } from './vacuum.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const NOW = new Date('2027-03-10T03:00:00Z');
const files = async () =>
  rowsOf<{ name: string; node: number }>(
    await ctx.database.db.execute(
      sql`select relname as name, pg_relation_filenode(oid)::int as node from pg_class where relname in ${sql.raw(`(${ERASED_FROM.map((t) => `'${t}'`).join(', ')})`)} order by relname`,
    ),
  );

describe('the daily rewrite after erasures (PostgreSQL)', () => {
  it('leaves the tables alone on a day without an erasure, and rewrites every one of them after one', async () => {
    const job = erasureRewriteJob(ctx.database.db, ctx.app.log, () => NOW);
    const before = await files();
    expect(before.map((t) => t.name).sort()).toEqual([...ERASED_FROM].sort());
    await ctx.database.db.insert(dataRightsEvents).values({ applicationId: null, event: 'erased', at: new Date(NOW.getTime() - 25 * 3600_000) });
    await job.run();
    expect(await files()).toEqual(before);

    await ctx.database.db.insert(dataRightsEvents).values({ applicationId: null, event: 'erased', at: new Date(NOW.getTime() - 3600_000) });
    await job.run();
    const after = await files();
    for (const table of before) expect(after.find((t) => t.name === table.name)?.node, table.name).not.toBe(table.node);
  });
});
