// "Email me a link to continue": POST /api/drafts saves the answers so far and e-mails a link
// {origin}{basePath}/form/{step}?draft={token}; GET /api/drafts/{token} returns them.
import type { Country, Language } from '#shared/markets.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

export interface DraftRequest {
  email: string;
  country: Country;
  language: Language;
  step: number;
  basePath: string;
  data: Record<string, string | number | boolean>;
}

export interface Draft {
  country: Country;
  language: Language;
  step: number;
  data: Record<string, unknown>;
}

/** Resolves true when the server took the draft. */
export async function saveDraft(request: DraftRequest, signal?: AbortSignal): Promise<boolean> {
  const { ok, body } = await apiFetch('/api/drafts', { method: 'POST', json: request, signal });
  return ok && body?.status === 'ok';
}

/** The draft, or null when the link is unknown or expired. Rejects on a network failure. */
export async function getDraft(token: string, signal?: AbortSignal): Promise<Draft | null> {
  const { ok, body } = await apiFetch<Draft>(`/api/drafts/${encodeURIComponent(token)}`, { signal });
  if (!ok || !body || body.status !== 'ok' || !body.data || typeof body.data !== 'object') return null;
  const draft = body.data;
  return draft.data && typeof draft.data === 'object' ? draft : null;
}
