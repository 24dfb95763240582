// POST /api/auth/sign-out: ends the session on the server.
import { apiFetch } from '../../../lib/api-client.ts';

export async function signOut(): Promise<boolean> {
  try {
    const { ok } = await apiFetch('/api/auth/sign-out', { method: 'POST', json: {} });
    return ok;
  } catch {
    return false;
  }
}
