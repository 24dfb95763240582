// The finder's search: approved champions of a market within a radius, nearest first. Boxes
// around circles are read from the partial index applications_finder_idx (country, lat, lng, id
// where status = 'approved'), index only. One statement counts the circle (the exact great-circle
// distance only for rows outside a box inside the circle) and takes the page from a smaller circle
// around the point that, at the circle's mean density, holds a few times the rows the page needs;
// only when it holds too few (a sparse spot) does a second statement take the page from the whole circle.
// A listing's public id is its own random listing_id, never the application's id (issue 25 item 9);
// an optional service keyword keeps the listings whose services contain it.
import { sql, type SQL } from 'drizzle-orm';
import { listingCardOf } from '#shared/listing.ts';
import { FINDER_PAGE_SIZE, type FinderListing, type FinderPharmacy, type FinderQuery } from '#shared/schemas/finder.ts';
import type { Country } from '#shared/markets.ts';
import { rowsOf, type Queryable } from '../db/client.ts';

/** The status of an application listed in the finder (issue #13: listed = approved). */
export const LISTED_STATUS = 'approved';

/** Mean Earth radius (IUGG), kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_KM) / 180;
const RADIANS = Math.PI / 180;

/** The latitude and longitude bounds of a circle (no market reaches a pole or the antimeridian). */
export function boundingBox(lat: number, lng: number, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const cosLat = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const dLng = Math.min(radiusKm / (KM_PER_DEGREE_LAT * cosLat), 180);
  return { latMin: lat - dLat, latMax: lat + dLat, lngMin: lng - dLng, lngMax: lng + dLng };
}

/**
 * The haversine term a = sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2) from (lat, lng) to the row's
 * lat/lng columns, as SQL. The distance 2R·asin(√a) grows with a, so rows are filtered and
 * ordered by a (exactly the distance order) and only the page's rows get their distance.
 */
export function haversineTermSql(lat: number, lng: number): SQL {
  return sql`(power(sin(radians(lat - ${lat}::float8) / 2), 2) + ${Math.cos((lat * Math.PI) / 180)}::float8 * cos(radians(lat)) * power(sin(radians(lng - ${lng}::float8) / 2), 2))`;
}

/** The haversine term of a distance (its inverse: d = 2R·asin(√a)). */
export const haversineTermOf = (km: number) => Math.sin(Math.min(km / (2 * EARTH_RADIUS_KM), Math.PI / 2)) ** 2;
export const distanceOfTerm = (a: number) => 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));

/** Listed, as an SQL condition: the status is a literal so that the planner matches the partial index. */
const LISTED = sql`status = ${sql.raw(`'${LISTED_STATUS}'`)}`;

/**
 * A market's listings (with a service keyword: those whose services contain it, any case), as SQL
 * conditions. The keyword is matched with strpos, so that no character of it is a pattern.
 */
export const listedIn = (market: string, service?: string) =>
  service ? sql`${LISTED} and country = ${market} and strpos(lower(answers ->> 'services'), lower(${service})) > 0` : sql`${LISTED} and country = ${market}`;

/**
 * A box inside the circle: every point in it is within the radius (its haversine term is at most
 * the radius's, with 0.1 % to spare for rounding), so the count needs no distance for its rows.
 * Bound per axis: sin²(Δφ/2) ≤ T/2 and cos φ0 · max cos φ · sin²(Δλ/2) ≤ T/2.
 */
export function innerBox(lat: number, lng: number, radiusKm: number) {
  const half = haversineTermOf(radiusKm) / 2;
  const dPhi = 2 * Math.asin(Math.sqrt(half));
  const nearestToEquator = Math.max(Math.abs(lat) * RADIANS - dPhi, 0);
  const lngTerm = half / (Math.max(Math.cos(lat * RADIANS), 0.01) * Math.cos(nearestToEquator));
  const dLambda = lngTerm >= 1 ? Math.PI : 2 * Math.asin(Math.sqrt(lngTerm));
  const dLat = (dPhi / RADIANS) * 0.999;
  const dLng = (dLambda / RADIANS) * 0.999;
  return { latMin: lat - dLat, latMax: lat + dLat, lngMin: lng - dLng, lngMax: lng + dLng };
}

/** How many listings the circle holds: the box's rows from the index, the distance only for those outside the inner box. */
function countInCircleSql(query: Pick<FinderQuery, 'market' | 'lat' | 'lng' | 'radiusKm' | 'service'>): SQL {
  const box = boundingBox(query.lat, query.lng, query.radiusKm);
  const inner = innerBox(query.lat, query.lng, query.radiusKm);
  return sql`select count(*) as total from applications
    where ${listedIn(query.market, query.service)}
      and lat between ${box.latMin}::float8 and ${box.latMax}::float8 and lng between ${box.lngMin}::float8 and ${box.lngMax}::float8
      and ((lat between ${inner.latMin}::float8 and ${inner.latMax}::float8 and lng between ${inner.lngMin}::float8 and ${inner.lngMax}::float8)
        or ${haversineTermSql(query.lat, query.lng)} <= ${haversineTermOf(query.radiusKm)}::float8)`;
}

/** Rows expected in the page's circle for each row the page needs (the circle's mean density assumed). */
const REACH_MARGIN = 4;

