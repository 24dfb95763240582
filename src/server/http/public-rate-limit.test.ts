// The public API's limits (issue 38 items 4 and 5, decision 0052): per API key with a key, per
// client address without; 401 at once for a key unknown, rotated away or revoked, on every server
// of the fleet; 429 as problem details with Retry-After and the IETF RateLimit headers.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../test/context.ts';

/** A public API route (the finder's listing; an unknown id answers 404 after the limit counted it). */
const PUBLIC_URL = `/api/v1/finder/listings/${randomUUID()}`;

let database: TestDatabase;
/** The apps' clock, held in the middle of a minute: a test's requests never straddle two of the limit's windows. */
const midMinute = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
const apps: FastifyInstance[] = [];

/** An app on the shared test database, with its own anonymous limit. */
async function appWith(anonymousPerMinute: number) {
  const app = await buildApp({ ...database.config, publicApiAnonymousPerMinute: anonymousPerMinute }, { database: database.database, now: () => midMinute });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
// Each test's apps close after it: on PostgreSQL every app holds connections of the shared pool (LISTEN).
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(async () => {
  await database?.close();
});

/** Sends `count` requests one after another from one address; the statuses in order. */
async function send(app: FastifyInstance, count: number, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await app.inject({ method: 'GET', url: PUBLIC_URL, headers, remoteAddress })).statusCode);
  return statuses;
}

const issue = async (app: FastifyInstance, quotaPerMinute: number) =>
  app.services.apiClients.issue({ name: `App ${quotaPerMinute}`, quotaPerMinute, actorId: null });

