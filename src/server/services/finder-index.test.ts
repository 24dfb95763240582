// The search's read model (docs/decisions/0075) against the SQL search, its reference: random
// listings (clusters, spread, the very same place several times, services), random changes through
// the table (the feed rows are the trigger's), random searches paged through with cursors, each
// answer's body byte for byte the reference answer's JSON.stringify (what the route sent before the
// model assembled its bodies from each listing's text); and a restore (a new epoch) or a pruned
// horizon reloads the model whole.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '#shared/markets.ts';
import type { FinderSearchAnswer, FinderSearchQuery } from '#shared/schemas/finder-api.ts';
import { createTestDatabase, type TestDatabase } from '../test/context.ts';
import { insertListings, listingIdsOf, setStatus, type ListingSeed } from '../test/listings.ts';
import { createFinderIndex, type FinderIndex } from './finder-index.ts';
import { decodeSearchCursor, searchListings } from './finder-search.ts';
import { readFeedState, versionOf } from './listings-version.ts';

const [MARKET, OTHER] = [COUNTRIES[0], COUNTRIES[1]];
const CENTRES = [
  [52.63, 1.3],
  [52.2, 0.12],
];
const SERVICES = ['Flu jabs', 'Blood pressure checks', 'Travel vaccines; flu jabs', 'Éczéma advice', 'Smoking cessation'];
const KEYWORDS = ['flu', 'JABS', 'pressure', 'éczéma', 'vaccine', 'x', 'e'];
/** Names with what JSON escapes or encodes in more than one byte: quotes, a backslash, a line break, U+2028, an emoji. */
const NAMES = ['Farmacia "Nº 1"', 'Apotheke\\Süd', 'Two\nlines', 'Line\u2028separator', 'Chemist 💊'];

let temp: TestDatabase;
beforeAll(async () => {
  temp = await createTestDatabase();
});
afterAll(async () => {
  await temp?.close();
});

const db = () => temp.database.db;
const versionNow = async () => versionOf(await readFeedState(db()));

const seedArb = fc.record({
  centre: fc.integer({ min: 0, max: CENTRES.length - 1 }),
  spread: fc.constantFrom(0, 0.001, 0.02, 0.3),
  dx: fc.double({ min: -1, max: 1, noNaN: true }),
  dy: fc.double({ min: -1, max: 1, noNaN: true }),
  copies: fc.constantFrom(1, 1, 1, 3),
  services: fc.constantFrom(...SERVICES),
  name: fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
  other: fc.boolean(),
});

function seedsOf(drawn: Array<typeof seedArb extends fc.Arbitrary<infer T> ? T : never>): ListingSeed[] {
  return drawn.flatMap((s) => {
    const [lat, lng] = CENTRES[s.centre]!;
    const seed = {
      country: s.other ? OTHER : MARKET,
      lat: lat! + s.dy * s.spread,
      lng: lng! + s.dx * s.spread,
      services: s.services,
      ...(s.name ? { name: s.name } : {}),
    };
    return Array.from({ length: s.copies }, () => ({ ...seed }));
  });
}

const queryArb = fc.record({
  centre: fc.integer({ min: 0, max: CENTRES.length - 1 }),
  dx: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
  dy: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
  radiusKm: fc.constantFrom(1, 2.5, 10, 40, 200),
  limit: fc.integer({ min: 1, max: 12 }),
  service: fc.option(fc.constantFrom(...KEYWORDS), { nil: undefined }),
  count: fc.option(fc.constantFrom('true' as const, 'false' as const), { nil: undefined }),
});