/**
 * The page's rows, nearest first. They are looked for within a smaller circle (the `reach` of the
 * radius, a fraction s ≤ 1 from the count: about REACH_MARGIN times the rows the page needs) rather
 * than among every listing within the radius: when it holds at least offset + pageSize listings, its
 * nearest ones are the circle's nearest ones. `s` is 1 in `full` mode (the fallback, and past the
 * circle's mean density). The box grows by 0.1 % and stays within the circle's box.
 */
function pageInReachSql(query: FinderQuery, pageSize: number, offset: number, reach: 'counted' | 'full'): SQL {
  const box = boundingBox(query.lat, query.lng, query.radiusKm);
  const dLat = query.lat - box.latMin;
  const dLng = query.lng - box.lngMin;
  const s = reach === 'full' ? sql`1::float8` : sql`(select s from reach)`;
  const grown = sql`least(${s} * 1.001, 1)`;
  return sql`select id, term from (
      select id, ${haversineTermSql(query.lat, query.lng)} as term from applications
      where ${listedIn(query.market, query.service)}
        and lat between greatest(${box.latMin}::float8, ${query.lat}::float8 - ${dLat}::float8 * ${grown}) and least(${box.latMax}::float8, ${query.lat}::float8 + ${dLat}::float8 * ${grown})
        and lng between greatest(${box.lngMin}::float8, ${query.lng}::float8 - ${dLng}::float8 * ${grown}) and least(${box.lngMax}::float8, ${query.lng}::float8 + ${dLng}::float8 * ${grown})
      offset 0
    ) as boxed
    where term <= case when ${s} >= 1 then ${haversineTermOf(query.radiusKm)}::float8 else power(sin(${query.radiusKm / (2 * EARTH_RADIUS_KM)}::float8 * ${s}), 2) end
    order by term, id limit ${pageSize} offset ${offset}`;
}

/** A listing's columns, the answers under their payload names (what listingCardOf reads). */
export interface ListingRow {
  listing_id: string;
  country: string;
  lat: number;
  lng: number;
  firstName: string;
  photo: string | null;
  whereYouWork: string | null;
  address: string | null;
  services: string | null;
  anythingElseAboutYou: string | null;
}

interface FoundRow extends ListingRow {
  id: string;
  term: number;
  total?: string | number;
}

/** How many listings a circle holds (with a service keyword: those whose services contain it). */
export async function countListedInCircle(db: Queryable, query: Pick<FinderQuery, 'market' | 'lat' | 'lng' | 'radiusKm' | 'service'>): Promise<number> {
  const [row] = rowsOf<{ total: string | number }>(await db.execute(countInCircleSql(query)));
  return Number(row?.total ?? 0);
}

export interface FinderPage {
  items: FinderPharmacy[];
  total: number;
}

/** The public listing of a row: its card (the same projection as the applicant's preview), public id, place and market. */
export const toListing = (row: ListingRow): FinderListing => ({
  id: row.listing_id,
  ...listingCardOf(row),
  lat: Number(row.lat),
  lng: Number(row.lng),
  market: row.country as Country,
});

const toItem = (row: FoundRow): FinderPharmacy => ({ ...toListing(row), distanceKm: Math.round(distanceOfTerm(Number(row.term)) * 100) / 100 });

/** What a listing shows, from the application row `a`. */
export const LISTING_OF_A = sql`a.listing_id, a.first_name as "firstName", a.country, a.lat, a.lng, a.photo,
  a.answers ->> 'whereYouWork' as "whereYouWork", a.answers ->> 'address' as address,
  a.answers ->> 'services' as services, a.answers ->> 'anythingElseAboutYou' as "anythingElseAboutYou"`;

/** The page's listings with what the finder shows of them, nearest first (`page`: id and term). */
const LISTING_COLUMNS = sql`page.id, page.term, ${LISTING_OF_A}`;

/** One listed champion by its public listing id; null when there is none, or it is not listed (any more). */
export async function findListing(db: Queryable, listingId: string): Promise<FinderListing | null> {
  const [row] = rowsOf<ListingRow>(
    await db.execute(
      sql`select ${LISTING_OF_A} from applications a where a.listing_id = ${listingId} and ${LISTED} and a.lat is not null and a.lng is not null`,
    ),
  );
  return row ? toListing(row) : null;
}

export async function findListedPharmacies(db: Queryable, query: FinderQuery, pageSize = FINDER_PAGE_SIZE): Promise<FinderPage> {
  const offset = (query.page - 1) * pageSize;
  // One statement: the count, then the page within the reach the count allows (an InitPlan).
  const counted = rowsOf<FoundRow>(
    await db.execute(sql`
      with counted as (${countInCircleSql(query)}),
      reach as (select least(1, sqrt(${REACH_MARGIN * (offset + pageSize)}::float8 / greatest(total, 1))) as s from counted),
      page as (${pageInReachSql(query, pageSize, offset, 'counted')})
      select counted.total, ${LISTING_COLUMNS}
      from counted left join page on true left join applications a on a.id = page.id
      order by page.term, page.id`),
  );
  const total = Number(counted[0]?.total ?? 0);
  let rows = counted.filter((row) => row.id !== null);
  // Fewer listings within reach than the page needs while the circle holds more: a spot sparser
  // than the circle's mean, so the page is taken from the whole circle.
  if (rows.length < pageSize && offset + rows.length < total) {
    rows = rowsOf<FoundRow>(
      await db.execute(sql`
        with page as (${pageInReachSql(query, pageSize, offset, 'full')})
        select ${LISTING_COLUMNS} from page join applications a on a.id = page.id
        order by page.term, page.id`),
    );
  }
  return { items: rows.map(toItem), total };
}
