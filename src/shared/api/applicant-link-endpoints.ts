// "E-mail me a link" and the data rights it leads to (issue 14 item 9, issue 13 item 6). Apart
// from endpoints.ts so that the application forms' bundles do not carry them.
import { ApplicantLinkRequestSchema, type MyDataExport } from '../schemas/applicant-links.ts';
import type { Contract, WithBasePath } from './contract.ts';

type LinkRequest = WithBasePath<typeof ApplicantLinkRequestSchema>;

/** A link to update the application that uses this address (its edit link), in the application's language. */
export const requestUpdateLink: Contract<LinkRequest, undefined, 'POST'> = { method: 'POST', path: '/api/update-link', request: ApplicantLinkRequestSchema };
/** A link to /my-data/{token} (valid 7 days), to download or erase the application that uses this address. */
export const requestDataRights: Contract<LinkRequest, undefined, 'POST'> = {
  method: 'POST',
  path: '/api/data-rights/request',
  request: ApplicantLinkRequestSchema,
};
export const getMyData: Contract<undefined, MyDataExport, 'GET'> = { method: 'GET', path: '/api/data-rights/:token', request: null };
export const eraseMyData: Contract<undefined, undefined, 'POST'> = { method: 'POST', path: '/api/data-rights/:token/erase', request: null };
