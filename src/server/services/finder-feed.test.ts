// The change feed's trigger (migration 0027) and pruning: which writes to applications become
// changes, in which market, and how the horizon moves. On PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { rowsOf } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/context.ts';
import { insertListings, listingIdsOf } from '../test/listings.ts';
import { decodeCursor, encodeCursor, pruneFeed, readChanges } from './finder-feed.ts';
import { readFeedState } from './listings-version.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test?.close();
});

const db = () => test.database.db;

/** The feed's rows after `seq`, as `op market listing_id`. */
async function changesAfter(seq: number): Promise<string[]> {
  return rowsOf<{ op: string; market: string; listing_id: string }>(
    await db().execute(sql`select op, market, listing_id from finder_changes where seq > ${seq} order by seq`),
  ).map((row) => `${row.op} ${row.market} ${row.listing_id}`);
}
const lastSeq = async () => (await readFeedState(db())).seq;

describe('the trigger on applications', () => {
  it('records a listing inserted approved, not one inserted submitted', async () => {
    const before = await lastSeq();
    const [listed, waiting] = await insertListings(db(), [
      { country: 'uk', lat: 51, lng: 0 },
      { country: 'uk', lat: 51, lng: 0, status: 'submitted' },
    ]);
    const [listedId] = await listingIdsOf(db(), [listed!, waiting!]);
    expect(await changesAfter(before)).toEqual([`upsert uk ${listedId}`]);
  });

  it('records an edit of what the finder shows, and nothing for columns it does not show', async () => {
    const [id] = await insertListings(db(), [{ country: 'it', lat: 45, lng: 9 }]);
    const [listingId] = await listingIdsOf(db(), [id!]);
    const before = await lastSeq();
    await db().execute(
      sql`update applications set last_name = 'X', email = 'x@example.com', updated_at = now(), answers = answers || '{"otherField": 1}'::jsonb where id = ${id!}`,
    );
    expect(await changesAfter(before)).toEqual([]);
    for (const edit of [
      sql`first_name = 'Giada'`,
      sql`photo = 'p.jpg'`,
      sql`answers = answers || '{"services": "Vaccini"}'::jsonb`,
      sql`answers = answers || '{"address": "Via Roma 1"}'::jsonb`,
      sql`answers = answers || '{"anythingElseAboutYou": "Ciao"}'::jsonb`,
      sql`answers = answers || '{"whereYouWork": "Farmacia"}'::jsonb`,
      sql`answers = answers || '{"lat": 45.1}'::jsonb`,
    ]) {
      const at = await lastSeq();
      await db().execute(sql`update applications set ${edit} where id = ${id!}`);
      expect(await changesAfter(at)).toEqual([`upsert it ${listingId}`]);
    }
  });

  it('records a delete for a delisting, a pin removed, a row deleted, and a delete then an upsert for a new listing id or market', async () => {
    const ids = await insertListings(db(), [
      { country: 'uk', lat: 52, lng: 0 },
      { country: 'uk', lat: 52, lng: 0 },
      { country: 'uk', lat: 52, lng: 0 },
      { country: 'uk', lat: 52, lng: 0 },
      { country: 'uk', lat: 52, lng: 0 },
    ]);
    const [deactivated, unpinned, deleted, relisted, moved] = ids as [string, string, string, string, string];
    const [a, b, c, d, e] = await listingIdsOf(db(), ids);
    let at = await lastSeq();
    await db().execute(sql`update applications set status = 'deactivated' where id = ${deactivated}`);
    await db().execute(sql`update applications set answers = answers - 'lat' where id = ${unpinned}`);
    await db().execute(sql`delete from applications where id = ${deleted}`);
    expect(await changesAfter(at)).toEqual([`delete uk ${a}`, `delete uk ${b}`, `delete uk ${c}`]);

    at = await lastSeq();
    await db().execute(sql`update applications set listing_id = gen_random_uuid() where id = ${relisted}`);
    await db().execute(sql`update applications set country = 'it' where id = ${moved}`);
    const [newId] = await listingIdsOf(db(), [relisted]);
    expect(await changesAfter(at)).toEqual([`delete uk ${d}`, `upsert uk ${newId}`, `delete uk ${e}`, `upsert it ${e}`]);

    // Back from deactivated: listed again.
    at = await lastSeq();
    await db().execute(sql`update applications set status = 'approved' where id = ${deactivated}`);
    expect(await changesAfter(at)).toEqual([`upsert uk ${a}`]);
  });

  it('notifies finder_listings with the seq when a change commits', async () => {
    const heard: number[] = [];
    const stop = await test.database.listen('finder_listings', () => heard.push(Date.now()));
    try {
      await insertListings(db(), [{ country: 'uk', lat: 53, lng: 0 }]);
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThan(0);
    } finally {
      await stop();
    }
  });
});

