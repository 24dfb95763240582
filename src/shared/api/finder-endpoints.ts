// The finder's public read API (issue #13 item 4), for the patient app and the /finder page. Apart
// from endpoints.ts so that the form pages' bundles do not carry it. Import as a namespace: `import * as FinderApi`.
import type * as z from 'zod/mini';
import { FinderQuerySchema, type FinderListing, type FinderPharmacy } from '../schemas/finder.ts';
import { FinderChangesQuerySchema, FinderSearchQuerySchema, FinderSnapshotQuerySchema, type FinderChangesAnswer, type FinderSearchAnswer, type FinderSnapshotAnswer } from '../schemas/finder-api.ts';
import type { Contract } from './contract.ts';

/** Approved champions nearest first; the answer also carries `total`, `page` and `pageSize` (FinderAnswer). */
export const finderPharmacies: Contract<z.input<typeof FinderQuerySchema>, FinderPharmacy[], 'GET'> = { method: 'GET', path: '/api/v1/finder/pharmacies', request: FinderQuerySchema };

/** One listing by its public id (the listing page /finder/{listingId}); 404 when it is not listed (any more). */
export const finderListing: Contract<undefined, FinderListing, 'GET'> = { method: 'GET', path: '/api/v1/finder/listings/:listingId', request: null };

/** Nearest first with an opaque cursor (issue 38 item 2); the public API's search. */
export const finderSearch: Contract<z.input<typeof FinderSearchQuerySchema>, FinderSearchAnswer, 'GET'> = { method: 'GET', path: '/api/v1/finder/search', request: FinderSearchQuerySchema };

/** A market's listings and the cursor its change feed is read from (issue 38 item 3). */
export const finderSnapshot: Contract<z.input<typeof FinderSnapshotQuerySchema>, FinderSnapshotAnswer, 'GET'> = { method: 'GET', path: '/api/v1/finder/snapshot', request: FinderSnapshotQuerySchema };

/** A market's changes after a cursor, with a delete for every listing that left the finder (issue 38 item 3). */
export const finderChanges: Contract<z.input<typeof FinderChangesQuerySchema>, FinderChangesAnswer, 'GET'> = { method: 'GET', path: '/api/v1/finder/changes', request: FinderChangesQuerySchema };
