// POST /api/check_pharmacy (spec §7): is this place a pharmacy we already know?
// Any failure counts as "not found", silently.
import * as Api from '#shared/api/endpoints.ts';
import { callApi } from '../api-client.ts';

export interface KnownPharmacy {
  address?: string;
  googleplacesid?: string;
  lat?: number | string;
  lon?: number | string;
  services?: string;
  whereYouWork?: string;
}

export async function checkPharmacy(placeId: string, signal?: AbortSignal): Promise<KnownPharmacy | null> {
  try {
    const { ok, body } = await callApi(Api.checkPharmacy, { request: { placeId }, signal });
    if (!ok || !body || body.message !== 'found' || !body.data || typeof body.data !== 'object') return null;
    return body.data;
  } catch {
    return null;
  }
}
