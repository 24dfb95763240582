// Which release this server is and which schema it runs on, for /readyz (issue 37 item 4): the
// version in package.json, and the migrations this release knows against those the database has.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/client.ts';
import { journalEntries } from '../db/backup/tables.ts';

export const RELEASE_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface SchemaState {
  /** The last migration this release knows. */
  migration: string | null;
  /** Known to this release, not applied yet (a start applies them before it listens). */
  pending: number;
  /** Applied by a newer release: this server runs on a schema it does not know all of. */
  newer: number;
}

/** Whether the database answers (liveness and readiness): throws when it does not. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.execute(sql`select 1`);
}

export async function schemaState(db: Queryable): Promise<SchemaState> {
  const applied = new Set(
    rowsOf<{ when: string }>(await db.execute(sql`select created_at::text as "when" from drizzle.__drizzle_migrations`)).map((row) => Number(row.when)),
  );
  const known = journalEntries();
  return {
    migration: known.at(-1)?.tag ?? null,
    pending: known.filter((entry) => !applied.has(entry.when)).length,
    newer: [...applied].filter((when) => !known.some((entry) => entry.when === when)).length,
  };
}
