// The rep's list, GET /api/v1/register/rep/pharmacies (issue 24 item 3): the query, with the rep's
// position when they allow it, and the rows, in visit order (src/shared/visit-due.ts).
import * as z from 'zod/mini';
import { decimalParam, ErrorKey } from './fields.ts';
import type { FieldPharmacyItem } from './staff.ts';

/**
 * `assignedreptoken` the rep (checked by the access policy); `lat` and `lng` the rep's position,
 * both or neither: pharmacies due on the same day go nearest first. Used for that answer only,
 * never stored (and request logs carry no query string).
 */
export const RepPharmaciesQuerySchema = /* @__PURE__ */ z
  .object({
    assignedreptoken: z.string(),
    lat: z.optional(decimalParam(-90, 90)),
    lng: z.optional(decimalParam(-180, 180)),
  })
  .check(
    z.refine((q) => q.lat !== undefined || q.lng === undefined, { error: ErrorKey.required, path: ['lat'] }),
    z.refine((q) => q.lng !== undefined || q.lat === undefined, { error: ErrorKey.required, path: ['lng'] }),
  );

/**
 * A row of the rep's list: the spec's pharmacy in lists, with what the visit order reads. Its
 * `callHistory` holds the latest visit only (the visit form's record has the last five), so that
 * 500 pharmacies stay a small answer on a phone's slow connection.
 */
export interface RepPharmacyItem extends FieldPharmacyItem {
  /** The next visit the latest visit planned (YYYY-MM-DD), or null. */
  nextVisit: string | null;
  lat: number | null;
  lng: number | null;
  /** Kilometres from the position asked about (to 0.1 km); null without a position or without coordinates. */
  distanceKm: number | null;
}

/** How many visits the visit form's record carries (GET /api/rep-get-pharmacy `callHistory`), newest first. */
export const REP_FORM_VISITS = 5;
