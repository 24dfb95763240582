// The main admin's API keys of client apps (issue 38 item 5, docs/decisions/0052). Import as a
// namespace: `import * as ApiClientApi`.
// Issuing a key is a form of the catalogue (`FormApi['issue-api-key']`, form-endpoints.ts).
import type { ApiClientItem, IssuedApiKey } from '../schemas/api-clients.ts';
import type { Contract } from './contract.ts';

/** Every key, active first, newest first, with the last days' usage. */
export const apiClients: Contract<undefined, ApiClientItem[], 'GET'> = { method: 'GET', path: '/api/admin/api-clients', request: null };
/** A new secret for the key; the old one stops at once. 404 for a key unknown or revoked. */
export const rotateApiKey: Contract<Record<string, never>, IssuedApiKey, 'POST'> = { method: 'POST', path: '/api/admin/api-clients/:id/rotate', request: null };
/** The key stops at once, for good. */
export const revokeApiKey: Contract<Record<string, never>, ApiClientItem, 'POST'> = {
  method: 'POST',
  path: '/api/admin/api-clients/:id/revoke',
  request: null,
};
