// Bot check: self-hosted ALTCHA proof of work. A solution is accepted once, and the record of
// use lives in the database so that every server instance agrees.
//
// Verifying is done here with node:crypto (one synchronous HMAC pair), following altcha-lib's
// verifySolution step by step (expiry, challenge signature over the canonical JSON of the
// parameters, well-formed solution, key signature over the derived key). altcha-lib has no hook
// for its HMAC, and its WebCrypto HMAC costs a key import and two thread-pool jobs per check;
// captcha.test.ts checks that both verifiers agree. A challenge without a key signature (not one
// of ours) falls back to altcha-lib itself.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/client.ts';
import { captchaUsed } from '../db/schema.ts';
import { canonicalJson } from './canonical-json.ts';

const CHALLENGE_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'SHA-256';
const MAX_COUNTER = 0xffffffff;

/** A verified solution, not yet recorded as used: its signature and when its challenge expires. */
export interface VerifiedCaptcha {
  signature: string;
  expiresAt: Date;
}

type CaptchaVerification = { ok: true; used: VerifiedCaptcha } | { ok: false; reason: 'malformed' | 'expired' | 'invalid' };
type CaptchaCheck = { ok: true } | { ok: false; reason: 'malformed' | 'expired' | 'invalid' | 'reused' };

/** The primary key of captcha_used: a unique violation on it means "this solution was used". */
export const CAPTCHA_USED_CONSTRAINT = 'captcha_used_pkey';

/**
 * Records a solution as used. A save spends it with this statement in its own transaction: a
 * solution used before aborts it with a unique violation on CAPTCHA_USED_CONSTRAINT.
 */
export const captchaUsedInsert = (used: VerifiedCaptcha) =>
  sql`insert into captcha_used (signature, expires_at) values (${used.signature}, ${used.expiresAt.toISOString()}::timestamptz)`;

/** Records a solution as used outside a save; false when it already was. */
export async function recordCaptchaUsed(db: Queryable, used: VerifiedCaptcha): Promise<boolean> {
  return rowsOf(await db.execute(sql`${captchaUsedInsert(used)} on conflict do nothing returning signature`)).length === 1;
}

export interface CaptchaService {
  challenge(): Promise<Challenge>;
  /** Checks the widget's base64 payload without recording it (the save records it in its own transaction). */
  verify(token: string): Promise<CaptchaVerification>;
  /** Records a verified solution as used; false when it already was. */
  markUsed(used: VerifiedCaptcha): Promise<boolean>;
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

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a, 'latin1'), Buffer.from(b, 'latin1'));

export function createCaptchaService(db: Queryable, options: { hmacKey: string; maxNumber: number }): CaptchaService {
  // Deterministic mode: the server picks the counter and signs the derived key, so verifying is one HMAC.
  const keySignatureSecret = createHmac('sha256', options.hmacKey).update('altcha-key-signature').digest('hex');

  /** altcha-lib's verifySolution, on node:crypto: true when verified, or the refusal. */
  async function check(payload: Payload): Promise<true | 'expired' | 'invalid'> {
    const { challenge, solution } = payload;
    const parameters = challenge.parameters;
    if (!parameters.keySignature) {
      const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: options.hmacKey, hmacKeySignatureSecret: keySignatureSecret });
      return result.expired ? 'expired' : result.verified ? true : 'invalid';
    }
    if (parameters.expiresAt && parameters.expiresAt < Date.now() / 1000) return 'expired';
    if (!challenge.signature) return 'invalid';
    const signature = createHmac('sha256', options.hmacKey).update(canonicalJson(parameters)).digest('hex');
    if (!sameHex(challenge.signature, signature)) return 'invalid';
    const { derivedKey, counter } = solution as { derivedKey?: unknown; counter?: unknown };
    if (typeof derivedKey !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(derivedKey)) return 'invalid';
    if (!Number.isInteger(counter) || (counter as number) < 0 || (counter as number) > MAX_COUNTER) return 'invalid';
    const keySignature = createHmac('sha256', keySignatureSecret).update(Buffer.from(derivedKey, 'hex')).digest('hex');
    return typeof parameters.keySignature === 'string' && sameHex(parameters.keySignature, keySignature) ? true : 'invalid';
  }

  const service: CaptchaService = {
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

    async verify(token) {
      const payload = decodePayload(token);
      if (!payload) return { ok: false, reason: 'malformed' };
      let result;
      try {
        result = await check(payload);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (result !== true) return { ok: false, reason: result };
      const expiresAt = new Date(((payload.challenge.parameters.expiresAt ?? 0) || Date.now() / 1000 + CHALLENGE_TTL_SECONDS) * 1000);
      return { ok: true, used: { signature: payload.challenge.signature!, expiresAt } };
    },

    markUsed(used) {
      return recordCaptchaUsed(db, used);
    },

    async redeem(token) {
      const verified = await service.verify(token);
      if (!verified.ok) return verified;
      return (await service.markUsed(verified.used)) ? { ok: true } : { ok: false, reason: 'reused' };
    },

    async purgeExpired(now = new Date()) {
      const deleted = await db.delete(captchaUsed).where(lt(captchaUsed.expiresAt, now)).returning({ s: captchaUsed.signature });
      return deleted.length;
    },
  };
  return service;
}
