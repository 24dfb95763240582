// The data map against the live schema (issue 42 item 2): every table and column of the database's
// public schema is classified exactly once, and every classified one still exists.
import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/client.ts';
import { NOT_PERSONAL, PERSONAL_COLUMNS, type PersonalColumn } from './data-map.ts';

export interface LiveColumn {
  table: string;
  column: string;
}

export interface MapProblems {
  /** `table.column` in the database but in neither list. */
  unclassified: string[];
  /** `table.column` (or `table.*`) in a list but not in the database. */
  gone: string[];
  /** `table.column` in both lists, or twice in one. */
  twice: string[];
}

export async function liveColumns(db: Queryable): Promise<LiveColumn[]> {
  const result = await db.execute(
    sql`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  return rowsOf<LiveColumn>(result);
}

export function checkDataMap(
  live: readonly LiveColumn[],
  personal: readonly Pick<PersonalColumn, 'table' | 'column'>[] = PERSONAL_COLUMNS,
  notPersonal = NOT_PERSONAL,
): MapProblems {
  const liveKeys = new Set(live.map((c) => `${c.table}.${c.column}`));
  const liveTables = new Set(live.map((c) => c.table));
  const counted = new Map<string, number>();
  const count = (key: string) => counted.set(key, (counted.get(key) ?? 0) + 1);
  for (const c of personal) count(`${c.table}.${c.column}`);
  for (const [table, names] of Object.entries(notPersonal)) {
    if (names !== 'all') for (const name of names) count(`${table}.${name}`);
  }
  const wholeTables = new Set(Object.entries(notPersonal).flatMap(([table, names]) => (names === 'all' ? [table] : [])));
  const unclassified = live.filter((c) => !wholeTables.has(c.table) && !counted.has(`${c.table}.${c.column}`)).map((c) => `${c.table}.${c.column}`);
  const gone = [...[...counted.keys()].filter((key) => !liveKeys.has(key)), ...[...wholeTables].filter((t) => !liveTables.has(t)).map((t) => `${t}.*`)];
  const twice = [...counted].filter(([key, n]) => n > 1 || wholeTables.has(key.slice(0, key.indexOf('.')))).map(([key]) => key);
  return { unclassified, gone: gone.sort(), twice: twice.sort() };
}
