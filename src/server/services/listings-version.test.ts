// The listings version: no query while the notifications are up and nothing changed, one read after
// a change, a read on every call while listening is down, and listening again after a loss.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../test/context.ts';
import { insertListings } from '../test/listings.ts';
import { createListingsVersion, LISTINGS_CHANNEL } from './listings-version.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test?.close();
});

const quiet = { warn: () => {}, info: () => {} };

/** The database with its statements counted (drizzle's execute, what the version reads with). */
function counted(database: DatabaseHandle) {
  const count = { statements: 0 };
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property === 'execute') {
        return (...args: unknown[]) => {
          count.statements += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as Database;
  return { db, count };
}

describe('the listings version', () => {
  it('answers from memory while nothing changes, and changes at the commit of a listing change, with one read', async () => {
    const { db, count } = counted(test.database);
    const version = await createListingsVersion({ db, listen: test.database.listen }, quiet);
    try {
      expect(version.listening()).toBe(true);
      const first = await version.current();
      expect(first).toMatch(/^[0-9a-f]{8}\.\d+$/);
      const reads = count.statements;
      for (let i = 0; i < 100; i += 1) expect(await version.current()).toBe(first);
      expect(count.statements).toBe(reads);

      // A change the finder does not show: no NOTIFY, the same version.
      await test.database.db.execute(sql`update applications set updated_at = now()`);
      expect(await version.current()).toBe(first);

      await insertListings(test.database.db, [{ country: 'uk', lat: 51, lng: 0 }]);
      await expect.poll(() => version.current(), { timeout: 5_000 }).not.toBe(first);
      const second = await version.current();
      const after = count.statements;
      for (let i = 0; i < 100; i += 1) expect(await version.current()).toBe(second);
      expect(count.statements).toBe(after);
    } finally {
      await version.close();
    }
  });

  it('reads the database on every call while it cannot listen, so a change is never missed', async () => {
    const { db, count } = counted(test.database);
    const version = await createListingsVersion({ db, listen: () => Promise.reject(new Error('no listening')) }, quiet);
    try {
      expect(version.listening()).toBe(false);
      const first = await version.current();
      const reads = count.statements;
      await version.current();
      expect(count.statements).toBeGreaterThan(reads);
      await insertListings(test.database.db, [{ country: 'it', lat: 45, lng: 9 }]);
      expect(await version.current()).not.toBe(first);
    } finally {
      await version.close();
    }
  });

  it('reads on every call after the listening connection is lost, and listens again', async () => {
    let lose: ((error: unknown) => void) | undefined;
    const listen: DatabaseHandle['listen'] = (channel, onNotify, onLost) => {
      lose = onLost;
      return test.database.listen(channel, onNotify, onLost);
    };
    const warnings: string[] = [];
    const version = await createListingsVersion(
      { db: test.database.db, listen },
      { warn: (_o: object, m?: string) => void warnings.push(String(m)), info: () => {} },
    );
    try {
      const first = await version.current();
      if (usingPostgres()) {
        // The real thing: the server ends the listening session.
        await test.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`LISTEN "${LISTINGS_CHANNEL}"`}`,
        );
      } else {
        lose!(new Error('connection lost'));
      }
      await expect.poll(() => version.listening(), { timeout: 5_000 }).toBe(false);
      expect(warnings).toHaveLength(1);
      // Not listening: a change is seen by the next call all the same.
      await insertListings(test.database.db, [{ country: 'uk', lat: 52, lng: 0 }]);
      expect(await version.current()).not.toBe(first);
      await expect.poll(() => version.listening(), { timeout: 10_000 }).toBe(true);
      const second = await version.current();
      await insertListings(test.database.db, [{ country: 'uk', lat: 52.1, lng: 0 }]);
      await expect.poll(() => version.current(), { timeout: 5_000 }).not.toBe(second);
    } finally {
      await version.close();
    }
  });
});
