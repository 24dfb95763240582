// Decision 0085: a database started from the migrated template is the database a fresh PGlite and
// every migration make: the same migrations recorded, the same tables and columns.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migratedPgliteTemplate, openDatabase, type DatabaseHandle } from './client.ts';

const IN_MEMORY = { database: { kind: 'pglite', dataDir: null } } as const;

/** Rows of a query, whichever driver answered (both answer `{ rows }`). */
const rows = async (database: DatabaseHandle, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;

async function shape(database: DatabaseHandle) {
  const migrations = await rows(database, sql`select hash from drizzle.__drizzle_migrations order by id`);
  const columns = await rows(
    database,
    sql`select table_name, column_name, data_type from information_schema.columns where table_schema = 'public' order by table_name, column_name`,
  );
  return { migrations, columns };
}

describe('the tests’ migrated PGlite template', () => {
  it('opens as the database a fresh PGlite and every migration make, and migrate() then applies nothing', async () => {
    const fresh = await openDatabase(IN_MEMORY);
    const copy = await openDatabase(IN_MEMORY, { template: await migratedPgliteTemplate() });
    try {
      await fresh.migrate();
      const before = await shape(copy);
      await copy.migrate();
      const after = await shape(copy);
      expect(before.migrations.length).toBeGreaterThan(0);
      expect(after).toEqual(before);
      expect(after).toEqual(await shape(fresh));
    } finally {
      await fresh.close();
      await copy.close();
    }
  });
});
