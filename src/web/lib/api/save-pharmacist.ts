// POST /api/save-pharmacist (spec §7): the registration payload as JSON.
import type { UkRegistrationPayload } from '#shared/schemas/registration.ts';
import { apiFetch, type ApiResult } from '../api-client.ts';

/** What the UK single page sends: the payload plus the honeypot field (empty for people). */
export type SavePharmacistBody = UkRegistrationPayload & { website?: string };

export function savePharmacist(body: SavePharmacistBody, signal?: AbortSignal): Promise<ApiResult<{ id?: string }>> {
  return apiFetch<{ id?: string }>('/api/save-pharmacist', { method: 'POST', json: body, signal });
}
