// GET /api/v1/finder/snapshot and /changes (issue 38 item 3): a client that keeps a market's
// listings from a snapshot and the changes after it ends with exactly the finder's listings
// through approvals, edits, deactivations, erasures and a new listing id, in both markets, with a
// delete for each delisting; cursors that are not ours answer 400, pruned ones 410, and a snapshot
// answers 304 while nothing changed.
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country } from '#shared/markets.ts';
import { FinderChangesAnswerSchema, FinderSnapshotAnswerSchema, type FinderChange } from '#shared/schemas/finder-api.ts';
import type { FinderListing } from '#shared/schemas/finder.ts';
import * as z from 'zod/mini';
import { rowsOf } from '../db/client.ts';
import { applications } from '../db/schema.ts';
import { pruneFeed } from '../services/finder-feed.ts';
import { findListing } from '../services/finder.ts';
import { PUBLIC_LISTINGS_CACHE_CONTROL } from '../services/listings-version.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { insertListings, listingIdsOf, listingsVersionSettled, submitApplication } from '../test/listings.ts';
import { addStaff } from '../test/staff.ts';

let ctx: TestContext;
let reviewerId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  reviewerId = (await addStaff(ctx, 'reviewer')).id;
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const PLACE: Record<Country, { lat: number; lng: number }> = { uk: { lat: 51.5, lng: -0.12 }, it: { lat: 45.46, lng: 9.19 }, de: { lat: 52.52, lng: 13.4 } };

/** An app's offline copy of one market. */
class Client {
  listings = new Map<string, FinderListing>();
  cursor = '';
  received: FinderChange[] = [];
  readonly market: Country;
  constructor(market: Country) {
    this.market = market;
  }

