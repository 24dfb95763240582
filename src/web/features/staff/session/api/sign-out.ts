// POST /api/auth/sign-out: ends the session on the server.
import * as Api from '#shared/api/staff-session-endpoints.ts';
import { callApi } from '../../../../lib/api-client.ts';

export async function signOut(): Promise<boolean> {
  try {
    const { ok } = await callApi(Api.signOut);
    return ok;
  } catch {
    return false;
  }
}
