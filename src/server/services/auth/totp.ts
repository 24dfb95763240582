// TOTP (RFC 6238) with otpauth: 6 digits, 30 s steps, SHA-1 (what every authenticator app reads).
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

const TOTP_PERIOD_SECONDS = 30;
const TOTP_WINDOW = 1;
export const TOTP_MAX_FAILURES = 5;
export const TOTP_LOCK_MINUTES = 15;

const totpFor = (secretBase32: string, issuer = 'Pharmacy Champions', label = 'staff') =>
  new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(secretBase32) });

export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

export async function enrolment(secretBase32: string, issuer: string, label: string) {
  const otpauthUrl = totpFor(secretBase32, issuer, label).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { otpauthUrl, qrSvg };
}

/** The time step a code belongs to (within ±1 step of now), or null when it matches none. */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** A code for a moment (tests, and nothing else). */
export const codeAt = (secretBase32: string, at: Date) => totpFor(secretBase32).generate({ timestamp: at.getTime() });
