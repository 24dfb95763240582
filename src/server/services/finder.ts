// The finder's search: approved champions of a market within a radius, nearest first. A box
// around the circle is looked up on the partial index applications_finder_idx (country, lat, lng
// where status = 'approved'), and only the rows in the box get the exact great-circle distance.
import { sql, type SQL } from 'drizzle-orm';
import { PHOTO_URL_PREFIX } from '#shared/schemas/api.ts';
import { FINDER_PAGE_SIZE, type FinderPharmacy, type FinderQuery } from '#shared/schemas/finder.ts';
import type { Country } from '#shared/markets.ts';
import { rowsOf, type Queryable } from '../db/client.ts';

/** The status of an application listed in the finder (issue #13: listed = approved). */
export const LISTED_STATUS = 'approved';

/** Mean Earth radius (IUGG), kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_KM) / 180;

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

/** The ids and haversine terms of the listings in the circle, as SQL (shared by the page and the count). */
export function listedInCircleSql(query: Pick<FinderQuery, 'market' | 'lat' | 'lng' | 'radiusKm'>): SQL {
  const box = boundingBox(query.lat, query.lng, query.radiusKm);
  // `offset 0` keeps the term computed once per row (in the inner select), not again in the filter.
  return sql`select id, term from (
      select id, ${haversineTermSql(query.lat, query.lng)} as term from applications
      where status = 'approved' and country = ${query.market}
        and lat between ${box.latMin}::float8 and ${box.latMax}::float8 and lng between ${box.lngMin}::float8 and ${box.lngMax}::float8
      offset 0
    ) as boxed where term <= ${haversineTermOf(query.radiusKm)}::float8`;
}

interface ListingRow {
  id: string;
  term: number;
  total: string | number;
  first_name: string;
  country: string;
  lat: number;
  lng: number;
  photo: string | null;
  pharmacy_name: string | null;
  address: string | null;
  services: string | null;
  about: string | null;
}

export interface FinderPage {
  items: FinderPharmacy[];
  total: number;
}

const toItem = (row: ListingRow): FinderPharmacy => ({
  id: row.id,
  pharmacyName: row.pharmacy_name ?? '',
  address: row.address ?? '',
  lat: Number(row.lat),
  lng: Number(row.lng),
  distanceKm: Math.round(distanceOfTerm(Number(row.term)) * 100) / 100,
  services: row.services ?? '',
  firstName: row.first_name,
  photoUrl: row.photo ? `${PHOTO_URL_PREFIX}${encodeURIComponent(row.photo)}` : null,
  about: row.about ?? '',
  market: row.country as Country,
});

export async function findListedPharmacies(db: Queryable, query: FinderQuery, pageSize = FINDER_PAGE_SIZE): Promise<FinderPage> {
  const offset = (query.page - 1) * pageSize;
  const result = await db.execute(sql`
    with circle as (${listedInCircleSql(query)}),
    page as (select id, term, count(*) over () as total from circle order by term, id limit ${pageSize} offset ${offset})
    select page.id, page.term, page.total, a.first_name, a.country, a.lat, a.lng, a.photo,
      a.answers ->> 'whereYouWork' as pharmacy_name, a.answers ->> 'address' as address,
      a.answers ->> 'services' as services, a.answers ->> 'anythingElseAboutYou' as about
    from page join applications a on a.id = page.id
    order by page.term, page.id`);
  const rows = rowsOf<ListingRow>(result);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  // Past the last page the window count has no row to ride on.
  if (!rows.length && offset > 0) {
    const counted = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from (${listedInCircleSql(query)}) as circle`));
    total = Number(counted[0]?.n ?? 0);
  }
  return { items: rows.map(toItem), total };
}
