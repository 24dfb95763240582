// The review desk's checks on one application (issue 25 items 3 and 4): the changes since a change
// request, the duplicate flags and the register link. Import as a namespace: `import * as ReviewChecksApi`.
import type { ReviewChecks } from '../schemas/review-checks.ts';
import type { Contract } from './contract.ts';

export const checks: Contract<undefined, ReviewChecks, 'GET'> = { method: 'GET', path: '/api/review/applications/:id/checks', request: null };
