// The example patient app against a real server (a listening socket, a fresh database): it syncs a
// market's listings into memory, follows approvals and a deactivation through the change feed,
// starts again from a snapshot when its cursor has expired, and answers the five nearest offline
// exactly as the server's search does. Its generated types match the committed OpenAPI document.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListings, listingIdsOf, setStatus } from '#server/test/listings.ts';
import { PUBLIC_API_DOCUMENT, startListeningApp, type ListeningApp } from '#server/test/public-api-server.ts';
import { REPO_ROOT } from '#server/test/server-process.ts';
import { createPatientApp } from '../src/patient-app.ts';

const TYPES = path.join(REPO_ROOT, 'examples', 'patient-app', 'src', 'finder-v1.d.ts');

describe('examples/patient-app', () => {
  it('has types generated from the committed document (npm run example:types)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'patient-app-types-'));
    try {
      const out = path.join(dir, 'finder-v1.d.ts');
      const cli = path.join(REPO_ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      await promisify(execFile)(process.execPath, [cli, PUBLIC_API_DOCUMENT, '-o', out], { cwd: REPO_ROOT });
      expect(readFileSync(TYPES, 'utf8'), 'stale: run npm run example:types').toBe(readFileSync(out, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('against a real server', () => {
    let server: ListeningApp;
    beforeAll(async () => {
      server = await startListeningApp();
    });
    afterAll(async () => {
      await server?.close();
    });

    // Around Bristol, each listing a little further than the one before; two Italian listings
    // that a UK copy must never hold.
    const [lat, lng] = [51.4545, -2.5879];
    const seeds = Array.from({ length: 10 }, (_, i) => ({
      country: 'uk' as const,
      lat: lat + (i + 1) * 0.0031,
      lng: lng - (i + 1) * 0.0017,
      status: 'submitted' as const,
      name: `Bristol ${i}`,
    }));

    it('syncs approvals and a deactivation, and its five nearest are the server search answer', async () => {
      const db = server.database.db;
      const ids = await insertListings(db, seeds);
      await insertListings(db, [
        { country: 'it', lat: 45.46, lng: 9.19 },
        { country: 'it', lat: 45.47, lng: 9.2 },
      ]);
      for (const id of ids.slice(0, 6)) await setStatus(db, id, 'approved');

      const app = createPatientApp({ baseUrl: server.url, market: 'uk', pageSize: 3 });
      expect(await app.sync()).toEqual({ snapshot: true, changes: 0 });
      expect(app.listings.size).toBe(6);

      for (const id of ids.slice(6)) await setStatus(db, id, 'approved');
      await setStatus(db, ids[1]!, 'deactivated');
      const second = await app.sync();
      expect(second.snapshot).toBe(false);
      expect(second.changes).toBe(5);
      const listingIds = await listingIdsOf(db, ids);
      expect(app.listings.size).toBe(9);
      expect(app.listings.has(listingIds[1]!)).toBe(false);
      expect([...app.listings.values()].every((listing) => listing.market === 'uk')).toBe(true);

      const search = await fetch(`${server.url}/api/v1/finder/search?market=uk&lat=${lat}&lng=${lng}&radiusKm=100&limit=5`);
      const answer = (await search.json()) as { data: { id: string; distanceKm: number }[] };
      const nearest = app.nearest(lat, lng);
      expect(nearest.map((listing) => listing.id)).toEqual(answer.data.map((item) => item.id));
      expect(nearest.map((listing) => listing.id)).not.toContain(listingIds[1]);
      nearest.forEach((listing, i) => expect(listing.distanceKm).toBeCloseTo(answer.data[i]!.distanceKm, 1));
      // The copy holds what the server holds, field for field.
      const byId = await fetch(`${server.url}/api/v1/finder/listings/${nearest[0]!.id}`);
      expect(((await byId.json()) as { data: unknown }).data).toEqual(app.listings.get(nearest[0]!.id));

      // Nothing new: one request, nothing applied.
      expect(await app.sync()).toEqual({ snapshot: false, changes: 0 });
    });

    it('npm run example:patient-app prints the listings it holds and the five nearest', async () => {
      const main = path.join(REPO_ROOT, 'examples', 'patient-app', 'src', 'main.ts');
      const { stdout } = await promisify(execFile)(process.execPath, [main, server.url, 'uk', String(lat), String(lng)], { cwd: REPO_ROOT });
      const lines = stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^9 listings of uk in memory \(snapshot and 0 changes, \d+ ms\)$/);
      expect(lines.slice(1)).toHaveLength(5);
      expect(lines[1]).toMatch(/^\s+\d+\.\d\d km {2}Bristol \d, \d+ High Street \(Sam\)$/);
    });

    it('takes a new snapshot when its cursor has expired (410)', async () => {
      const app = createPatientApp({ baseUrl: server.url, market: 'uk' });
      await app.sync();
      const before = app.listings.size;
      // A restore starts a feed of its own: every cursor of the old one has expired.
      await server.database.db.execute(sql`update finder_feed set epoch = gen_random_uuid() where id = 1`);
      const [id] = await insertListings(server.database.db, [{ country: 'uk', lat: lat + 0.1, lng, status: 'approved' }]);
      const result = await app.sync();
      expect(result.snapshot).toBe(true);
      expect(app.listings.size).toBe(before + 1);
      expect(app.listings.has((await listingIdsOf(server.database.db, [id!]))[0]!)).toBe(true);
    });
  });
});
