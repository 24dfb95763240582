// GET /api/auth/totp/setup: the new TOTP secret as an otpauth:// URL and as a QR code (SVG).
import { apiFetch } from '../../../lib/api-client.ts';

export interface TotpSetup {
  otpauthUrl: string;
  qrSvg: string;
}

export async function getTotpSetup(): Promise<TotpSetup | null> {
  try {
    const { ok, body } = await apiFetch<TotpSetup>('/api/auth/totp/setup');
    const data = body?.data;
    if (!ok || body?.status !== 'ok' || !data || typeof data.otpauthUrl !== 'string' || typeof data.qrSvg !== 'string') return null;
    return data;
  } catch {
    return null;
  }
}
