// The OpenAPI document's words (docs/decisions/0055): what each parameter and field means, kept
// here rather than as zod metadata on the shared schemas, so the pages' bundles that carry those
// schemas do not carry the words too. A test fails on a parameter or field without its words.

/** What each query or path parameter means, by name (the same name means the same thing everywhere). */
export const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  market: 'The market whose listings to read: `uk` (United Kingdom), `it` (Italy) or `de` (Germany).',
  lat: 'Latitude of the point to search from, in decimal degrees (WGS 84), as text: at most 12 decimals, no exponent. The point is never logged, stored or passed on.',
  lng: 'Longitude of the point to search from, in decimal degrees (WGS 84), as text: at most 12 decimals, no exponent. The point is never logged, stored or passed on.',
  radiusKm: 'How far from the point to search, in kilometres (a decimal, as text).',
  service: 'Only listings whose services contain this text (case-insensitive); leading and trailing spaces are ignored, an empty value is no filter.',
  lang: "The language of the answer's texts (problem titles, details and reasons): `en`, `it` or `de`; English when absent. Listings are returned as their pharmacists wrote them.",
  limit: 'How many items a page holds at most (a whole number, as text).',
  cursor:
    "The `next` of the previous page, to read the page after it; the other parameters must be the same as that request's. Opaque: do not build or change one.",
  count: 'With `true`, the answer also carries `total`, the number of listings in the circle (it costs the server a count: ask only when you show it).',
  since: 'Where to read changes from: the `cursor` of a snapshot, or the `next` of the previous page of changes. Opaque.',
  page: 'The page number, from 1 (20 listings a page). Deprecated with the operation: page with `cursor` on `/api/v1/finder/search`.',
  listingId: "The listing's public id (a UUID), as a search, a snapshot or a change names it. An id that is not listed, or not a UUID, is 404.",
  slug: 'The last segment of a problem `type` URI, for example `cursor-expired`.',
};

/** What each field of each answer means, by component and field name. */
export const FIELD_DESCRIPTIONS: Record<string, Record<string, string>> = {
  FinderListing: {
    id: "The listing's public id. A listing keeps it while it is listed; a listing that is taken down and listed again comes back under a new id.",
    pharmacyName: "The pharmacy's name.",
    address: "The pharmacy's address, one line.",
    lat: 'Latitude of the pharmacy, decimal degrees (WGS 84).',
    lng: 'Longitude of the pharmacy, decimal degrees (WGS 84).',
    services: 'The oncology services the pharmacy offers, as the pharmacist wrote them (free text; may be empty).',
    firstName: "The champion pharmacist's first name.",
    photoUrl: "A path (relative to the API's origin) of the champion's photo (JPEG), or null without one.",
    about: 'What the champion wrote about themselves (plain text; may be empty).',
    market: "The listing's market.",
  },
  FinderPharmacy: {
    distanceKm: 'Distance from the searched point, in kilometres, rounded to 0.01.',
  },
  FinderSearchAnswer: {
    data: 'One page of listings, nearest first.',
    next: 'The `cursor` of the next page; null on the last page.',
    total: 'How many listings the circle holds in all; only with `count=true`.',
  },
  FinderSnapshotAnswer: {
    data: 'Every listing of the market, in no particular order.',
    cursor: "Where to read this market's changes from (`since` of `/api/v1/finder/changes`): every change after this snapshot was taken.",
  },
  FinderUpsertChange: {
    op: '`upsert`: add this listing to the copy, or replace the one with the same id, whole.',
    id: "The listing's id.",
    listing: 'The listing, whole, as a search or a snapshot carries it.',
  },
  FinderDeleteChange: {
    op: "`delete`: remove the listing with this id from the copy (it was taken down, rejected after approval, erased at its pharmacist's request or by retention, or listed again under a new id).",
    id: 'The id of the listing to remove; nothing else of it is sent.',
  },
  FinderChangesAnswer: {
    data: 'The changes after `since`, oldest first, at most `limit`; apply them in order.',
    next: 'Where to read on from (`since` of the next request). The same as `since` when `data` is empty: the copy is up to date.',
  },
  LegacyFinderAnswer: {
    status: 'Always `ok`.',
    data: 'One page of listings, nearest first.',
    total: 'How many listings the circle holds in all.',
    page: "This page's number, from 1.",
    pageSize: 'Listings a page (20).',
  },
  FinderListingAnswer: {
    status: 'Always `ok`.',
    data: 'The listing.',
  },
  Problem: {
    type: "A URI reference naming the kind of problem; stable. Resolves (relative to the API's origin) to a description of the kind.",
    title: "A short summary of the kind of problem, in the request's language (`lang`).",
    status: 'The HTTP status code of the answer.',
    detail: "What happened and what to do, in the request's language.",
    instance: 'A URI reference naming this occurrence, when there is one.',
    invalidParams: 'For `invalid-parameter`: each refused parameter by name, with the reason. Never the value sent.',
  },
  InvalidParam: {
    name: "The parameter's name, as sent (a query or path parameter).",
    reason: "Why it was refused, in the request's language.",
  },
  ProblemType: {
    type: 'The problem type URI this describes.',
    status: 'The HTTP status code answers of this type carry.',
    title: 'A short summary of the kind of problem.',
    detail: 'What it means and what a client should do.',
  },
};

/** Each component's own description. */
export const COMPONENT_DESCRIPTIONS: Record<string, string> = {
  FinderListing: 'A listed champion pharmacist and their pharmacy: the same keys in every answer (search, snapshot, change, listing), nothing else.',
  FinderPharmacy: 'A listing found near a point, with its distance from the point.',
  FinderSearchAnswer: 'A page of the search.',
  FinderSnapshotAnswer: 'Every listing of a market, and the cursor its change feed is read from.',
  FinderChange: "One change to a copy of a market's listings, told by `op`.",
  FinderUpsertChange: 'A listing to add, or to replace whole.',
  FinderDeleteChange: 'A listing to remove: the id only.',
  FinderChangesAnswer: 'A page of the change feed.',
  LegacyFinderAnswer: 'A page of the page-number search (deprecated).',
  FinderListingAnswer: 'One listing.',
  Problem: 'RFC 9457 problem details: the one shape of every 4xx and 5xx answer of this API.',
  InvalidParam: 'One refused parameter.',
  ProblemType: 'The description of a problem type (what its `type` URI resolves to).',
};
