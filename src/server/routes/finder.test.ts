// GET /api/v1/finder/pharmacies: only approved listings, only the public keys, named by their
// listing ids (never application ids), nearest first, paged, filtered by service, validated, and
// revalidated with an ETag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDER_PAGE_SIZE, FINDER_PHARMACY_KEYS } from '#shared/schemas/finder.ts';
import { applications } from '../db/schema.ts';
import { EARTH_RADIUS_KM } from '../services/finder.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { greatCircleKm, insertListings, listingIdsOf, listingsVersionSettled, setStatus, submitApplication, type ApplicationStatus } from '../test/listings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const find = (query: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: `/api/v1/finder/pharmacies?${query}`, headers });
// Liverpool, where the UK test payload's pharmacy is.
const HERE = { lat: 53.4, lng: -2.99 };
const near = (extra = '') => `market=uk&lat=${HERE.lat}&lng=${HERE.lng}${extra}`;

describe('GET /api/v1/finder/pharmacies', () => {
  it('lists an application submitted through the form once it is approved, with exactly the public keys', async () => {
    const { id } = await submitApplication(ctx, 'uk', { whereYouWork: 'Approved Chemist', firstName: 'Priya' });
    const [listingId] = await listingIdsOf(ctx.database.db, [id]);
    expect((await find(near())).json().data.map((p: { id: string }) => p.id)).not.toContain(listingId);

    await setStatus(ctx.database.db, id, 'approved');
    const answer = (await find(near())).json();
    const item = answer.data.find((p: { id: string }) => p.id === listingId);
    expect(item).toMatchObject({
      id: listingId,
      pharmacyName: 'Approved Chemist',
      firstName: 'Priya',
      market: 'uk',
      lat: 53.4,
      lng: -2.99,
      distanceKm: 0,
      about: 'Ten years in community pharmacy.',
    });
    for (const listed of answer.data) expect(Object.keys(listed).sort()).toEqual([...FINDER_PHARMACY_KEYS].sort());
    expect(JSON.stringify(answer)).not.toMatch(/@|O'Brien|edit_?token|registration/i);
  });

  it('names every listing by its own listing id: no application id appears in any answer', async () => {
    const { id } = await submitApplication(ctx, 'uk', { whereYouWork: 'Own Id Chemist' });
    await setStatus(ctx.database.db, id, 'approved');
    const [listingId] = await listingIdsOf(ctx.database.db, [id]);
    expect(listingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(listingId).not.toBe(id);

    const applicationIds = (await ctx.database.db.select({ id: applications.id }).from(applications)).map((row) => row.id);
    const answers = [
      (await find(near())).body,
      (await find(near('&radiusKm=100&service=flu'))).body,
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/finder/listings/${listingId}` })).body,
    ];
    expect(answers[0]).toContain(listingId);
    for (const body of answers) for (const applicationId of applicationIds) expect(body).not.toContain(applicationId);
    // An application's id does not open a listing either.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/finder/listings/${id}` })).statusCode).toBe(404);
  });

  it('keeps only the listings whose services contain a keyword, in any case, with the total to match', async () => {
    const [lat, lng] = [51.2, -1.3];
    const ids = await insertListings(ctx.database.db, [
      { country: 'uk', lat, lng: lng + 0.001, services: 'Flu jabs, Blood pressure checks', name: 'Both' },
      { country: 'uk', lat, lng: lng + 0.002, services: 'Stop smoking; BLOOD PRESSURE', name: 'Pressure only' },
      { country: 'uk', lat, lng: lng + 0.003, services: 'Flu jabs', name: 'Flu only' },
      { country: 'uk', lat, lng: lng + 0.004, services: '100% natural_remedies', name: 'Percent' },
    ]);
    const names = async (query: string) => (await find(`market=uk&lat=${lat}&lng=${lng}${query}`)).json();
    expect((await names('&service=blood%20pressure')).data.map((p: { pharmacyName: string }) => p.pharmacyName)).toEqual(['Both', 'Pressure only']);
    expect(await names('&service=%20Blood%20Pressure%20')).toMatchObject({ total: 2 });
    expect((await names('&service=flu')).total).toBe(2);
    expect((await names('&service=vaccines')).total).toBe(0);
    // The keyword is text, not a pattern: % and _ match themselves only.
    expect((await names('&service=%25')).data.map((p: { pharmacyName: string }) => p.pharmacyName)).toEqual(['Percent']);
    expect((await names('&service=f_u')).total).toBe(0);
    expect((await names('&service=')).total).toBe(4);
    expect((await find(`market=uk&lat=${lat}&lng=${lng}&service=${'x'.repeat(61)}`)).statusCode).toBe(400);
    expect(ids).toHaveLength(4);
  });

  it('never lists submitted, changes_requested, rejected, deactivated or erased applications', async () => {
    const hidden: ApplicationStatus[] = ['submitted', 'changes_requested', 'rejected', 'deactivated', 'erased'];
    const ids = await insertListings(
      ctx.database.db,
      hidden.map((status) => ({ country: 'uk', lat: HERE.lat + 0.001, lng: HERE.lng, status, name: `Hidden ${status}` })),
    );
    const [listed] = await insertListings(ctx.database.db, [{ country: 'uk', lat: HERE.lat + 0.001, lng: HERE.lng, name: 'Listed one' }]);
    const [listedId] = await listingIdsOf(ctx.database.db, [listed!]);
    const shown = (await find(near())).json().data.map((p: { id: string }) => p.id);
    expect(shown).toContain(listedId);
    for (const id of await listingIdsOf(ctx.database.db, ids)) expect(shown).not.toContain(id);

    // Taking a listing down removes it from the very next answer.
    await setStatus(ctx.database.db, listed!, 'deactivated');
    expect((await find(near())).json().data.map((p: { id: string }) => p.id)).not.toContain(listedId);
  });

  it('lists only the market asked for, within the radius, nearest first', async () => {
    // Due north of HERE, 1 to 30 km away (1 km ≈ 0.009°), in shuffled order; one in Italy at the same spot.
    const kms = [12, 3, 30, 1, 7, 20];
    const ids = await insertListings(
      ctx.database.db,
      kms.map((km) => ({ country: 'uk' as const, lat: 50 + km * 0.008993, lng: 0, name: `North ${km}` })),
    );
    await insertListings(ctx.database.db, [{ country: 'it', lat: 50.009, lng: 0, name: 'Elsewhere' }]);
    const answer = (await find('market=uk&lat=50&lng=0&radiusKm=25')).json();
    expect(answer.data.map((p: { pharmacyName: string }) => p.pharmacyName)).toEqual(['North 1', 'North 3', 'North 7', 'North 12', 'North 20']);
    expect(answer.total).toBe(5);
    const distances = answer.data.map((p: { distanceKm: number }) => p.distanceKm);
    expect(distances[0]).toBeCloseTo(1, 1);
    expect(distances[4]).toBeCloseTo(20, 0);
    expect(ids).toHaveLength(6);
  });

  it('pages through the listings, FINDER_PAGE_SIZE at a time', async () => {
    const count = FINDER_PAGE_SIZE + 5;
    await insertListings(
      ctx.database.db,
      Array.from({ length: count }, (_, i) => ({ country: 'de' as const, lat: 48 + i * 0.001, lng: 11 })),
    );
    const first = (await find('market=de&lat=48&lng=11')).json();
    const second = (await find('market=de&lat=48&lng=11&page=2')).json();
    const beyond = (await find('market=de&lat=48&lng=11&page=3')).json();
    expect(first).toMatchObject({ total: count, page: 1, pageSize: FINDER_PAGE_SIZE });
    expect(first.data).toHaveLength(FINDER_PAGE_SIZE);
    expect(second.data).toHaveLength(5);
    expect(second.data[0].distanceKm).toBeGreaterThanOrEqual(first.data.at(-1).distanceKm);
    expect(new Set([...first.data, ...second.data].map((p: { id: string }) => p.id)).size).toBe(count);
    expect(beyond).toMatchObject({ data: [], total: count, page: 3 });
  });

  it('pages a dense circle nearest first, also where the spot itself is sparser than the circle', async () => {
    // 30 listings 0.3 to 9 km north of the point, 400 in a ring 20 to 24 km around it: the first
    // page is all near ones; the second needs the ring too.
    const [lat, lng] = [52, 8];
    const kmPerDegree = (Math.PI * EARTH_RADIUS_KM) / 180;
    const near = Array.from({ length: 30 }, (_, i) => ({ lat: lat + ((i + 1) * 0.3) / kmPerDegree, lng }));
    const ring = Array.from({ length: 400 }, (_, i) => {
      const km = 20 + i * 0.01;
      const bearing = (i * 137.5 * Math.PI) / 180;
      return { lat: lat + (km * Math.cos(bearing)) / kmPerDegree, lng: lng + (km * Math.sin(bearing)) / (kmPerDegree * Math.cos((lat * Math.PI) / 180)) };
    });
    const seeds = [...ring, ...near].map((p) => ({ country: 'de' as const, ...p }));
    const ids = await listingIdsOf(ctx.database.db, await insertListings(ctx.database.db, seeds));
    const expected = ids.map((id, i) => ({ id, km: greatCircleKm(lat, lng, seeds[i]!.lat, seeds[i]!.lng) })).sort((a, b) => a.km - b.km);

    const pages = await Promise.all([1, 2, 3].map(async (page) => (await find(`market=de&lat=${lat}&lng=${lng}&page=${page}`)).json()));
    for (const [i, answer] of pages.entries()) {
      expect(answer.total).toBe(430);
      expect(answer.data.map((p: { id: string }) => p.id)).toEqual(expected.slice(i * FINDER_PAGE_SIZE, (i + 1) * FINDER_PAGE_SIZE).map((e) => e.id));
    }
    expect(pages[1].data.at(-1).distanceKm).toBeGreaterThan(20);
  });

  it('answers 304 to a matching If-None-Match and a new ETag once the listings change', async () => {
    await listingsVersionSettled(ctx);
    const first = await find('market=it&lat=45&lng=9');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await find('market=it&lat=45&lng=9', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await insertListings(ctx.database.db, [{ country: 'it', lat: 45.01, lng: 9 }]);
    await listingsVersionSettled(ctx);
    const changed = await find('market=it&lat=45&lng=9', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('refuses a bad query with 400 and the fields at fault', async () => {
    const cases: Array<[string, string[]]> = [
      ['', ['market', 'lat', 'lng']],
      ['market=fr&lat=1&lng=1', ['market']],
      ['market=uk&lat=91&lng=0', ['lat']],
      ['market=uk&lat=abc&lng=0', ['lat']],
      ['market=uk&lat=51&lng=0&radiusKm=500', ['radiusKm']],
      ['market=uk&lat=51&lng=0&page=0', ['page']],
      ['market=uk&lat=51&lng=0&page=1.5', ['page']],
    ];
    for (const [query, fields] of cases) {
      const response = await find(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = response.json();
      expect(problem).toMatchObject({ type: '/api/v1/problems/invalid-parameter', status: 400 });
      expect(problem.invalidParams.map((p: { name: string }) => p.name).sort(), query).toEqual([...fields].sort());
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
