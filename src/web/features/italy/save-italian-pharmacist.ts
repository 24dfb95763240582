// POST /api/save-pharmacist (spec §7) with the Italian payload; the server validates it with
// ItalianRegistrationPayloadSchema (its country and language select it).
import type { ItalianRegistrationPayload } from '#shared/schemas/registration-it.ts';
import { apiFetch, type ApiResult } from '../../lib/api-client.ts';

/** The payload as the form holds it (before the server's transforms), plus the honeypot field. */
export type ItalianSaveBody = ItalianRegistrationPayload & { website?: string };

export function saveItalianPharmacist(body: ItalianSaveBody, signal?: AbortSignal): Promise<ApiResult<{ id?: string }>> {
  return apiFetch<{ id?: string }>('/api/save-pharmacist', { method: 'POST', json: body, signal });
}
