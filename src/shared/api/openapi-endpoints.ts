// The public API's contract and its reference (issue 38 item 1, docs/decisions/0055): the OpenAPI
// document, what each problem type means, and the reference page with its files. Server-side
// generated answers, no request schema. Import as a namespace: `import * as OpenApiEndpoints`.
import type { Contract } from './contract.ts';

/** The OpenAPI 3.1 document of the public API. */
export const openApiDocument: Contract<undefined, unknown, 'GET'> = { method: 'GET', path: '/api/v1/openapi.json', request: null };

/** What a problem `type` URI means: `{type, status, title, detail}`; 404 problem details for an unknown slug. */
export const problemType: Contract<undefined, { type: string; status: number; title: string; detail: string }, 'GET'> = {
  method: 'GET',
  path: '/api/v1/problems/:slug',
  request: null,
};

/** The human-readable reference (HTML). */
export const apiReference: Contract<undefined, string, 'GET'> = { method: 'GET', path: '/api/v1/docs', request: null };

/** The reference page's files (an allowlist). */
export const apiReferenceAsset: Contract<undefined, string, 'GET'> = { method: 'GET', path: '/api/v1/docs/assets/:file', request: null };