describe('cursors', () => {
  it('round-trip, and refuse anything else', () => {
    const cursor = { market: 'uk' as const, epoch: '3f2c1a9e-0000-4000-8000-000000000001', seq: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const text of [
      '',
      'x',
      '!!',
      Buffer.from('v1.fr.3f2c1a9e-0000-4000-8000-000000000001.1').toString('base64url'),
      Buffer.from('v1.uk.3f2c1a9e-0000-4000-8000-000000000001.-1').toString('base64url'),
      Buffer.from('v1.uk.3f2c1a9e-0000-4000-8000-000000000001.01').toString('base64url'),
      Buffer.from('v1.uk.3f2c1a9e-0000-4000-8000-000000000001.99999999999999999').toString('base64url'),
      'A'.repeat(513),
    ]) {
      expect(decodeCursor(text)).toBeNull();
    }
  });
});

describe('pruning', () => {
  it('keeps at least 90 days (FINDER_FEED_DAYS)', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).finderFeedDays).toBe(90);
    expect(loadConfig({ DATABASE_URL: 'memory://', FINDER_FEED_DAYS: '365' }).finderFeedDays).toBe(365);
    expect(() => loadConfig({ DATABASE_URL: 'memory://', FINDER_FEED_DAYS: '30' })).toThrow(/FINDER_FEED_DAYS/);
  });

  it('deletes the changes older than the days kept, as a prefix of seqs, and moves the horizon so older cursors expire', async () => {
    const state = await readFeedState(db());
    const old = encodeCursor({ market: 'uk', epoch: state.epoch, seq: 0 });
    expect((await readChanges(db(), 'uk', old, 10)).kind).toBe('ok');
    // Nothing is old enough yet.
    expect(await pruneFeed(db(), 90)).toMatchObject({ pruned: 0 });
    await insertListings(db(), [{ country: 'uk', lat: 54, lng: 0 }]);
    const middle = await lastSeq();
    await insertListings(db(), [{ country: 'uk', lat: 54.1, lng: 0 }]);
    // Every change up to `middle` is old (a later one with an earlier `at` goes with them: its transaction began first).
    await db().execute(sql`update finder_changes set at = now() - interval '100 days' where seq <= ${middle}`);
    await db().execute(sql`update finder_changes set at = now() - interval '200 days' where seq = ${middle - 1}`);
    const { prunedThrough } = await pruneFeed(db(), 90);
    expect(prunedThrough).toBe(middle);
    expect(rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from finder_changes where seq <= ${middle}`))[0]!.n).toBe(0);
    expect((await readChanges(db(), 'uk', old, 10)).kind).toBe('expired');
    const atHorizon = await readChanges(db(), 'uk', encodeCursor({ market: 'uk', epoch: state.epoch, seq: middle }), 10);
    expect(atHorizon).toMatchObject({ kind: 'ok', data: [{ op: 'upsert' }] });
    // The version never goes back, even with every change pruned.
    await db().execute(sql`update finder_changes set at = now() - interval '100 days'`);
    const last = await lastSeq();
    await pruneFeed(db(), 90);
    expect(await lastSeq()).toBe(last);
  });
});
