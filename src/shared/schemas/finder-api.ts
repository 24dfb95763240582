// The finder's public API for the patient app (issue 38): search with an opaque cursor, a market's
// snapshot and its change feed. The request schemas are what the server validates with; the answer
// schemas are what the OpenAPI document (GET /api/v1/openapi.json) publishes. One source for both.
import * as z from 'zod/mini';
import { COUNTRIES, LANGUAGES } from '../markets.ts';
import { decimalParam, ErrorKey } from './fields.ts';
import { FINDER_DEFAULT_RADIUS_KM, FINDER_MAX_RADIUS_KM, FINDER_SERVICE_MAX, wholeParam } from './finder.ts';

/** Listings per search page: the default and the most a client may ask for. */
const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
/** Changes per feed page: the default and the most. */
const CHANGES_DEFAULT_LIMIT = 500;
export const CHANGES_MAX_LIMIT = 1000;
/** The longest cursor the API hands out, with room to spare. */
const CURSOR_MAX_LENGTH = 512;

const market = z.enum(COUNTRIES, { error: ErrorKey.invalid });
/** The language of the answer's texts (problem titles and details); the market's own when absent. */
const lang = z.optional(z.enum(LANGUAGES, { error: ErrorKey.invalid }));
const cursor = z
  .string({ error: ErrorKey.required })
  .check(
    z.minLength(1, { error: ErrorKey.required }),
    z.maxLength(CURSOR_MAX_LENGTH, { error: ErrorKey.invalid }),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: ErrorKey.invalid }),
  );

/**
 * GET /api/v1/finder/search: listed champions nearest first from a point, within a radius, in one
 * market, optionally with a service keyword; `limit` listings a page, the next page by `cursor`
 * (the previous answer's `next`, with the same other parameters); the total only with count=true.
 */
export const FinderSearchQuerySchema = /* @__PURE__ */ z.object({
  market,
  lat: decimalParam(-90, 90),
  lng: decimalParam(-180, 180),
  radiusKm: z._default(z.optional(decimalParam(1, FINDER_MAX_RADIUS_KM)), FINDER_DEFAULT_RADIUS_KM),
  service: z.optional(z.string().check(z.trim(), z.maxLength(FINDER_SERVICE_MAX, { error: ErrorKey.invalid }))),
  lang,
  limit: z._default(z.optional(wholeParam(1, SEARCH_MAX_LIMIT)), SEARCH_DEFAULT_LIMIT),
  cursor: z.optional(cursor),
  count: z.optional(z.enum(['true', 'false'], { error: ErrorKey.invalid })),
});
export type FinderSearchQuery = z.output<typeof FinderSearchQuerySchema>;

/** GET /api/v1/finder/snapshot: every listing of a market, and the cursor its changes are read from. */
export const FinderSnapshotQuerySchema = /* @__PURE__ */ z.object({ market, lang });

/** GET /api/v1/finder/changes: the market's changes after `since` (a snapshot's `cursor` or a feed page's `next`), oldest first. */
export const FinderChangesQuerySchema = /* @__PURE__ */ z.object({
  market,
  since: cursor,
  limit: z._default(z.optional(wholeParam(1, CHANGES_MAX_LIMIT)), CHANGES_DEFAULT_LIMIT),
  lang,
});

/** A listing as every public answer carries it (the keys of FINDER_LISTING_KEYS, nothing else). */
export const FinderListingSchema = /* @__PURE__ */ z.object({
  id: z.string().check(z.uuid()),
  pharmacyName: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  services: z.string(),
  firstName: z.string(),
  photoUrl: z.nullable(z.string()),
  about: z.string(),
  market: z.enum(COUNTRIES),
});

/** A listing found near a point, with its distance in kilometres (rounded to 0.01). */
export const FinderPharmacySchema = /* @__PURE__ */ z.extend(FinderListingSchema, { distanceKm: z.number() });

export const FinderSearchAnswerSchema = /* @__PURE__ */ z.object({
  data: z.array(FinderPharmacySchema),
  /** The cursor of the next page; null on the last page. */
  next: z.nullable(z.string()),
  /** How many listings the circle holds; only with count=true. */
  total: z.optional(z.number().check(z.int())),
});
export type FinderSearchAnswer = z.infer<typeof FinderSearchAnswerSchema>;

export const FinderSnapshotAnswerSchema = /* @__PURE__ */ z.object({ data: z.array(FinderListingSchema), cursor: z.string() });
export type FinderSnapshotAnswer = z.infer<typeof FinderSnapshotAnswerSchema>;

/** One change: a listing to add or replace, whole, or the id of a listing to remove (delisted, erased, re-listed under a new id). */
export const FinderChangeSchema = /* @__PURE__ */ z.discriminatedUnion('op', [
  z.object({ op: z.literal('upsert'), id: z.string().check(z.uuid()), listing: FinderListingSchema }),
  z.object({ op: z.literal('delete'), id: z.string().check(z.uuid()) }),
]);
export type FinderChange = z.infer<typeof FinderChangeSchema>;

export const FinderChangesAnswerSchema = /* @__PURE__ */ z.object({
  data: z.array(FinderChangeSchema),
  /** Where to read on from; the same as `since` when `data` is empty (the client is up to date). */
  next: z.string(),
});
export type FinderChangesAnswer = z.infer<typeof FinderChangesAnswerSchema>;
