// GET /api/v1/finder/search (issue 38 item 2): nearest first, a bounded page at a time with an
// opaque cursor, the total only when asked, problem details for a bad parameter or cursor; and
// the deprecated page-number search's headers.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/client.ts';
import { finderRoutes } from './finder.ts';
import { FINDER_PHARMACY_KEYS } from '#shared/schemas/finder.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { insertListings, listingIdsOf, listingsVersionSettled, setStatus } from '../test/listings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const search = (query: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: `/api/v1/finder/search?${query}`, headers });

interface Item {
  id: string;
  pharmacyName: string;
  distanceKm: number;
}

/** Every page of a search, following `next` until it is null. */
async function allPages(query: string) {
  const pages: Item[][] = [];
  let cursor: string | null = null;
  do {
    const response = await search(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    pages.push(answer.data);
    cursor = answer.next;
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return pages;
}

describe('GET /api/v1/finder/search', () => {
  // Near Norwich: 45 listings around the point, three of them at the very same place (one
  // pharmacy, three champions), and a far ring at 20 km.
  const [lat, lng] = [52.63, 1.3];
  let nearIds: string[] = [];
  beforeAll(async () => {
    const seeds = Array.from({ length: 42 }, (_, i) => ({
      country: 'uk' as const,
      lat: lat + (i % 7) * 0.004,
      lng: lng + Math.floor(i / 7) * 0.006,
      name: `Near ${i}`,
    }));
    const same = Array.from({ length: 3 }, (_, i) => ({ country: 'uk' as const, lat: lat + 0.01, lng: lng + 0.01, name: `Same place ${i}` }));
    nearIds = await listingIdsOf(ctx.database.db, await insertListings(ctx.database.db, [...seeds, ...same]));
    await insertListings(
      ctx.database.db,
      Array.from({ length: 10 }, (_, i) => ({ country: 'uk' as const, lat: lat + 0.18, lng: lng + i * 0.001, name: `Far ${i}` })),
    );
  });

  it('pages through every listing within the radius once, nearest first, limit by limit, ending with next null', async () => {
    const pages = await allPages(`market=uk&lat=${lat}&lng=${lng}&radiusKm=10&limit=20`);
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    const items = pages.flat();
    expect(new Set(items.map((item) => item.id)).size).toBe(45);
    expect(items.map((item) => item.id).sort()).toEqual([...nearIds].sort());
    const distances = items.map((item) => item.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const item of items) expect(Object.keys(item).sort()).toEqual([...FINDER_PHARMACY_KEYS].sort());
  });

  it('splits listings at the same distance across pages without losing or repeating one', async () => {
    for (const limit of [1, 2, 3, 4, 7]) {
      const items = (await allPages(`market=uk&lat=${lat}&lng=${lng}&radiusKm=10&limit=${limit}`)).flat();
      expect(items.map((item) => item.id).sort(), `limit ${limit}`).toEqual([...nearIds].sort());
    }
  });

  it('reaches out to the radius when the nearby listings do not fill a page', async () => {
    const items = (await allPages(`market=uk&lat=${lat}&lng=${lng}&radiusKm=30&limit=50`)).flat();
    expect(items).toHaveLength(55);
    expect(items.slice(-10).every((item) => item.pharmacyName.startsWith('Far '))).toBe(true);
  });

  it('answers the total only when asked', async () => {
    const plain = (await search(`market=uk&lat=${lat}&lng=${lng}&radiusKm=10`)).json();
    expect(plain).not.toHaveProperty('total');
    expect(plain.data).toHaveLength(20);
    expect((await search(`market=uk&lat=${lat}&lng=${lng}&radiusKm=10&count=true`)).json().total).toBe(45);
  });

  it('keeps a service filter across pages, and a cursor works only for the search it came from', async () => {
    const first = (await search(`market=uk&lat=${lat}&lng=${lng}&radiusKm=10&limit=5`)).json();
    expect(first.next).toEqual(expect.any(String));
    // The same cursor with another point, radius, market or keyword is refused, naming the cursor.
    for (const other of [
      `market=uk&lat=52.73&lng=${lng}&radiusKm=10`,
      `market=uk&lat=${lat}&lng=${lng}&radiusKm=11`,
      `market=it&lat=${lat}&lng=${lng}&radiusKm=10`,
      `market=uk&lat=${lat}&lng=${lng}&radiusKm=10&service=flu`,
    ]) {
      const response = await search(`${other}&limit=5&cursor=${first.next}`);
      expect(response.statusCode, other).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().invalidParams).toEqual([{ name: 'cursor', reason: expect.any(String) }]);
    }
    // Another page size with the same cursor reads on from it.
    const second = (await search(`market=uk&lat=${lat}&lng=${lng}&radiusKm=10&limit=7&cursor=${first.next}`)).json();
    expect(second.data).toHaveLength(7);
    expect(second.data.map((item: Item) => item.id)).not.toContain(first.data[4].id);
  });

  it('refuses a bad parameter or a malformed cursor with problem details naming it, in the asked language', async () => {
    const cases: Array<[string, string[]]> = [
      ['', ['market', 'lat', 'lng']],
      ['market=uk&lat=52&lng=1&limit=51', ['limit']],
      ['market=uk&lat=52&lng=1&limit=0', ['limit']],
      ['market=uk&lat=52&lng=1&count=yes', ['count']],
      ['market=uk&lat=52&lng=1&cursor=not%20base64', ['cursor']],
      ['market=uk&lat=52&lng=1&cursor=eyJ2IjoxfQ', ['cursor']],
      [`market=uk&lat=52&lng=1&cursor=${'a'.repeat(600)}`, ['cursor']],
      ['market=uk&lat=52&lng=1&lang=fr', ['lang']],
    ];
    for (const [query, names] of cases) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.headers['cache-control']).toBe('no-store');
      const problem = response.json();
      expect(problem).toMatchObject({ type: '/api/v1/problems/invalid-parameter', status: 400, title: expect.any(String) });
      expect(problem.invalidParams.map((p: { name: string }) => p.name).sort(), query).toEqual([...names].sort());
    }
    const italian = await search('market=it&lat=95&lng=1&lang=it');
    expect(italian.headers['content-language']).toBe('it');
    expect(italian.json().title).toBe('Un parametro non è valido');
    expect((await search('market=de&lat=95&lng=1&lang=de')).json().invalidParams[0].reason).toBe('Dieser Wert ist hier ungültig.');
  });

  it('answers 304 to a conditional request while nothing changed, and the new page once a listing is taken down', async () => {
    const query = `market=uk&lat=${lat}&lng=${lng}&radiusKm=10&limit=50`;
    await listingsVersionSettled(ctx);
    const first = await search(query);
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=30');
    const etag = String(first.headers.etag);
    expect((await search(query, { 'if-none-match': etag })).statusCode).toBe(304);

    const [taken] = await insertListings(ctx.database.db, [{ country: 'uk', lat: lat + 0.001, lng, name: 'Taken down soon' }]);
    await listingsVersionSettled(ctx);
    const withNew = await search(query, { 'if-none-match': etag });
    expect(withNew.statusCode).toBe(200);
    const etagWithNew = String(withNew.headers.etag);
    await setStatus(ctx.database.db, taken!, 'deactivated');
    await listingsVersionSettled(ctx);
    const after = await search(query, { 'if-none-match': etagWithNew });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.map((item: Item) => item.pharmacyName)).not.toContain('Taken down soon');
  });
});

