// The patient app's public API beyond what our own pages use (issue 38): the cursor search, a
// market's snapshot and its change feed. Apart from finder-endpoints.ts so that no page's bundle
// reaches their schemas (and the zod code they need). Import as a namespace: `import * as PublicApi`.
import type * as z from 'zod/mini';
import {
  FinderChangesQuerySchema,
  FinderSearchQuerySchema,
  FinderSnapshotQuerySchema,
  type FinderChangesAnswer,
  type FinderSearchAnswer,
  type FinderSnapshotAnswer,
} from '../schemas/finder-api.ts';
import type { Contract } from './contract.ts';

/** Nearest first with an opaque cursor (issue 38 item 2); the public API's search. */
export const finderSearch: Contract<z.input<typeof FinderSearchQuerySchema>, FinderSearchAnswer, 'GET'> = {
  method: 'GET',
  path: '/api/v1/finder/search',
  request: FinderSearchQuerySchema,
};

/** A market's listings and the cursor its change feed is read from (issue 38 item 3). */
export const finderSnapshot: Contract<z.input<typeof FinderSnapshotQuerySchema>, FinderSnapshotAnswer, 'GET'> = {
  method: 'GET',
  path: '/api/v1/finder/snapshot',
  request: FinderSnapshotQuerySchema,
};

/** A market's changes after a cursor, with a delete for every listing that left the finder (issue 38 item 3). */
export const finderChanges: Contract<z.input<typeof FinderChangesQuerySchema>, FinderChangesAnswer, 'GET'> = {
  method: 'GET',
  path: '/api/v1/finder/changes',
  request: FinderChangesQuerySchema,
};
