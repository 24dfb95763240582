// The manager's reps page (issue 24 item 4): the reps with their figures, disabling and enabling
// one (kind `repAccount` of the access policy), moving all of a rep's pharmacies, the joins digest.
// Apart from staff-endpoints.ts, whose contracts the forms' shared code carries: only the reps
// page loads these. Import as a namespace: `import * as RepsApi`.
import type * as z from 'zod/mini';
import {
  JoinsDigestSettingSchema,
  MoveRepPharmaciesSchema,
  RepAccountRequestSchema,
  type MoveRepPharmaciesAnswer,
  type RepSummaries,
} from '../schemas/staff-reps.ts';
import type { Contract } from './contract.ts';
import type { IdQuery } from './staff-endpoints.ts';

/** `?id=` the manager. */
export const repSummaries: Contract<IdQuery, RepSummaries, 'GET'> = { method: 'GET', path: '/api/areamanager-get-rep-summaries', request: null };
export const disableRep: Contract<z.input<typeof RepAccountRequestSchema>, undefined, 'POST'> = {
  method: 'POST',
  path: '/api/areamanager-disable-rep',
  request: RepAccountRequestSchema,
};
export const enableRep: Contract<z.input<typeof RepAccountRequestSchema>, undefined, 'POST'> = {
  method: 'POST',
  path: '/api/areamanager-enable-rep',
  request: RepAccountRequestSchema,
};
export const moveRepPharmacies: Contract<z.input<typeof MoveRepPharmaciesSchema>, MoveRepPharmaciesAnswer, 'POST'> = {
  method: 'POST',
  path: '/api/areamanager-move-rep-pharmacies',
  request: MoveRepPharmaciesSchema,
};
export const joinsDigestSetting: Contract<z.input<typeof JoinsDigestSettingSchema>, { joinsDigest: boolean }, 'PUT'> = {
  method: 'PUT',
  path: '/api/areamanager-joins-digest',
  request: JoinsDigestSettingSchema,
};
