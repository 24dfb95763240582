// The finder's public read API (issue #13 item 4), for the patient app and the /finder page. Apart
// from endpoints.ts so that the form pages' bundles do not carry it. Import as a namespace: `import * as FinderApi`.
import type * as z from 'zod/mini';
import { FinderQuerySchema, type FinderListing, type FinderPharmacy } from '../schemas/finder.ts';
import type { Contract } from './contract.ts';

/** Approved champions nearest first; the answer also carries `total`, `page` and `pageSize` (FinderAnswer). */
export const finderPharmacies: Contract<z.input<typeof FinderQuerySchema>, FinderPharmacy[], 'GET'> = {
  method: 'GET',
  path: '/api/v1/finder/pharmacies',
  request: FinderQuerySchema,
};

/** One listing by its public id (the listing page /finder/{listingId}); 404 when it is not listed (any more). */
export const finderListing: Contract<undefined, FinderListing, 'GET'> = { method: 'GET', path: '/api/v1/finder/listings/:listingId', request: null };
