// POST /api/auth/totp/setup: a new TOTP secret as an otpauth:// URL and as a QR code (SVG).
// A POST because it changes state (the secret is stored until the first code enables it).
import * as Api from '#shared/api/staff-endpoints.ts';
import type { TotpSetupAnswerData } from '#shared/schemas/staff.ts';
import { callApi } from '../../../../lib/api-client.ts';

export type TotpSetup = TotpSetupAnswerData;

export async function startTotpSetup(): Promise<TotpSetup | null> {
  try {
    const { ok, body } = await callApi(Api.totpSetup);
    const data = body?.data;
    if (!ok || body?.status !== 'ok' || !data || typeof data.otpauthUrl !== 'string' || typeof data.qrSvg !== 'string') return null;
    return data;
  } catch {
    return null;
  }
}
