// The public API's counts in memory, flushed to the database (decision 0078): a quota is never
// refused early, is overshot by at most a tenth of it per server between flushes, and a request
// far from its quota (or already over it) costs no statement.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Queryable } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/context.ts';
import { createPublicApiCounter, localShare, type PublicApiCounter } from './public-api-counter.ts';

let opened: TestDatabase;
beforeAll(async () => {
  opened = await createTestDatabase();
});
afterAll(async () => opened.close());

const HOUR = 3_600_000;
/** A fixed moment in the middle of a window, so a test never crosses a window's end. */
const fixedNow = () => Math.floor(Date.now() / HOUR) * HOUR + HOUR / 2;

/** The database, counting the statements run through it. */
function counted(db: Queryable) {
  const tally = { statements: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return (...args: Parameters<Queryable['execute']>) => {
        tally.statements += 1;
        return target.execute(...args);
      };
    },
  });
  return { db: proxy, tally };
}

let clientSeq = 0;
const newClient = () => `client ${process.pid} ${(clientSeq += 1)}`;

/** Servers on one database, each its own counter (the timer out of the way: flushes are the test's). */
const servers = (count: number, now: () => number = fixedNow) =>
  Array.from({ length: count }, () => createPublicApiCounter(opened.database.db, { windowMs: HOUR, flushMs: HOUR, now }));
const closeAll = (counters: PublicApiCounter[]) => Promise.all(counters.map((counter) => counter.close()));

describe('the public API counter', () => {
  it('never refuses a request within the quota and lets at most a tenth of it more through per server, whatever the order of requests and flushes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.record({ server: fc.nat(2), flush: fc.boolean() }), { minLength: 1, maxLength: 140 }),
        async (serverCount, max, steps) => {
          const counters = servers(serverCount);
          const client = newClient();
          let sent = 0;
          let allowed = 0;
          for (const step of steps) {
            const counter = counters[step.server % serverCount]!;
            if (step.flush) await counter.flush();
            sent += 1;
            const { current } = await counter.count(client, max);
            expect(current).toBeLessThanOrEqual(sent);
            if (current <= max) allowed += 1;
            else expect(sent).toBeGreaterThan(max);
          }
          expect(allowed).toBeGreaterThanOrEqual(Math.min(sent, max));
          expect(allowed).toBeLessThanOrEqual(max + serverCount * localShare(max));
          await closeAll(counters);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('holds the bound for requests that arrive at once on several servers, in waves between flushes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 10, max: 120 }),
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 80 }), flush: fc.boolean() }), { minLength: 1, maxLength: 5 }),
        async (serverCount, max, waves) => {
          const counters = servers(serverCount);
          const client = newClient();
          let sent = 0;
          let allowed = 0;
          for (const wave of waves) {
            if (wave.flush) await Promise.all(counters.map((counter) => counter.flush()));
            const answers = await Promise.all(Array.from({ length: wave.size }, (_, i) => counters[i % serverCount]!.count(client, max)));
            sent += wave.size;
            allowed += answers.filter(({ current }) => current <= max).length;
            if (sent <= max) expect(allowed).toBe(sent);
          }
          expect(allowed).toBeLessThanOrEqual(max + serverCount * localShare(max));
          await closeAll(counters);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('costs no statement far from the quota or past it, one a flush, and one a request near it', async () => {
    const { db, tally } = counted(opened.database.db);
    const counter = createPublicApiCounter(db, { windowMs: HOUR, flushMs: HOUR, now: fixedNow });
    const client = newClient();
    for (let i = 1; i <= 10; i += 1) expect((await counter.count(client, 100)).current).toBe(i);
    expect(tally.statements).toBe(0);
    await counter.flush();
    expect(tally.statements).toBe(1);
    // Another server counts 85 more; this one learns the fleet's total at its next flush.
    const other = createPublicApiCounter(opened.database.db, { windowMs: HOUR, flushMs: HOUR, now: fixedNow });
    for (let i = 0; i < 85; i += 1) await other.count(client, 100);
    await other.flush();
    tally.statements = 0;
    expect((await counter.count(client, 100)).current).toBe(11);
    expect(tally.statements).toBe(0);
    await counter.flush();
    expect(tally.statements).toBe(1);
    // Near the quota every request is counted in the database at once.
    for (let i = 97; i <= 100; i += 1) expect((await counter.count(client, 100)).current).toBe(i);
    expect(tally.statements).toBe(5);
    // Over it: refused, then refused from memory until the window ends.
    expect((await counter.count(client, 100)).current).toBe(101);
    expect(tally.statements).toBe(6);
    for (let i = 0; i < 50; i += 1) expect((await counter.count(client, 100)).current).toBeGreaterThan(100);
    expect(tally.statements).toBe(6);
    await closeAll([counter, other]);
  });

  it('starts each client again at one in the next window, and tells the time to the window’s end', async () => {
    let now = Math.floor(Date.now() / 60_000) * 60_000 + 45_000;
    const counter = createPublicApiCounter(opened.database.db, { windowMs: 60_000, flushMs: HOUR, now: () => now });
    const client = newClient();
    for (let i = 0; i < 3; i += 1) await counter.count(client, 2);
    const last = await counter.count(client, 2);
    expect(last.current).toBe(4);
    expect(last.ttl).toBe(15_000);
    now += 20_000;
    const next = await counter.count(client, 2);
    expect(next.current).toBe(1);
    expect(next.ttl).toBe(55_000);
    await counter.close();
  });

  it('keeps no client name in the table, and flushes what it holds when it closes', async () => {
    const counter = createPublicApiCounter(opened.database.db, { windowMs: HOUR, flushMs: HOUR, now: fixedNow });
    const client = `address 198.51.100.77 ${newClient()}`;
    await counter.count(client, 1000);
    await counter.close();
    const rows = rowsOf<{ key: string; count: number }>(await opened.database.db.execute(sql`select key, count from rate_limit_hits`));
    expect(rows.map((row) => row.key).join(' ')).not.toMatch(/198\.51|address|client/);
    const reopened = createPublicApiCounter(opened.database.db, { windowMs: HOUR, flushMs: HOUR, now: fixedNow });
    expect((await reopened.count(client, 1)).current).toBe(2);
    await reopened.close();
  });
});
