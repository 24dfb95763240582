// "Continue on another device" (three-step forms): POST /api/drafts and GET /api/drafts/:token.
// Apart from endpoints.ts so that the single-page forms' bundles do not carry the draft schema.
import { DraftRequestSchema, type DraftAnswer } from '../schemas/drafts.ts';
import type { Contract, WithBasePath } from './contract.ts';

export const saveDraft: Contract<WithBasePath<typeof DraftRequestSchema>, undefined, 'POST'> = {
  method: 'POST',
  path: '/api/drafts',
  request: DraftRequestSchema,
};
export const getDraft: Contract<undefined, DraftAnswer, 'GET'> = { method: 'GET', path: '/api/drafts/:token', request: null };
