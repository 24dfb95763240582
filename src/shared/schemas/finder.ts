// The finder (issue #13 item 4): the patient app's and the /finder page's search for listed
// (approved) champions near a point. Shared by the route (validation) and the page (types).
import * as z from 'zod/mini';
import type { ListingCard } from '../listing.ts';
import { COUNTRIES, type Country } from '../markets.ts';
import { decimalParam, ErrorKey, UuidSchema } from './fields.ts';

/** Listings per page. */
export const FINDER_PAGE_SIZE = 20;
export const FINDER_DEFAULT_RADIUS_KM = 25;
export const FINDER_MAX_RADIUS_KM = 100;
const FINDER_MAX_PAGE = 500;
/** The longest service keyword the finder filters by. */
export const FINDER_SERVICE_MAX = 60;

/** A whole number parameter between min and max (query strings are text). */
export const wholeParam = (min: number, max: number) =>
  z.pipe(
    z.string().check(z.trim(), z.regex(/^\d{1,4}$/, { error: ErrorKey.invalid })),
    z.pipe(z.transform(Number), z.number().check(z.gte(min, { error: ErrorKey.invalid }), z.lte(max, { error: ErrorKey.invalid }))),
  );

/**
 * GET /api/v1/finder/pharmacies query: a market, a point, a radius (default 25 km, at most 100), a
 * page (from 1) and, optionally, a service keyword the listing's services must contain (issue 25 item 9).
 */
export const FinderQuerySchema = /* @__PURE__ */ z.object({
  market: z.enum(COUNTRIES, { error: ErrorKey.invalid }),
  lat: decimalParam(-90, 90),
  lng: decimalParam(-180, 180),
  radiusKm: z._default(z.optional(decimalParam(1, FINDER_MAX_RADIUS_KM)), FINDER_DEFAULT_RADIUS_KM),
  page: z._default(z.optional(wholeParam(1, FINDER_MAX_PAGE)), 1),
  service: z.optional(z.string().check(z.trim(), z.maxLength(FINDER_SERVICE_MAX, { error: ErrorKey.invalid }))),
});
export type FinderQuery = z.output<typeof FinderQuerySchema>;

/** GET /api/v1/finder/listings/{listingId}: a listing's public id (never an application's id). */
export const FinderListingParamsSchema = /* @__PURE__ */ z.object({ listingId: UuidSchema });

/**
 * One listed champion: its card (#shared/listing.ts) with its public listing id, place and market;
 * exactly these keys, nothing else of the application.
 */
export interface FinderListing extends ListingCard {
  /** The listing's own random id (applications.listing_id), never the application's. */
  id: string;
  lat: number;
  lng: number;
  market: Country;
}

/** A listing found near a point: with its distance from the point, in kilometres rounded to 0.01. */
export interface FinderPharmacy extends FinderListing {
  distanceKm: number;
}

export const FINDER_LISTING_KEYS = [
  'id',
  'pharmacyName',
  'address',
  'lat',
  'lng',
  'services',
  'firstName',
  'photoUrl',
  'about',
  'market',
] as const satisfies readonly (keyof FinderListing)[];
export const FINDER_PHARMACY_KEYS = [...FINDER_LISTING_KEYS, 'distanceKm'] as const satisfies readonly (keyof FinderPharmacy)[];

/** The answer: `data` the page of listings, nearest first, plus the paging. */
export interface FinderAnswer {
  status: 'ok';
  data: FinderPharmacy[];
  total: number;
  page: number;
  pageSize: number;
}
