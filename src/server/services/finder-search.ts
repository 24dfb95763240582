// The public API's search (issue 38 item 2): listed champions of a market within a radius, nearest
// first, a bounded page at a time with an opaque cursor (keyset paging on the distance term and the
// listing id), the total only when asked. No page number, so no offset: a page after the cursor
// costs the same as the first. Each page is looked for within growing reaches of the cursor's
// distance (a box around a circle, index range scans), so a dense city does not read every listing
// of the radius; only when the reaches hold too few does it read up to the radius.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FinderSearchAnswer, FinderSearchQuery } from '#shared/schemas/finder-api.ts';
import type { FinderPharmacy } from '#shared/schemas/finder.ts';
import { rowsOf, type Queryable } from '../db/client.ts';
import {
  boundingBox,
  countListedInCircle,
  distanceOfTerm,
  haversineTermOf,
  haversineTermSql,
  LISTING_OF_A,
  listedIn,
  toListing,
  type ListingRow,
} from './finder.ts';

/** Where a page ends: the distance term of its last listing and that listing's id. */
export interface SearchPosition {
  term: number;
  id: string;
}

/** What a cursor belongs to: the search's point, radius, market and keyword, hashed (the point never travels in clear). */
function queryKeyOf(query: FinderSearchQuery): string {
  const service = (query.service ?? '').toLowerCase();
  return createHash('sha256')
    .update(JSON.stringify([query.market, query.lat, query.lng, query.radiusKm, service]))
    .digest('base64url')
    .slice(0, 16);
}

const CURSOR_VERSION = 1;

export function encodeSearchCursor(query: FinderSearchQuery, position: SearchPosition): string {
  return Buffer.from(JSON.stringify({ v: CURSOR_VERSION, q: queryKeyOf(query), t: position.term, i: position.id })).toString('base64url');
}

/** The position a cursor names, or null when it is malformed or belongs to another search. */
export function decodeSearchCursor(query: FinderSearchQuery, cursor: string): SearchPosition | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { v, q, t, i } = value as Record<string, unknown>;
    if (v !== CURSOR_VERSION || q !== queryKeyOf(query)) return null;
    if (typeof t !== 'number' || !Number.isFinite(t) || t < 0 || t > 1) return null;
    if (typeof i !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(i)) return null;
    return { term: t, id: i };
  } catch {
    return null;
  }
}

interface FoundRow extends ListingRow {
  term: number;
}

/** Fractions of what is left of the radius beyond the cursor that a page is looked for within, in turn. */
const REACHES = [1 / 16, 1 / 4, 1];

/** The listings beyond `after` within `reachKm` of the point, nearest first: `limit` + 1 of them, to know whether there is a next page. */
function pageWithinSql(query: FinderSearchQuery, reachKm: number, after: SearchPosition | null, limit: number): SQL {
  const box = boundingBox(query.lat, query.lng, reachKm);
  const term = haversineTermSql(query.lat, query.lng);
  const beyond = after ? sql`and (term > ${after.term}::float8 or (term = ${after.term}::float8 and listing_id > ${after.id}::uuid))` : sql``;
  return sql`select id, listing_id, term from (
      select id, listing_id, ${term} as term from applications
      where ${listedIn(query.market, query.service)}
        and lat between ${box.latMin}::float8 and ${box.latMax}::float8 and lng between ${box.lngMin}::float8 and ${box.lngMax}::float8
      offset 0
    ) as boxed
    where term <= ${haversineTermOf(reachKm)}::float8 ${beyond}
    order by term, listing_id limit ${limit + 1}`;
}

/**
 * The page from the first reach that holds more than `limit` listings (else the last, the whole
 * radius), in one statement: each reach is a CTE read only when the ones before it held too few
 * (its count is an InitPlan, evaluated on first use, and a branch's one-time filter that is false
 * never reads its CTE).
 */
async function pageFromReaches(db: Queryable, query: FinderSearchQuery, reachesKm: number[], after: SearchPosition | null): Promise<FoundRow[]> {
  const name = (i: number) => sql.raw(`reach${i}`);
  const ctes = sql.join(
    reachesKm.map((km, i) => sql`${name(i)} as materialized (${pageWithinSql(query, km, after, query.limit)})`),
    sql`, `,
  );
  const tooFew = (i: number) => sql`(select count(*) from ${name(i)}) <= ${query.limit}`;
  const branches = sql.join(
    reachesKm.map((_, i) => {
      const earlierTooFew = Array.from({ length: i }, (_unused, j) => tooFew(j));
      const enough = i === reachesKm.length - 1 ? [] : [sql`not ${tooFew(i)}`];
      const conditions = [...earlierTooFew, ...enough];
      return sql`select * from ${name(i)}${conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``}`;
    }),
    sql` union all `,
  );
  return rowsOf<FoundRow>(
    await db.execute(sql`
      with ${ctes}
      select ${LISTING_OF_A}, page.term from (${branches}) as page join applications a on a.id = page.id
      order by page.term, a.listing_id`),
  );
}

const toItem = (row: FoundRow): FinderPharmacy => ({ ...toListing(row), distanceKm: Math.round(distanceOfTerm(Number(row.term)) * 100) / 100 });

/** One page of the search, from the start or after a position (a decoded cursor). */
export async function searchListings(db: Queryable, query: FinderSearchQuery, after: SearchPosition | null): Promise<FinderSearchAnswer> {
  const fromKm = after ? distanceOfTerm(after.term) : 0;
  const reachesKm = REACHES.map((fraction) => (fraction === 1 ? query.radiusKm : Math.min(query.radiusKm, fromKm + (query.radiusKm - fromKm) * fraction)));
  const rows = await pageFromReaches(db, query, reachesKm, after);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next = rows.length > query.limit && last ? encodeSearchCursor(query, { term: Number(last.term), id: last.listing_id }) : null;
  const total = query.count === 'true' ? await countListedInCircle(db, query) : undefined;
  return { data: page.map(toItem), next, ...(total === undefined ? {} : { total }) };
}