  async snapshot() {
    const response = await get(`/api/v1/finder/snapshot?market=${this.market}`, { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(PUBLIC_LISTINGS_CACHE_CONTROL);
    const answer = z.parse(FinderSnapshotAnswerSchema, JSON.parse(gunzipSync(response.rawPayload).toString('utf8')));
    this.listings = new Map(answer.data.map((listing) => [listing.id, listing as FinderListing]));
    this.cursor = answer.cursor;
  }

  /** Reads the changes page by page until a page is empty; answers the changes received. */
  async sync(limit = 500): Promise<FinderChange[]> {
    const received: FinderChange[] = [];
    for (let pages = 0; pages < 1000; pages += 1) {
      const response = await get(`/api/v1/finder/changes?market=${this.market}&since=${this.cursor}&limit=${limit}`);
      expect(response.statusCode, response.body).toBe(200);
      const answer = z.parse(FinderChangesAnswerSchema, response.json());
      for (const change of answer.data) {
        if (change.op === 'upsert') this.listings.set(change.id, change.listing as FinderListing);
        else this.listings.delete(change.id);
      }
      received.push(...(answer.data as FinderChange[]));
      if (answer.data.length === 0) {
        expect(answer.next).toBe(this.cursor);
        this.received.push(...received);
        return received;
      }
      this.cursor = answer.next;
    }
    throw new Error('the feed did not end');
  }
}

/** What the finder lists in a market now: the listed ids, each as the finder's own listing answers it. */
async function finderListings(market: Country): Promise<Map<string, FinderListing>> {
  const ids = rowsOf<{ listing_id: string }>(
    await ctx.database.db.execute(
      sql`select listing_id from applications where country = ${market} and status = 'approved' and lat is not null and lng is not null`,
    ),
  ).map((row) => row.listing_id);
  const listings = await Promise.all(ids.map((id) => findListing(ctx.database.db, id)));
  return new Map(listings.map((listing) => [listing!.id, listing!]));
}

const sorted = (listings: Map<string, FinderListing>) => [...listings.values()].sort((a, b) => a.id.localeCompare(b.id));

const decide = async (id: string, decision: 'approve' | 'deactivate' | 'reject') => {
  const outcome = await ctx.app.services.reviewDesk.decide(
    id,
    { decision, reason: decision === 'approve' ? '' : 'Closed', internalNote: '', confirmClaim: true },
    reviewerId,
    () => 'https://example.com/edit',
  );
  expect(outcome.ok).toBe(true);
};

async function eraseApplicant(id: string) {
  const [row] = await ctx.database.db.select({ mailbox: applications.mailbox }).from(applications).where(eq(applications.id, id));
  await ctx.app.services.dataRights.eraseMailbox(row!.mailbox!);
}

describe('snapshot and change feed', () => {
  it('brings a client from a snapshot through approvals, edits, deactivations, erasures and a new listing id to exactly the finder listings, in both markets', async () => {
    const markets: Country[] = ['uk', 'it'];
    const seeded = Object.fromEntries(
      await Promise.all(
        markets.map(async (market) => [
          market,
          await insertListings(ctx.database.db, [
            { country: market, ...PLACE[market], name: `${market} kept` },
            { country: market, lat: PLACE[market].lat + 0.01, lng: PLACE[market].lng, name: `${market} edited` },
            { country: market, lat: PLACE[market].lat + 0.02, lng: PLACE[market].lng, name: `${market} re-listed` },
            { country: market, lat: PLACE[market].lat + 0.03, lng: PLACE[market].lng, name: `${market} waiting`, status: 'submitted' },
          ]),
        ]),
      ),
    ) as Record<Country, string[]>;
    const submitted = Object.fromEntries(
      await Promise.all(
        markets.map(async (m) => [m, [(await submitApplication(ctx, m)).id, (await submitApplication(ctx, m)).id, (await submitApplication(ctx, m)).id]]),
      ),
    ) as Record<Country, string[]>;
    // Two listed before the snapshot: one to deactivate, one to erase.
    for (const market of markets) {
      await decide(submitted[market][0]!, 'approve');
      await decide(submitted[market][1]!, 'approve');
    }

    const clients = Object.fromEntries(markets.map((m) => [m, new Client(m)])) as Record<Country, Client>;
    for (const market of markets) {
      await clients[market].snapshot();
      expect(sorted(clients[market].listings)).toEqual(sorted(await finderListings(market)));
      expect(clients[market].listings.size).toBe(5);
      // Nothing since the snapshot.
      expect(await clients[market].sync()).toEqual([]);
    }

    const delisted: Record<string, string[]> = {};
    for (const market of markets) {
      const [kept, edited, relisted] = seeded[market];
      const [toDeactivate, toErase, toApprove] = submitted[market];
      const [deactivatedId, erasedId, relistedOldId, approvedId, editedId] = await listingIdsOf(ctx.database.db, [
        toDeactivate!,
        toErase!,
        relisted!,
        toApprove!,
        edited!,
      ]);
      delisted[market] = [deactivatedId!, erasedId!, relistedOldId!];
      // An approval, an edit of a listed field, a change the finder does not show (none in the feed).
      await decide(toApprove!, 'approve');
      await ctx.database.db.execute(sql`update applications set answers = answers || '{"whereYouWork": "Renamed Pharmacy"}'::jsonb where id = ${edited!}`);
      await ctx.database.db.execute(sql`update applications set updated_at = now(), last_name = 'Other' where id = ${kept!}`);
      // A deactivation and an erasure, through the review desk and the data-rights service.
      await decide(toDeactivate!, 'deactivate');
      await eraseApplicant(toErase!);
      // A new listing id for the same application (the old one must go from the copies).
      await ctx.database.db.execute(sql`update applications set listing_id = gen_random_uuid() where id = ${relisted!}`);

      const changes = await clients[market].sync();
      const deletes = changes.filter((c) => c.op === 'delete').map((c) => c.id);
      expect(deletes.sort()).toEqual([...delisted[market]!].sort());
      expect(changes.find((c) => c.id === approvedId)).toMatchObject({ op: 'upsert', listing: { id: approvedId, market } });
      expect(changes.find((c) => c.id === editedId)).toMatchObject({ op: 'upsert', listing: { pharmacyName: 'Renamed Pharmacy' } });
      expect(changes.map((c) => c.id)).not.toContain((await listingIdsOf(ctx.database.db, [kept!]))[0]);
    }
    for (const market of markets) {
      const finder = await finderListings(market);
      expect(sorted(clients[market].listings)).toEqual(sorted(finder));
      expect(finder.size).toBe(4);
      // Each market's feed carries only its own listings.
      for (const change of clients[market].received) if (change.op === 'upsert') expect(change.listing.market).toBe(market);
    }
    // An erased applicant's listing is gone, and nothing of them comes back in any answer.
    for (const market of markets) for (const id of delisted[market]!) expect(clients[market].listings.has(id)).toBe(false);
  });

  it('pages by the limit, each listing once a page, to the same copy', async () => {
    const ids = await insertListings(
      ctx.database.db,
      Array.from({ length: 7 }, (_, i) => ({ country: 'uk' as const, lat: 52 + i / 100, lng: -1, name: `Paged ${i}` })),
    );
    const fresh = new Client('uk');
    await fresh.snapshot();
    const paged = new Client('uk');
    Object.assign(paged, { listings: new Map(fresh.listings), cursor: fresh.cursor });
    for (const id of ids.slice(0, 3)) await ctx.database.db.execute(sql`update applications set status = 'deactivated' where id = ${id}`);
    for (const id of ids.slice(0, 2)) await ctx.database.db.execute(sql`update applications set status = 'approved' where id = ${id}`);
    const received = await paged.sync(2);
    expect(received.length).toBeGreaterThanOrEqual(3);
    expect(sorted(paged.listings)).toEqual(sorted(await finderListings('uk')));
  });

  it('answers 400 naming `since` for a cursor that is not ours or of another market, 410 for a pruned one or one from before a restore', async () => {
    const uk = new Client('uk');
    await uk.snapshot();
    const it = new Client('it');
    await it.snapshot();
    const expectProblem = async (url: string, status: number, type: string) => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.headers['cache-control']).toBe('no-store');
      const problem = response.json();
      expect(problem).toMatchObject({ status, type: expect.stringContaining(type) });
      return problem as { invalidParams?: { name: string }[] };
    };
    for (const since of ['garbage', Buffer.from('v1.uk.nonsense.1').toString('base64url'), it.cursor, Buffer.from('v9.uk.x.1').toString('base64url')]) {
      const problem = await expectProblem(`/api/v1/finder/changes?market=uk&since=${since}`, 400, 'invalid-parameter');
      expect(problem.invalidParams?.map((p) => p.name)).toEqual(['since']);
    }
    // Missing, and characters a cursor never holds.
    expect((await expectProblem('/api/v1/finder/changes?market=uk', 400, 'invalid-parameter')).invalidParams?.map((p) => p.name)).toEqual(['since']);
    expect((await expectProblem('/api/v1/finder/changes?market=uk&since=a%2Fb', 400, 'invalid-parameter')).invalidParams?.map((p) => p.name)).toEqual([
      'since',
    ]);

    // A change, then every change is older than the feed keeps and is pruned: the old cursor is gone.
    const [id] = await insertListings(ctx.database.db, [{ country: 'uk', lat: 53, lng: -2, name: 'Pruned' }]);
    expect(id).toBeDefined();
    await ctx.database.db.execute(sql`update finder_changes set at = now() - interval '91 days'`);
    const { pruned } = await pruneFeed(ctx.database.db, 90);
    expect(pruned).toBeGreaterThan(0);
    await expectProblem(`/api/v1/finder/changes?market=uk&since=${uk.cursor}`, 410, 'cursor-expired');
    // A new snapshot's cursor reads on.
    await uk.snapshot();
    expect(await uk.sync()).toEqual([]);
    await insertListings(ctx.database.db, [{ country: 'uk', lat: 53.1, lng: -2, name: 'After the pruning' }]);
    expect((await uk.sync()).map((c) => c.op)).toEqual(['upsert']);

    // A restored database starts a feed of its own (a new epoch): cursors from before answer 410.
    await ctx.database.db.execute(sql`update finder_feed set epoch = gen_random_uuid()`);
    await expectProblem(`/api/v1/finder/changes?market=uk&since=${uk.cursor}`, 410, 'cursor-expired');
  });

  it('answers a snapshot 304 while nothing changed, and 200 without the listing after a delisting; uncompressed to a client without gzip', async () => {
    const [id] = await insertListings(ctx.database.db, [{ country: 'it', lat: 41.9, lng: 12.5, name: 'Roma' }]);
    const [listingId] = await listingIdsOf(ctx.database.db, [id!]);
    await listingsVersionSettled(ctx);
    const first = await get('/api/v1/finder/snapshot?market=it');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json().data.map((l: FinderListing) => l.id)).toContain(listingId);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"v[0-9a-f]{8}\.\d+-it"$/);

    const again = await get('/api/v1/finder/snapshot?market=it', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(PUBLIC_LISTINGS_CACHE_CONTROL);

    await ctx.database.db.execute(sql`update applications set status = 'deactivated' where id = ${id!}`);
    await listingsVersionSettled(ctx);
    const after = await get('/api/v1/finder/snapshot?market=it', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data.map((l: FinderListing) => l.id)).not.toContain(listingId);

    // The change feed's pages too: 304 for the same question while nothing changed.
    const page = await get(`/api/v1/finder/changes?market=it&since=${after.json().cursor}`);
    expect(page.statusCode).toBe(200);
    expect((await get(`/api/v1/finder/changes?market=it&since=${after.json().cursor}`, { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(304);
  });
});