/** Every page of a search from SQL and from the model, each following its own cursors. */
async function comparePages(index: FinderIndex, drawn: typeof queryArb extends fc.Arbitrary<infer T> ? T : never) {
  const [lat, lng] = CENTRES[drawn.centre]!;
  const query: FinderSearchQuery = {
    market: MARKET,
    lat: lat! + drawn.dy,
    lng: lng! + drawn.dx,
    radiusKm: drawn.radiusKm,
    limit: drawn.limit,
    service: drawn.service,
    count: drawn.count,
  };
  const version = await versionNow();
  let sqlNext: string | null = null;
  let modelNext: string | null = null;
  for (let page = 0; page < 200; page += 1) {
    const fromSql = await searchListings(db(), query, sqlNext ? decodeSearchCursor(query, sqlNext) : null);
    const { version: modelVersion, body } = await index.search(version, query, modelNext ? decodeSearchCursor(query, modelNext) : null);
    const fromModel = JSON.parse(body) as FinderSearchAnswer;
    expect(modelVersion).toBe(version);
    expect(fromModel.data.map((item) => [item.id, item.distanceKm])).toEqual(fromSql.data.map((item) => [item.id, item.distanceKm]));
    expect(fromModel.data).toEqual(fromSql.data);
    expect(fromModel.total).toBe(fromSql.total);
    expect(fromModel.next === null).toBe(fromSql.next === null);
    if (fromSql.next !== null) expect(decodeSearchCursor(query, fromModel.next!)).toEqual(decodeSearchCursor(query, fromSql.next));
    expect(body).toBe(JSON.stringify(fromSql));
    if (fromSql.next === null) return;
    sqlNext = fromSql.next;
    modelNext = fromModel.next;
  }
  throw new Error('too many pages');
}

describe('the search read model', () => {
  it('answers every page of random searches as the SQL search does, through random listings, delistings and approvals', async () => {
    const index = createFinderIndex(db());
    let ids: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(seedArb, { minLength: 0, maxLength: 40 }),
        fc.array(fc.record({ at: fc.nat(), status: fc.constantFrom('deactivated' as const, 'approved' as const, 'rejected' as const) }), { maxLength: 12 }),
        fc.array(queryArb, { minLength: 1, maxLength: 4 }),
        async (seeds, changes, queries) => {
          ids.push(...(await insertListings(db(), seedsOf(seeds))));
          await comparePages(index, queries[0]!);
          for (const change of changes) if (ids.length > 0) await setStatus(db(), ids[change.at % ids.length]!, change.status);
          for (const query of queries) await comparePages(index, query);
        },
      ),
      { numRuns: 25 },
    );
    ids = [];
  });

  it('finds the listings across the antimeridian and around a pole', async () => {
    const index = createFinderIndex(db());
    const placed = [
      [10, 179.99],
      [10, -179.99],
      [89.99, 0],
      [89.99, 179],
    ] as const;
    const listingIds = await listingIdsOf(
      db(),
      await insertListings(
        db(),
        placed.map(([lat, lng]) => ({ country: OTHER, lat, lng })),
      ),
    );
    const ids = async (lat: number, lng: number) => {
      const query: FinderSearchQuery = { market: OTHER, lat, lng, radiusKm: 5, limit: 10, count: 'true' };
      const answer = JSON.parse((await index.search(await versionNow(), query, null)).body) as FinderSearchAnswer;
      expect(answer.total).toBe(answer.data.length);
      return answer.data.map((item) => item.id);
    };
    expect(await ids(10, 179.999)).toEqual([listingIds[0], listingIds[1]]);
    expect(await ids(10, -179.999)).toEqual([listingIds[1], listingIds[0]]);
    expect((await ids(89.995, -90)).sort()).toEqual([listingIds[2], listingIds[3]].sort());
  });

  it('reloads whole after a restore (a new epoch) and after the feed was pruned past its position', async () => {
    const index = createFinderIndex(db());
    const [applicationId] = await insertListings(db(), [{ country: MARKET, lat: 10, lng: 10, services: 'Flu jabs' }]);
    const [listingId] = await listingIdsOf(db(), [applicationId!]);
    const query: FinderSearchQuery = { market: MARKET, lat: 10, lng: 10, radiusKm: 5, limit: 5 };
    const ids = async () => (JSON.parse((await index.search(await versionNow(), query, null)).body) as FinderSearchAnswer).data.map((item) => item.id);
    expect(await ids()).toEqual([listingId]);

    // A restore: the listing gone, no change row for it, a new epoch.
    await setStatus(db(), applicationId!, 'deactivated');
    await db().execute(sql`delete from finder_changes`);
    await db().execute(sql`update finder_feed set epoch = gen_random_uuid() where id = 1`);
    expect(await ids()).toEqual([]);

    // Pruned past the model's position: the approval's change row is gone, the horizon moved.
    await setStatus(db(), applicationId!, 'approved');
    const { seq } = await readFeedState(db());
    await db().execute(sql`delete from finder_changes`);
    await db().execute(sql`update finder_feed set pruned_through = ${seq} where id = 1`);
    expect(await ids()).toEqual([listingId]);
  });
});
