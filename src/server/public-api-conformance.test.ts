// The public API against its committed OpenAPI document, checked by a tool we did not write (issue 38
// item 9, docs/decisions/0056): the real server on a socket, Stoplight Prism in proxy mode in front
// of it with --errors, and a representative set of the patient app's requests through Prism. Prism
// validates each request and each answer (status, headers, media type, body) against the document;
// a violation is its own 500 problem (`prism/errors#VIOLATIONS`) and an `sl-violations` header, and a
// line of its log. A control proves the harness sees a violation when there is one.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClients } from './services/api-clients.ts';
import { encodeCursor } from './services/finder-feed.ts';
import { insertListings, listingIdsOf, listingsVersionSettled, setStatus } from './test/listings.ts';
import { PUBLIC_API_DOCUMENT, startListeningApp, startPrismProxy, type ListeningApp, type PrismProxy } from './test/public-api-server.ts';

const POINT = { lat: '51.4545', lng: '-2.5879' };
const near = `market=uk&lat=${POINT.lat}&lng=${POINT.lng}`;

let app: ListeningApp;
/** Validates requests and answers. */
let prism: PrismProxy;
/** Lets a request the document refuses through, to validate the server's answer to it. */
let loose: PrismProxy;
let listingIds: string[];
let applicationIds: string[];
let apiKey: string;
/** A key with a quota of 2 a minute, for 429. */
let smallKey: string;

