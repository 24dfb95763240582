import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/context.ts';
import { countHit, databaseRateLimitStore, purgeRateLimitHits } from './rate-limit-store.ts';

let opened: TestDatabase;
beforeAll(async () => {
  opened = await createTestDatabase();
});
afterAll(async () => opened.close());

const incr = (
  store: { incr: (key: string, cb: (error: Error | null, result?: { current: number; ttl: number }) => void, window: number, max: number) => void },
  key: string,
) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 30),
  );

describe('rate-limit store in the database', () => {
  it('counts every hit on one key together, whichever store (server) counts it', async () => {
    const { db } = opened.database;
    const Store = databaseRateLimitStore(db);
    const route = { routeInfo: { method: 'POST', url: '/api/save-pharmacist' } };
    const serverA = new Store({} as never).child(route as never);
    const serverB = new Store({} as never).child(route as never);
    const counts = await Promise.all(Array.from({ length: 10 }, (_, i) => incr(i % 2 ? serverA : serverB, '203.0.113.7')));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const { ttl } of counts) {
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    // Another route, or another address, counts on its own.
    const other = new Store({} as never).child({ routeInfo: { method: 'POST', url: '/api/drafts' } } as never);
    expect((await incr(other, '203.0.113.7')).current).toBe(1);
    expect((await incr(serverA, '203.0.113.8')).current).toBe(1);
  });

  it('keeps no client address, and starts a new window once the last one is over', async () => {
    const { db } = opened.database;
    await countHit(db, 'GET /x 198.51.100.1', 60_000);
    await countHit(db, 'GET /x 198.51.100.1', 60_000);
    const keys = rowsOf<{ key: string }>(await db.execute(sql`select key from rate_limit_hits`)).map((row) => row.key);
    expect(keys.join(' ')).not.toMatch(/198\.51|203\.0/);
    await db.execute(sql`update rate_limit_hits set resets_at = now() - interval '1 second'`);
    expect((await countHit(db, 'GET /x 198.51.100.1', 60_000)).current).toBe(1);
    await db.execute(sql`update rate_limit_hits set resets_at = now() - interval '1 second'`);
    await purgeRateLimitHits(db);
    expect(rowsOf(await db.execute(sql`select 1 from rate_limit_hits`))).toHaveLength(0);
  });
});
