// POST /api/auth/totp/setup: a new TOTP secret as an otpauth:// URL and as a QR code (SVG).
// A POST because it changes state (the secret is stored until the first code enables it).
import { apiFetch } from '../../../lib/api-client.ts';

export interface TotpSetup {
  otpauthUrl: string;
  qrSvg: string;
}

export async function startTotpSetup(): Promise<TotpSetup | null> {
  try {
    const { ok, body } = await apiFetch<TotpSetup>('/api/auth/totp/setup', { method: 'POST', json: {} });
    const data = body?.data;
    if (!ok || body?.status !== 'ok' || !data || typeof data.otpauthUrl !== 'string' || typeof data.qrSvg !== 'string') return null;
    return data;
  } catch {
    return null;
  }
}
