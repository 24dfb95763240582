// What a backup reads and a restore writes, as the database itself describes it: the tables of the
// public schema (but NOT_BACKED_UP) in foreign-key order, and the migration the database is at.
// Read from the catalogue rather than from schema.ts, because a backup is restored at its own
// migration level, which may be older than the code's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, rowsOf, type Queryable } from '../client.ts';
import { NOT_BACKED_UP, type MigrationLevel } from './format.ts';

export interface BackedUpTable {
  name: string;
  /** Stored columns in table order; generated ones are left out (computed again on insert). */
  columns: string[];
  primaryKey: string[];
  /** Columns referring to the table's own rows (a rep's area manager): filled in after all its rows. */
  selfReferences: string[];
  /** A row may be megabytes (bytea): read a few at a time. */
  holdsBytes: boolean;
}

const jsonList = (text: string | null): string[] => (text ? (JSON.parse(text) as string[]) : []);

/** The tables to back up, each after the tables it refers to. */
export async function backedUpTables(db: Queryable): Promise<BackedUpTable[]> {
  const tables = rowsOf<{ name: string; columns: string | null; primary_key: string | null; holds_bytes: boolean }>(
    await db.execute(sql`
      select c.relname as name,
        (select json_agg(a.attname order by a.attnum)::text from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
        (select json_agg(a.attname order by k.ord)::text from pg_constraint p
          cross join unnest(p.conkey) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
          where p.conrelid = c.oid and p.contype = 'p') as primary_key,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.atttypid = 'bytea'::regtype) as holds_bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname`),
  ).filter((table) => !(table.name in NOT_BACKED_UP));
  const references = rowsOf<{ from: string; to: string; columns: string }>(
    await db.execute(sql`
      select cl.relname as "from", ref.relname as "to",
        (select json_agg(a.attname)::text from unnest(con.conkey) k(attnum)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_class ref on ref.oid = con.confrelid
      join pg_namespace n on n.oid = cl.relnamespace
      where con.contype = 'f' and n.nspname = 'public'`),
  );

  const described = tables.map((table) => ({
    name: table.name,
    columns: jsonList(table.columns),
    primaryKey: jsonList(table.primary_key),
    selfReferences: references.filter((r) => r.from === table.name && r.to === table.name).flatMap((r) => jsonList(r.columns)),
    holdsBytes: table.holds_bytes,
  }));
  return inForeignKeyOrder(described, references);
}

/** Each table after every table it refers to (by name, where several could come next). */
function inForeignKeyOrder(tables: BackedUpTable[], references: { from: string; to: string }[]): BackedUpTable[] {
  const names = new Set(tables.map((t) => t.name));
  const parentsOf = new Map(
    tables.map((t) => [t.name, new Set(references.filter((r) => r.from === t.name && r.to !== t.name && names.has(r.to)).map((r) => r.to))]),
  );
  const ordered: BackedUpTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !placed.has(t.name) && [...parentsOf.get(t.name)!].every((parent) => placed.has(parent)));
    if (!next)
      throw new Error(
        `The tables ${tables
          .filter((t) => !placed.has(t.name))
          .map((t) => t.name)
          .join(', ')} refer to each other in a cycle; a backup cannot order them.`,
      );
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations this code knows, oldest first (drizzle's journal). */
export function journalEntries(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  return (JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** The last migration applied to the database; null when none ever was. */
export async function migrationLevel(db: Queryable): Promise<MigrationLevel | null> {
  const [present] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!present?.present) return null;
  const [last] = rowsOf<{ hash: string; created_at: string }>(
    await db.execute(sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
  );
  if (!last) return null;
  const createdAt = Number(last.created_at);
  return { tag: journalEntries().find((entry) => entry.when === createdAt)?.tag ?? null, createdAt, hash: last.hash };
}

/** The tables of the public schema (but NOT_BACKED_UP) that hold at least one row. */
export async function tablesHoldingRows(db: Queryable): Promise<string[]> {
  const names = rowsOf<{ name: string }>(
    await db.execute(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    ),
  ).map((row) => row.name);
  const holding: string[] = [];
  for (const name of names) {
    if (name in NOT_BACKED_UP) continue;
    const [row] = rowsOf<{ any: boolean }>(await db.execute(sql`select exists (select 1 from ${sql.identifier(name)}) as any`));
    if (row?.any) holding.push(name);
  }
  return holding;
}
