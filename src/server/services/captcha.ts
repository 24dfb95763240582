// Bot check: self-hosted ALTCHA proof of work. A solution is accepted once, and the record of
// use lives in the database so that every server instance agrees.
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { captchaUsed } from '../db/schema.ts';

const CHALLENGE_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'SHA-256';

export type CaptchaCheck = { ok: true } | { ok: false; reason: 'malformed' | 'expired' | 'invalid' | 'reused' };

export interface CaptchaService {
  challenge(): Promise<Challenge>;
  /** Verifies the widget's base64 payload and marks it used; a second use is refused. */
  redeem(token: string): Promise<CaptchaCheck>;
  purgeExpired(now?: Date): Promise<number>;
}

function decodePayload(token: string): Payload | null {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { challenge, solution } = parsed as Partial<Payload>;
    if (!challenge || typeof challenge !== 'object' || !challenge.parameters || typeof challenge.parameters !== 'object') return null;
    if (typeof challenge.signature !== 'string' || !solution || typeof solution !== 'object') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

export function createCaptchaService(db: Database, options: { hmacKey: string; maxNumber: number }): CaptchaService {
  // Deterministic mode: the server picks the counter and signs the derived key, so verifying is one HMAC.
  const keySignatureSecret = createHmac('sha256', options.hmacKey).update('altcha-key-signature').digest('hex');

  return {
    challenge() {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(options.maxNumber),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
        hmacSignatureSecret: options.hmacKey,
        hmacKeySignatureSecret: keySignatureSecret,
      });
    },

    async redeem(token) {
      const payload = decodePayload(token);
      if (!payload) return { ok: false, reason: 'malformed' };
      let result;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: options.hmacKey,
          hmacKeySignatureSecret: keySignatureSecret,
        });
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (result.expired) return { ok: false, reason: 'expired' };
      if (!result.verified) return { ok: false, reason: 'invalid' };
      const expiresAt = new Date(((payload.challenge.parameters.expiresAt ?? 0) || Date.now() / 1000 + CHALLENGE_TTL_SECONDS) * 1000);
      const inserted = await db
        .insert(captchaUsed)
        .values({ signature: payload.challenge.signature!, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: captchaUsed.signature });
      return inserted.length === 1 ? { ok: true } : { ok: false, reason: 'reused' };
    },

    async purgeExpired(now = new Date()) {
      const deleted = await db.delete(captchaUsed).where(lt(captchaUsed.expiresAt, now)).returning({ s: captchaUsed.signature });
      return deleted.length;
    },
  };
}
