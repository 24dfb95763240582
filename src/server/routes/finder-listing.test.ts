// A listing's own page (issue 25 item 9): GET /api/v1/finder/listings/{listingId} answers a listed
// champion by its public listing id, with the public keys only; /{market}/finder/{listingId} is
// served with the pharmacy's title and description for a shared link, and 404 for an id not listed;
// deactivating or erasing the application takes both down at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDER_LISTING_KEYS } from '#shared/schemas/finder.ts';
import { testConfig } from '../config.ts';
import { applications, dataRightsLinks } from '../db/schema.ts';
import { hashToken } from '../services/tokens.ts';
import { createTestContext, fixtureWebDist, type TestContext } from '../test/context.ts';
import { insertListings, listingIdsOf, listingsVersionSettled, setStatus, submitApplication } from '../test/listings.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ webDist: fixtureWebDist(testConfig().dataDir) });
});
afterAll(async () => {
  await ctx?.close();
});

const listing = (listingId: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/finder/listings/${listingId}` });
const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const near = (lat: number, lng: number) => ctx.app.inject({ method: 'GET', url: `/api/v1/finder/pharmacies?market=uk&lat=${lat}&lng=${lng}` });
const UNKNOWN = '0b7c4a52-8a3e-4d55-9d0f-6f0e3c1f2a11';

async function approved(overrides: Record<string, unknown> = {}, country: 'uk' | 'it' = 'uk') {
  const { id } = await submitApplication(ctx, country, overrides);
  await setStatus(ctx.database.db, id, 'approved');
  const [listingId] = await listingIdsOf(ctx.database.db, [id]);
  await listingsVersionSettled(ctx);
  return { id, listingId: listingId! };
}

describe('GET /api/v1/finder/listings/{listingId}', () => {
  it('answers a listed champion by its listing id, with exactly the public keys', async () => {
    const { listingId } = await approved({ whereYouWork: 'Listing Chemist', firstName: 'Priya', services: 'Flu jabs, Blood pressure' });
    const response = await listing(listingId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const { data } = response.json();
    expect(Object.keys(data).sort()).toEqual([...FINDER_LISTING_KEYS].sort());
    expect(data).toMatchObject({
      id: listingId,
      pharmacyName: 'Listing Chemist',
      firstName: 'Priya',
      services: 'Flu jabs, Blood pressure',
      market: 'uk',
      lat: 53.4,
      lng: -2.99,
    });
    expect(response.body).not.toMatch(/@|O'Brien|registration/i);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/finder/listings/${listingId}`, headers: { 'if-none-match': String(response.headers.etag) } }))
        .statusCode,
    ).toBe(304);
  });

  it('answers 404 for an unknown or malformed id, and for an application not listed', async () => {
    const [submitted] = await insertListings(ctx.database.db, [{ country: 'uk', lat: 50, lng: 0, status: 'submitted' }]);
    const [submittedListing] = await listingIdsOf(ctx.database.db, [submitted!]);
    for (const id of [UNKNOWN, 'not-a-uuid', '..%2F..', submittedListing!]) {
      const response = await listing(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ type: '/api/v1/problems/not-found', status: 404, title: 'Not found' });
    }
  });
});

describe('/{market}/finder/{listingId}', () => {
  it("is served with the pharmacy as its title and description, in the page's language, so that a shared link reads well", async () => {
    const { listingId } = await approved({ whereYouWork: 'Boots <Bold> & Co', firstName: 'Priya', address: '1 Bold Street, Liverpool' });
    const uk = await page(`/uk/finder/${listingId}`);
    expect(uk.statusCode).toBe(200);
    expect(uk.body).toContain('<title>Boots &lt;Bold&gt; &amp; Co: cancer champion pharmacy – Pharmacy Champions</title>');
    expect(uk.body).toContain(
      '<meta name="description" content="Priya is a cancer champion at Boots &lt;Bold&gt; &amp; Co, 1 Bold Street, Liverpool: a community pharmacist trained to support people living with cancer.">',
    );
    expect(uk.body).toContain('<meta property="og:title" content="Boots &lt;Bold&gt; &amp; Co: cancer champion pharmacy – Pharmacy Champions">');
    expect(uk.body.match(/<title>/g)).toHaveLength(1);

    const inItalian = await page(`/uk/finder/${listingId}?lang=it`);
    expect(inItalian.body).toContain('<title>Boots &lt;Bold&gt; &amp; Co: farmacia con farmacista esperto in oncologia – Pharmacy Champions</title>');
    // The finder itself keeps the market's title.
    expect((await page('/uk/finder')).body).toContain('<title>Pharmacy Champions Registration</title>');
  });

  it('answers 404 (the not-found view) for an id that is not listed', async () => {
    for (const url of [`/uk/finder/${UNKNOWN}`, '/uk/finder/nonsense', '/de/finder/x%27%3Cscript%3E']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('og:title');
    }
  });

  it('is gone from the finder, the API and the page once the application is deactivated', async () => {
    const { id, listingId } = await approved({ whereYouWork: 'Deactivated Chemist' });
    await setStatus(ctx.database.db, id, 'deactivated');
    expect((await listing(listingId)).statusCode).toBe(404);
    expect((await page(`/uk/finder/${listingId}`)).statusCode).toBe(404);
    expect((await near(53.4, -2.99)).body).not.toContain(listingId);
  });

  it('is gone from the finder, the API and the page once the applicant erases their data', async () => {
    const { id, listingId } = await approved({ whereYouWork: 'Erased Chemist' }, 'uk');
    expect((await near(53.4, -2.99)).body).toContain(listingId);
    const [{ mailbox }] = (await ctx.database.db.select({ mailbox: applications.mailbox }).from(applications).where(eq(applications.id, id))) as [
      { mailbox: string | null },
    ];
    const token = 'E'.repeat(32);
    await ctx.database.db
      .insert(dataRightsLinks)
      .values({ tokenHash: hashToken(token), mailbox, country: 'uk', language: 'en', expiresAt: new Date(Date.now() + 86_400_000) });
    // The export names the listing.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).json().data.applications[0]).toMatchObject({ id, listingId });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(200);
    // The erased row no longer answers to the listing's id at all.
    expect(await listingIdsOf(ctx.database.db, [id])).not.toEqual([listingId]);

    expect((await listing(listingId)).statusCode).toBe(404);
    expect((await page(`/uk/finder/${listingId}`)).statusCode).toBe(404);
    expect((await near(53.4, -2.99)).body).not.toContain(listingId);
    expect((await near(53.4, -2.99)).body).not.toContain('Erased Chemist');
  });
});
