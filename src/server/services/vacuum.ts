// A plain VACUUM after an erasure, on PGlite and PostgreSQL alike: the old versions of the rewritten
// and deleted rows would otherwise keep the erased data on disk until something else vacuums.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

export async function vacuum(db: Database, tables: readonly string[], log?: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  try {
    await db.execute(sql.raw(`vacuum ${tables.join(', ')}`));
  } catch (error) {
    // The erasure stands; the old versions go at the next vacuum (autovacuum on PostgreSQL).
    log?.warn({ err: error }, 'vacuum after an erasure failed');
  }
}
