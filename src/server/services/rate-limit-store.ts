// The rate limits' counts in the database (@fastify/rate-limit's store interface), so that every
// server on one PostgreSQL counts together: one upsert per limited request. Keys are hashed: the
// table holds no client address. On the embedded database, one process is the whole fleet
// (docs/decisions/0006), and the plugin's in-memory store counts the same for less.
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/client.ts';

/** Counts one request for the key in its current window (opened now if none is), answering the count and the ms left. */
export async function countHit(db: Queryable, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const hashed = createHash('sha256').update(key).digest('base64url');
  const window = `${Math.max(1, Math.round(windowMs))} milliseconds`;
  const result = await db.execute(sql`
    insert into rate_limit_hits as h (key, count, resets_at) values (${hashed}, 1, now() + ${window}::interval)
    on conflict (key) do update set
      count = case when h.resets_at <= now() then 1 else h.count + 1 end,
      resets_at = case when h.resets_at <= now() then excluded.resets_at else h.resets_at end
    returning h.count, ceil(extract(epoch from (h.resets_at - now())) * 1000)::integer as ttl`);
  const row = rowsOf<{ count: number; ttl: number }>(result)[0]!;
  return { current: Number(row.count), ttl: Math.min(windowMs, Math.max(0, Number(row.ttl))) };
}

export async function purgeRateLimitHits(db: Queryable): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where resets_at < now()`);
}

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The store class the plugin instantiates; each route's child counts under its own method and path. */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_options: unknown, prefix = '') {
      this.prefix = prefix;
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as RouteParams).routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `${String(route.method)} ${route.url ?? ''} `);
    }
  }
  return DatabaseRateLimitStore;
}
