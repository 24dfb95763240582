// The finder (issue #13 item 4): the patient app's and the /finder page's search for listed
// (approved) champions near a point. Shared by the route (validation) and the page (types).
import * as z from 'zod/mini';
import { COUNTRIES, type Country } from '../markets.ts';
import { decimalParam, ErrorKey } from './fields.ts';

/** Listings per page. */
export const FINDER_PAGE_SIZE = 20;
export const FINDER_DEFAULT_RADIUS_KM = 25;
const FINDER_MAX_RADIUS_KM = 100;
const FINDER_MAX_PAGE = 500;

const wholeParam = (min: number, max: number) =>
  z.pipe(
    z.string().check(z.trim(), z.regex(/^\d{1,4}$/, { error: ErrorKey.invalid })),
    z.pipe(z.transform(Number), z.number().check(z.gte(min, { error: ErrorKey.invalid }), z.lte(max, { error: ErrorKey.invalid }))),
  );

/** GET /api/v1/finder/pharmacies query: a market, a point, a radius (default 25 km, at most 100) and a page (from 1). */
export const FinderQuerySchema = /* @__PURE__ */ z.object({
  market: z.enum(COUNTRIES, { error: ErrorKey.invalid }),
  lat: decimalParam(-90, 90),
  lng: decimalParam(-180, 180),
  radiusKm: z._default(z.optional(decimalParam(1, FINDER_MAX_RADIUS_KM)), FINDER_DEFAULT_RADIUS_KM),
  page: z._default(z.optional(wholeParam(1, FINDER_MAX_PAGE)), 1),
});
export type FinderQuery = z.output<typeof FinderQuerySchema>;

/** One listed champion: exactly these keys, nothing else of the application. */
export interface FinderPharmacy {
  id: string;
  pharmacyName: string;
  address: string;
  lat: number;
  lng: number;
  /** Kilometres from the point asked about, rounded to 0.01. */
  distanceKm: number;
  services: string;
  firstName: string;
  /** Where the champion's photo is served, or null without one. */
  photoUrl: string | null;
  about: string;
  market: Country;
}

export const FINDER_PHARMACY_KEYS = ['id', 'pharmacyName', 'address', 'lat', 'lng', 'distanceKm', 'services', 'firstName', 'photoUrl', 'about', 'market'] as const satisfies readonly (keyof FinderPharmacy)[];

/** The answer: `data` the page of listings, nearest first, plus the paging. */
export interface FinderAnswer {
  status: 'ok';
  data: FinderPharmacy[];
  total: number;
  page: number;
  pageSize: number;
}
