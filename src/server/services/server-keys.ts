// The keys every server on one database must share: the bot-check HMAC key and the key encrypting
// staff TOTP secrets. Taken from the environment when set; otherwise generated once and kept in
// `app_secrets`, so that every server on the database and every restart agree (docs/decisions/0010).
// Generated only where config.ts's keysMayBeGenerated allows it (the embedded database, or outside
// production): whoever asks here (the server, `npm run staff`, `npm run seed:demo`, a script) gets
// the same refusal as the server's start instead of a key written into a production database
// (docs/decisions/0041).
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ConfigError, fleetKeysMessage, keysMayBeGenerated, staffSecretKey, type Config, type FleetKey } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { appSecrets } from '../db/schema.ts';
import { createSecretBox, type SecretBox } from './auth/secret-box.ts';

export interface ServerKeys {
  captchaHmacKey: string;
  staffSecretKey: Buffer;
  /** PREVIOUS_STAFF_SECRET_KEY: opens, never seals, what is still sealed under the key before (docs/decisions/0046). */
  previousStaffSecretKey: Buffer | null;
  /** Whether staffSecretKey is the generated one kept in app_secrets (STAFF_SECRET_KEY is not set). */
  staffKeyGenerated: boolean;
}

/** The names of the generated keys in app_secrets. */
export const STORED_NAMES = { captchaHmacKey: 'captchaHmacKey', staffSecretKey: 'staffSecretKey' } as const;

/** The stored secret of this name: the first server to ask generates it, every later one reads the same. */
async function storedSecret(db: Queryable, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}

/**
 * Before keys lived in the database they were generated into DATA_DIR/secrets.json. Those values are
 * moved into the database once (staff second factors enrolled under them keep working), then the
 * file goes: a key should live in one place.
 */
async function adoptSecretsFile(db: Queryable, dataDir: string): Promise<boolean> {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Record<string, unknown>;
  try {
    secrets = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return false;
  }
  const rows: { name: string; value: string }[] = [];
  for (const name of Object.values(STORED_NAMES)) {
    const value = secrets[name];
    if (typeof value === 'string' && value.length >= 16) rows.push({ name, value });
  }
  if (rows.length > 0) await db.insert(appSecrets).values(rows).onConflictDoNothing();
  await rm(file, { force: true });
  return true;
}

export async function loadServerKeys(db: Queryable, config: Pick<Config, 'captcha' | 'staff' | 'dataDir' | 'database' | 'production'>): Promise<ServerKeys> {
  const missing: FleetKey[] = [
    ...(config.captcha.hmacKey === null ? (['CAPTCHA_HMAC_KEY'] as const) : []),
    ...(config.staff.secretKey === null ? (['STAFF_SECRET_KEY'] as const) : []),
  ];
  if (missing.length > 0 && !keysMayBeGenerated(config)) {
    throw new ConfigError(
      fleetKeysMessage(
        missing.map((name) => ({ name, problem: 'is not set' })),
        true,
      ),
    );
  }
  const needsStored = missing.length > 0;
  if (needsStored && config.database.kind === 'pglite' && config.database.dataDir) await adoptSecretsFile(db, config.dataDir);
  return {
    captchaHmacKey: config.captcha.hmacKey ?? (await storedSecret(db, STORED_NAMES.captchaHmacKey)),
    staffSecretKey: config.staff.secretKey ?? staffSecretKey(await storedSecret(db, STORED_NAMES.staffSecretKey)),
    previousStaffSecretKey: config.staff.previousSecretKey,
    staffKeyGenerated: config.staff.secretKey === null,
  };
}

/** The box that seals staff secrets under the staff key, and opens them with it or the previous one. */
export function staffSecretBox(keys: ServerKeys): SecretBox {
  return createSecretBox(keys.staffSecretKey, { opening: [keys.previousStaffSecretKey], generated: keys.staffKeyGenerated });
}
