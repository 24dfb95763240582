// AES-256-GCM for secrets at rest (staff TOTP secrets): a database copy alone does not give
// anyone the second factor; the key lives in config (STAFF_SECRET_KEY) or, generated, in app_secrets (services/server-keys.ts).
// A box seals under one key and opens with it or the keys before it (PREVIOUS_STAFF_SECRET_KEY during
// a roll-over, and the key a rotation through this server replaced): docs/decisions/0046.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function openWith(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface SecretBoxOptions {
  /** Further keys that open (not seal): PREVIOUS_STAFF_SECRET_KEY, a backup's key. Nulls are left out. */
  opening?: (Buffer | null)[];
  /** Whether the sealing key is the generated one kept in app_secrets (no STAFF_SECRET_KEY was set). */
  generated?: boolean;
}

export function createSecretBox(key: Buffer, options: SecretBoxOptions = {}) {
  const checked = (k: Buffer) => {
    if (k.length !== 32) throw new Error('the secret key must be 32 bytes');
    return k;
  };
  let sealing = checked(key);
  let opening = (options.opening ?? []).filter((k): k is Buffer => k !== null).map(checked);
  let generated = options.generated ?? false;
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealing, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    /** Null when the text was sealed with none of this box's keys, or was altered. */
    open(sealed: string): string | null {
      for (const k of [sealing, ...opening]) {
        const plain = openWith(k, sealed);
        if (plain !== null) return plain;
      }
      return null;
    },
    /** The key that seals, then the others that open. */
    get keys(): readonly Buffer[] {
      return [sealing, ...opening];
    },
    get generated(): boolean {
      return generated;
    },
    /** From now on seals under `next`, and still opens with every key it had (a rotation through this server). */
    rekey(next: Buffer, nextGenerated: boolean): void {
      opening = [sealing, ...opening].filter((k) => !k.equals(next));
      sealing = checked(next);
      generated = nextGenerated;
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