beforeAll(async () => {
  // Held in the middle of a minute: the small key's four requests never straddle two of the limit's windows.
  const midMinute = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
  app = await startListeningApp({}, { now: () => midMinute });
  applicationIds = await insertListings(
    app.database.db,
    Array.from({ length: 12 }, (_, i) => ({
      country: 'uk' as const,
      lat: 51.4545 + i * 0.002,
      lng: -2.5879 + i * 0.001,
      services: i % 3 === 0 ? 'Wig fitting, flu jabs' : 'Flu jabs',
    })),
  );
  listingIds = await listingIdsOf(app.database.db, applicationIds);
  await listingsVersionSettled(app);
  const clients = createApiClients(app.database.db, { now: () => new Date() });
  apiKey = (await clients.issue({ name: 'Conformance test app', quotaPerMinute: 1000, actorId: null })).key;
  smallKey = (await clients.issue({ name: 'Conformance test app, small quota', quotaPerMinute: 2, actorId: null })).key;
  await clients.close();
  [prism, loose] = await Promise.all([
    startPrismProxy(PUBLIC_API_DOCUMENT, app.url),
    startPrismProxy(PUBLIC_API_DOCUMENT, app.url, { validateRequest: false }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([prism?.stop(), loose?.stop()]);
  await app?.close();
});

interface Sent {
  status: number;
  headers: Headers;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of many shapes, read by the assertions
}

/** A request through a proxy; fails the test on any violation Prism reports for it. */
async function through(proxy: PrismProxy, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Sent> {
  proxy.clearOutput();
  const response = await fetch(`${proxy.url}${pathAndQuery}`, { headers });
  const body = await response.text();
  // Prism writes its log line as the answer leaves; give it a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const report = `${pathAndQuery} -> ${response.status} ${response.headers.get('sl-violations') ?? ''}\n${body.slice(0, 2000)}\n${proxy.output()}`;
  expect(response.headers.get('sl-violations'), report).toBeNull();
  expect(body, report).not.toMatch(/stoplight\.io\/prism\/errors/);
  expect(proxy.violations(), report).toEqual([]);
  return { status: response.status, headers: response.headers, body, json: () => JSON.parse(body) };
}

describe('the public API through Prism (proxy, --errors)', () => {
  it('search: a first page, the next one by its cursor, the total, a service filter, a language', async () => {
    const first = await through(prism, `/api/v1/finder/search?${near}&radiusKm=10&limit=5`);
    expect(first.status).toBe(200);
    expect(first.json().data).toHaveLength(5);
    const next = await through(prism, `/api/v1/finder/search?${near}&radiusKm=10&limit=5&cursor=${first.json().next}`);
    expect(next.status).toBe(200);
    expect(next.json().data[0].id).not.toBe(first.json().data[0].id);
    const counted = await through(prism, `/api/v1/finder/search?${near}&radiusKm=10&count=true`);
    expect(counted.json().total).toBe(12);
    const wigs = await through(prism, `/api/v1/finder/search?${near}&service=wig&lang=it`);
    expect(wigs.json().data).toHaveLength(4);
    const empty = await through(prism, `/api/v1/finder/search?market=de&lat=52.52&lng=13.405&lang=de`);
    expect(empty.json()).toEqual({ data: [], next: null });
  });

  it('search: 400 problems for parameters out of range, a malformed cursor, and (past Prism) parameters the document refuses', async () => {
    for (const query of [
      `market=uk&lat=95&lng=0`,
      `${near}&radiusKm=0.5`,
      `${near}&radiusKm=101`,
      `${near}&limit=0`,
      `${near}&limit=51`,
      `${near}&cursor=bm90LWEtY3Vyc29y`,
      `${near}&lang=de&cursor=x`,
    ]) {
      const answer = await through(prism, `/api/v1/finder/search?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    for (const query of [
      `market=xx&lat=1&lng=1`,
      `lat=1&lng=1`,
      `market=uk&lat=1e3&lng=1`,
      `${near}&count=yes`,
      `${near}&lang=fr`,
      `${near}&radiusKm=1000`,
      `${near}&cursor=${'a'.repeat(600)}`,
    ]) {
      const answer = await through(loose, `/api/v1/finder/search?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json().invalidParams.length).toBeGreaterThan(0);
    }
  });

  it('the deprecated page-number search answers with its Deprecation and Sunset headers', async () => {
    const answer = await through(prism, `/api/v1/finder/pharmacies?${near}&radiusKm=10&page=1`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('deprecation')).toBeTruthy();
    expect(answer.headers.get('sunset')).toBeTruthy();
    expect(answer.json().total).toBe(12);
    expect((await through(loose, `/api/v1/finder/pharmacies?market=uk&lat=1&lng=x`)).status).toBe(400);
  });

  it('a listing by id: 200, 304 for its ETag, 404 for one not listed', async () => {
    const answer = await through(prism, `/api/v1/finder/listings/${listingIds[0]}`);
    expect(answer.status).toBe(200);
    const etag = answer.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await through(prism, `/api/v1/finder/listings/${listingIds[0]}`, { 'if-none-match': etag })).status).toBe(304);
    expect((await through(prism, `/api/v1/finder/listings/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await through(loose, `/api/v1/finder/listings/not-an-id`)).status).toBeOneOf([400, 404]);
  });

  it('snapshot and changes: the snapshot, its changes after a deactivation, 304, 400 for a malformed cursor, 410 for an expired one', async () => {
    const snapshot = await through(prism, `/api/v1/finder/snapshot?market=uk`);
    expect(snapshot.status).toBe(200);
    expect(snapshot.json().data).toHaveLength(12);
    const cursor = snapshot.json().cursor as string;
    expect((await through(prism, `/api/v1/finder/snapshot?market=uk`, { 'if-none-match': snapshot.headers.get('etag')! })).status).toBe(304);
    const none = await through(prism, `/api/v1/finder/changes?market=uk&since=${cursor}`);
    expect(none.json().data).toEqual([]);
    await setStatus(app.database.db, applicationIds.at(-1)!, 'deactivated');
    await listingsVersionSettled(app);
    const changes = await through(prism, `/api/v1/finder/changes?market=uk&since=${cursor}&limit=10`);
    expect(changes.json().data).toEqual([{ op: 'delete', id: listingIds.at(-1) }]);
    expect((await through(prism, `/api/v1/finder/changes?market=uk&since=${cursor}&limit=10`, { 'if-none-match': changes.headers.get('etag')! })).status).toBe(
      304,
    );
    await app.database.db.execute(sql`update applications set first_name = 'Robin' where id = ${applicationIds[1]}`);
    const upserts = await through(prism, `/api/v1/finder/changes?market=uk&since=${changes.json().next}`);
    expect(upserts.json().data).toMatchObject([{ op: 'upsert', id: listingIds[1], listing: { firstName: 'Robin' } }]);
    expect((await through(prism, `/api/v1/finder/changes?market=uk&since=bm90LWEtY3Vyc29y`)).status).toBe(400);
    expect((await through(prism, `/api/v1/finder/changes?market=it&since=${cursor}`)).status).toBe(400);
    const expired = encodeCursor({ market: 'uk', epoch: '0f0f0f0f-0000-4000-8000-000000000000', seq: 1 });
    const gone = await through(prism, `/api/v1/finder/changes?market=uk&since=${expired}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    for (const query of [`market=uk`, `market=uk&since=${cursor}&limit=0`, `market=uk&since=${cursor}&limit=5000`, `market=uk&since=a+b`]) {
      expect((await through(loose, `/api/v1/finder/changes?${query}`)).status, query).toBe(400);
    }
    expect((await through(loose, `/api/v1/finder/snapshot?market=fr`)).status).toBe(400);
  });

  it("with a client key, with an unknown one (401), and over the key's quota (429)", async () => {
    expect((await through(prism, `/api/v1/finder/search?${near}`, { 'x-api-key': apiKey })).status).toBe(200);
    expect((await through(prism, `/api/v1/finder/snapshot?market=it`, { 'x-api-key': apiKey })).status).toBe(200);
    const unknown = await through(prism, `/api/v1/finder/search?${near}`, { 'x-api-key': `pc_${'A'.repeat(43)}` });
    expect(unknown.status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await through(prism, `/api/v1/finder/search?${near}`, { 'x-api-key': smallKey })).status);
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('the document itself and a problem type', async () => {
    expect((await through(prism, `/api/v1/openapi.json`)).status).toBe(200);
    expect((await through(prism, `/api/v1/problems/invalid-parameter`)).status).toBe(200);
    expect((await through(loose, `/api/v1/problems/no-such-problem`)).status).toBe(404);
  });

  it('the control: Prism reports an answer that breaks the document (a field the document requires and the server never sends)', async () => {
    const document = JSON.parse(readFileSync(PUBLIC_API_DOCUMENT, 'utf8'));
    const listing = document.components.schemas.FinderListing;
    listing.properties.phone = { type: 'string' };
    listing.required.push('phone');
    const file = path.join(tmpdir(), `finder-v1-broken-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(document));
    const broken = await startPrismProxy(file, app.url);
    try {
      const response = await fetch(`${broken.url}/api/v1/finder/listings/${listingIds[0]}`);
      expect(response.status).toBe(500);
      expect(response.headers.get('sl-violations')).toMatch(/phone/);
      expect(await response.text()).toMatch(/prism\/errors#VIOLATIONS/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(broken.violations().length).toBeGreaterThan(0);
    } finally {
      await broken.stop();
      rmSync(file, { force: true });
    }
  }, 90_000);
});
