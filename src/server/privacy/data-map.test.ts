// Issue 42 item 2: the data map against the live schema of a freshly migrated database (PGlite
// here; PostgreSQL in `npm run test:api:postgres`). A migration that adds a column cannot land
// without classifying it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/context.ts';
import { checkDataMap, liveColumns } from './schema-check.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.close());

describe('the data map', () => {
  it('classifies every table and column of the migrated database exactly once, and nothing that is gone', async () => {
    expect(checkDataMap(await liveColumns(test.database.db))).toEqual({ unclassified: [], gone: [], twice: [] });
  });

  it('names a column a migration adds until it is classified', async () => {
    const before = checkDataMap(await liveColumns(test.database.db)).unclassified;
    await test.database.db.execute(sql`alter table applications add column nickname text`);
    await test.database.db.execute(sql`create table visitor_notes (id uuid primary key, body text)`);
    try {
      const problems = checkDataMap(await liveColumns(test.database.db));
      expect(problems.unclassified.filter((column) => !before.includes(column))).toEqual(['applications.nickname', 'visitor_notes.id', 'visitor_notes.body']);
    } finally {
      await test.database.db.execute(sql`alter table applications drop column nickname`);
      await test.database.db.execute(sql`drop table visitor_notes`);
    }
  });

  it('names a mapped column that no longer exists, and one classified twice', () => {
    const live = [{ table: 'drafts', column: 'email' }];
    const problems = checkDataMap(
      live,
      [
        { table: 'drafts', column: 'email' },
        { table: 'drafts', column: 'phone' },
      ],
      { drafts: ['email'], gone_table: 'all' },
    );
    expect(problems).toEqual({ unclassified: [], gone: ['drafts.phone', 'gone_table.*'], twice: ['drafts.email'] });
  });
});