describe('conditional requests', () => {
  it('are answered 304 from the listings version without a statement, on every finder route; a search costs one', async () => {
    const [listed] = await insertListings(ctx.database.db, [{ country: 'uk', lat: 50.1, lng: -5.5, name: 'Counted' }]);
    const [listingId] = await listingIdsOf(ctx.database.db, [listed!]);
    await listingsVersionSettled(ctx);
    let statements = 0;
    const counting: Queryable = { execute: (query) => ((statements += 1), ctx.database.db.execute(query)) } as Queryable;
    const app = Fastify();
    await finderRoutes(app, { db: counting, readsFromPrimary: true, listingsVersion: ctx.app.services.listingsVersion, rateLimit: {} });
    try {
      for (const url of [
        '/api/v1/finder/search?market=uk&lat=50.1&lng=-5.5',
        '/api/v1/finder/pharmacies?market=uk&lat=50.1&lng=-5.5',
        `/api/v1/finder/listings/${listingId}`,
      ]) {
        const beforeFirst = statements;
        const first = await app.inject({ method: 'GET', url });
        expect(first.statusCode, url).toBe(200);
        // On the primary a search is one statement: its reaches are one, its version is known.
        if (url.includes('/search')) expect(statements - beforeFirst, url).toBe(1);
        const before = statements;
        const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
        expect(again.statusCode, url).toBe(304);
        expect(statements - before, url).toBe(0);
      }
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/v1/finder/pharmacies (deprecated)', () => {
  it('still answers by page number, with Deprecation, Sunset and a link to the search that replaces it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/finder/pharmacies?market=uk&lat=52.63&lng=1.3&page=2' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', page: 2, pageSize: 20 });
    expect(response.headers.deprecation).toMatch(/^@\d{10}$/);
    expect(new Date(String(response.headers.sunset)).getTime()).toBeGreaterThan(Date.parse('2027-01-01'));
    expect(response.headers.link).toBe('</api/v1/finder/search>; rel="successor-version"');
    // Its errors are problem details too, and still deprecated.
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/finder/pharmacies?market=uk&lat=52.63&lng=1.3&page=0' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.deprecation).toBeDefined();
  });
});
