// The public search from each server's read model on a fleet (docs/decisions/0075): two servers on
// one database (on PostgreSQL, each with a pool of its own); a listing deactivated through the first
// server's review desk is gone from the second server's search once the second knows the new
// listings version, and an approval appears there, with no write of the second server's own.
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '#shared/markets.ts';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createTestDatabase, usingPostgres } from '../test/context.ts';
import { insertListings, listingIdsOf, setStatus } from '../test/listings.ts';

const MARKET = COUNTRIES[0];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const searchIds = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: `/api/v1/finder/search?market=${MARKET}&lat=51.5&lng=-0.1&radiusKm=10&limit=50` });
  expect(response.statusCode, response.body).toBe(200);
  return { ids: (response.json() as { data: { id: string }[] }).data.map((item) => item.id), etag: String(response.headers.etag) };
};

describe('the search on a fleet', () => {
  it('drops a listing deactivated through another server, and shows one approved there', { timeout: 120_000 }, async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.close());
    const second: DatabaseHandle = usingPostgres() ? await openDatabase(test.config) : test.database;
    if (second !== test.database) cleanups.push(() => second.close());
    const one = await buildApp(test.config, { database: test.database });
    const two = await buildApp(test.config, { database: second });
    cleanups.push(async () => {
      await two.close();
      await one.close();
    });
    await Promise.all([one.ready(), two.ready()]);

    const [listedId, pendingId] = (await insertListings(test.database.db, [
      { country: MARKET, lat: 51.5, lng: -0.1, name: 'Fleet' },
      { country: MARKET, lat: 51.501, lng: -0.1, name: 'Pending', status: 'submitted' },
    ])) as [string, string];
    const [listingId, pendingListingId] = await listingIdsOf(test.database.db, [listedId, pendingId]);
    await expect.poll(async () => (await searchIds(two)).ids, { timeout: 5_000 }).toEqual([listingId]);
    const before = (await searchIds(two)).etag;

    const reviewer = await one.services.auth.users.add({
      email: 'fleet.search@example.com',
      firstName: 'Ana',
      lastName: 'Reviewer',
      role: 'reviewer',
      language: 'en',
    });
    if (reviewer === 'duplicate') throw new Error('duplicate');
    const decided = await one.services.reviewDesk.decide(
      listedId,
      { decision: 'deactivate', reason: 'Closed', internalNote: '', confirmClaim: true },
      reviewer.id,
      () => '',
    );
    expect(decided.ok).toBe(true);
    await expect.poll(async () => (await searchIds(two)).etag, { timeout: 5_000, interval: 20 }).not.toBe(before);
    expect((await searchIds(two)).ids).toEqual([]);

    await setStatus(test.database.db, pendingId, 'approved');
    await expect.poll(async () => (await searchIds(two)).ids, { timeout: 5_000, interval: 20 }).toEqual([pendingListingId]);
    // Every answer of the second server is its model's: the deactivated listing never comes back.
    expect((await searchIds(two)).ids).not.toContain(listingId);
  });
});