describe('the public API limit', () => {
  it('limits a request with a key by the key’s quota, not by its address’s', async () => {
    const app = await appWith(3);
    const { key } = await issue(app, 100);
    const keyed = await send(app, 101, { 'x-api-key': key });
    expect(keyed.slice(0, 100).every((status) => status === 404)).toBe(true);
    expect(keyed[100]).toBe(429);
    // The same address without the key has its own (low) limit, untouched by the key's requests.
    expect(await send(app, 4)).toEqual([404, 404, 404, 429]);
  });

  it('limits by the key’s quota when it is the lower one, and leaves the address’s requests alone', async () => {
    const app = await appWith(100);
    const { key } = await issue(app, 5);
    expect(await send(app, 6, { 'x-api-key': key }, '198.51.100.9')).toEqual([404, 404, 404, 404, 404, 429]);
    expect((await send(app, 20, {}, '198.51.100.9')).every((status) => status === 404)).toBe(true);
  });

  it('counts one window per client across the public API’s routes', async () => {
    const app = await appWith(100);
    const { key } = await issue(app, 2);
    const headers = { 'x-api-key': key };
    expect((await app.inject({ method: 'GET', url: `/api/v1/finder/listings/${randomUUID()}`, headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v1/finder/pharmacies?market=uk&lat=51.5&lng=-0.12', headers })).statusCode).not.toBe(429);
    expect((await app.inject({ method: 'GET', url: '/api/v1/finder/pharmacies?market=uk&lat=51.5&lng=-0.12', headers })).statusCode).toBe(429);
  });

  it('writes RateLimit-Policy and RateLimit on every answer, and answers 429 as problem details with Retry-After', async () => {
    const app = await appWith(2);
    const first = await app.inject({ method: 'GET', url: PUBLIC_URL, remoteAddress: '192.0.2.44' });
    expect(first.headers['ratelimit-policy']).toBe('"address";q=2;w=60');
    expect(first.headers.ratelimit).toMatch(/^"address";r=1;t=([1-9]|[1-5]\d|60)$/);
    await app.inject({ method: 'GET', url: PUBLIC_URL, remoteAddress: '192.0.2.44' });
    const limited = await app.inject({ method: 'GET', url: `${PUBLIC_URL}?lang=de`, remoteAddress: '192.0.2.44' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(limited.json()).toMatchObject({ type: '/api/v1/problems/rate-limited', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['ratelimit-policy']).toBe('"address";q=2;w=60');
    expect(limited.headers.ratelimit).toBe(`"address";r=0;t=${limited.headers['retry-after']}`);
    expect(limited.headers['cache-control']).toBe('no-store');

    const { key } = await issue(app, 50);
    const keyed = await app.inject({ method: 'GET', url: PUBLIC_URL, headers: { 'x-api-key': key }, remoteAddress: '192.0.2.44' });
    expect(keyed.statusCode).toBe(404);
    expect(keyed.headers['ratelimit-policy']).toBe('"key";q=50;w=60');
    expect(keyed.headers.ratelimit).toMatch(/^"key";r=49;t=\d+$/);
  });

  it('spends no quota on a conditional request answered 304, and counts one that is not before it searches', async () => {
    const app = await appWith(3);
    const search = '/api/v1/finder/search?market=uk&lat=51.5&lng=-0.12';
    const ask = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: search, headers, remoteAddress: '192.0.2.60' });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    for (let i = 0; i < 5; i += 1) expect((await ask({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask({ 'if-none-match': 'W/"stale"' })).statusCode).toBe(200);
    const limited = await ask({ 'if-none-match': 'W/"stale"' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ type: '/api/v1/problems/rate-limited' });
    // The snapshot and the change feed too: a current copy is a 304 even with the quota spent.
    const snapshot = await app.inject({ method: 'GET', url: '/api/v1/finder/snapshot?market=uk', remoteAddress: '192.0.2.61' });
    const revalidated = await app.inject({
      method: 'GET',
      url: '/api/v1/finder/snapshot?market=uk',
      headers: { 'if-none-match': snapshot.headers.etag as string },
      remoteAddress: '192.0.2.60',
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers 401 problem details at once to a key that is malformed, unknown, rotated away or revoked, on every server', async () => {
    const one = await appWith(100);
    const two = await appWith(100);
    const { client, key } = await issue(one, 100);
    const ask = (app: FastifyInstance, apiKey: string) =>
      app.inject({ method: 'GET', url: PUBLIC_URL, headers: { 'x-api-key': apiKey }, remoteAddress: '192.0.2.80' });
    expect((await ask(two, key)).statusCode).toBe(404);

    for (const wrong of ['', 'nope', `pc_${'A'.repeat(43)}`]) {
      const refused = await ask(one, wrong);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.json()).toMatchObject({ type: '/api/v1/problems/unauthorized', status: 401 });
    }

    const rotated = await one.services.apiClients.rotate(client.id, null);
    expect((await ask(two, key)).statusCode).toBe(401);
    expect((await ask(two, rotated!.key)).statusCode).toBe(404);

    await one.services.apiClients.revoke(client.id, null);
    expect((await ask(one, rotated!.key)).statusCode).toBe(401);
    expect((await ask(two, rotated!.key)).statusCode).toBe(401);
  });

  it('counts a key’s requests together on two servers of the fleet: of 140 alternating requests against a quota of 100, 100 to 120 pass', async () => {
    const one = await appWith(1000);
    const two = await appWith(1000);
    const { key } = await issue(one, 100);
    const statuses: number[] = [];
    for (let i = 0; i < 140; i += 1) {
      const app = i % 2 ? two : one;
      statuses.push(
        (await app.inject({ method: 'GET', url: PUBLIC_URL, headers: { 'x-api-key': key }, remoteAddress: `192.0.2.${100 + (i % 7)}` })).statusCode,
      );
    }
    const passed = statuses.filter((status) => status === 404).length;
    expect(passed).toBeGreaterThanOrEqual(100);
    // Each server counts up to a tenth of the quota in memory before the database answers (decision 0078).
    expect(passed).toBeLessThanOrEqual(120);
    expect(statuses.slice(120).every((status) => status === 429)).toBe(true);
  });

  it('counts a key’s requests by day, those answered 429 too', async () => {
    const app = await appWith(100);
    const { client, key } = await issue(app, 3);
    await send(app, 5, { 'x-api-key': key }, '192.0.2.90');
    await app.services.apiClients.flushUsage();
    const listed = (await app.services.apiClients.list()).find((c) => c.id === client.id)!;
    expect(listed.usage).toHaveLength(7);
    expect(listed.usage.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), requests: 5, limited: 2 });
    // Added to, not replaced: a second server's counts join the first's.
    await send(app, 1, { 'x-api-key': key }, '192.0.2.91');
    await app.services.apiClients.flushUsage();
    expect((await app.services.apiClients.list()).find((c) => c.id === client.id)!.usage.at(-1)).toMatchObject({ requests: 6 });
  });
});
