// The applicant's status page (issue 25 item 5). Apart from endpoints.ts so that the form pages'
// bundles do not carry it.
import type { MyApplicationStatus } from '../schemas/my-application.ts';
import type { Contract } from './contract.ts';

/** Where the application of a status link stands; 404 when the link names nothing (unknown, expired, erased). */
export const getMyApplication: Contract<undefined, MyApplicationStatus, 'GET'> = { method: 'GET', path: '/api/my-application/:token', request: null };
/** The applicant's copy of their answers (issue 41 item 5): a download (application/pdf), not an answer envelope; 404 as above. */
export const myApplicationCopy: Contract<undefined, unknown, 'GET'> = { method: 'GET', path: '/api/my-application/:token/copy', request: null };
