// The listings version across a fleet, and the feed across a restore (issue 38 items 3 and 7):
// a second server on the same database sees a delisting at once without writing anything itself
// (its conditional snapshot stops answering 304); a restored database starts a feed of its own, so
// a cursor from before the restore answers 410 and a new snapshot reads on.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { readBackup } from '../db/backup/read-backup.ts';
import { restoreBackup } from '../db/backup/restore-backup.ts';
import { writeBackup } from '../db/backup/write-backup.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createTestDatabase, usingPostgres } from '../test/context.ts';
import { insertListings, listingIdsOf } from '../test/listings.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const snapshot = (app: FastifyInstance, market: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/v1/finder/snapshot?market=${market}`, headers });

describe('the listings version on a fleet', () => {
  it('changes on a second server at once when the first one delists, without a write of its own', { timeout: 120_000 }, async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.close());
    // On PostgreSQL a second connection pool, as a second server has; PGlite is one process's.
    const second: DatabaseHandle = usingPostgres() ? await openDatabase(test.config) : test.database;
    if (second !== test.database) cleanups.push(() => second.close());
    const one = await buildApp(test.config, { database: test.database });
    const two = await buildApp(test.config, { database: second });
    cleanups.push(async () => {
      await two.close();
      await one.close();
    });
    await Promise.all([one.ready(), two.ready()]);
    expect(two.services.listingsVersion.listening()).toBe(true);

    const [id] = await insertListings(test.database.db, [{ country: 'uk', lat: 51.5, lng: -0.1, name: 'Fleet' }]);
    const [listingId] = await listingIdsOf(test.database.db, [id!]);
    await expect.poll(async () => (await snapshot(two, 'uk')).json().data.map((l: { id: string }) => l.id), { timeout: 5_000 }).toContain(listingId);
    const etag = String((await snapshot(two, 'uk')).headers.etag);
    expect((await snapshot(two, 'uk', { 'if-none-match': etag })).statusCode).toBe(304);

    // The first server's review desk deactivates it; the second server only listens.
    const reviewer = await one.services.auth.users.add({
      email: 'fleet.reviewer@example.com',
      firstName: 'Ana',
      lastName: 'Reviewer',
      role: 'reviewer',
      language: 'en',
    });
    if (reviewer === 'duplicate') throw new Error('duplicate');
    const decided = await one.services.reviewDesk.decide(
      id!,
      { decision: 'deactivate', reason: 'Closed', internalNote: '', confirmClaim: true },
      reviewer.id,
      () => '',
    );
    expect(decided.ok).toBe(true);
    await expect.poll(async () => (await snapshot(two, 'uk', { 'if-none-match': etag })).statusCode, { timeout: 2_000, interval: 20 }).toBe(200);
    expect((await snapshot(two, 'uk')).json().data.map((l: { id: string }) => l.id)).not.toContain(listingId);
  });
});

describe('the change feed after a restore', () => {
  it('starts a feed of its own: a cursor from before answers 410, a new snapshot holds the same listings and reads on', { timeout: 120_000 }, async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'champions-feed-restore-'));
    cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
    // Backups are taken and restored on the embedded database here, whatever TEST_DB says.
    const source = await createTestDatabase({}, null);
    cleanups.push(() => source.close());
    const sourceApp = await buildApp(source.config, { database: source.database });
    cleanups.push(() => sourceApp.close());
    await insertListings(source.database.db, [
      { country: 'it', lat: 45.4, lng: 9.1, name: 'Uno' },
      { country: 'it', lat: 45.5, lng: 9.2, name: 'Due' },
    ]);
    const before = (await snapshot(sourceApp, 'it')).json() as { data: { id: string }[]; cursor: string };
    const file = path.join(work, 'feed.backup.gz');
    const out = createWriteStream(file);
    await writeBackup(source.database.db, out);
    await finished(out);

    const target = await openDatabase(testConfig());
    cleanups.push(() => target.close());
    await restoreBackup(target.db, 'pglite', await readBackup(file), 'the test database');
    const restored = await buildApp(testConfig(), { database: target });
    cleanups.push(() => restored.close());

    const gone = await restored.inject({ method: 'GET', url: `/api/v1/finder/changes?market=it&since=${before.cursor}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toMatch(/^application\/problem\+json/);

    const after = (await snapshot(restored, 'it')).json() as { data: { id: string }[]; cursor: string };
    expect(after.data.map((l) => l.id).sort()).toEqual(before.data.map((l) => l.id).sort());
    expect(after.cursor).not.toBe(before.cursor);
    const quiet = await restored.inject({ method: 'GET', url: `/api/v1/finder/changes?market=it&since=${after.cursor}` });
    expect(quiet.json()).toEqual({ data: [], next: after.cursor });
    await target.db.execute(sql`update applications set status = 'deactivated' where answers ->> 'whereYouWork' = 'Uno'`);
    const next = await restored.inject({ method: 'GET', url: `/api/v1/finder/changes?market=it&since=${after.cursor}` });
    expect(next.json().data).toEqual([{ op: 'delete', id: expect.any(String) }]);
  });
});
