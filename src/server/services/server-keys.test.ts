import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { appSecrets } from '../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/context.ts';
import { loadServerKeys } from './server-keys.ts';

let opened: TestDatabase | null = null;
afterEach(async () => {
  await opened?.close();
  opened = null;
});

describe('server keys', () => {
  it('generates each unset key once in the database, so that every server on it reads the same', async () => {
    opened = await createTestDatabase();
    const unset = { ...opened.config, captcha: { ...opened.config.captcha, hmacKey: null }, staff: { ...opened.config.staff, secretKey: null } };
    const [first, second] = await Promise.all([loadServerKeys(opened.database.db, unset), loadServerKeys(opened.database.db, unset)]);
    expect(first.captchaHmacKey.length).toBeGreaterThanOrEqual(32);
    expect(first.staffSecretKey).toHaveLength(32);
    expect(second).toEqual(first);
    expect(await loadServerKeys(opened.database.db, unset)).toEqual(first);
    expect(first.captchaHmacKey).not.toBe(first.staffSecretKey.toString('base64url'));
  });

  it('takes a key from the environment over a stored one', async () => {
    opened = await createTestDatabase();
    const fromEnv = {
      ...opened.config,
      captcha: { ...opened.config.captcha, hmacKey: 'e'.repeat(32) },
      staff: { ...opened.config.staff, secretKey: Buffer.alloc(32, 7) },
    };
    const keys = await loadServerKeys(opened.database.db, fromEnv);
    expect(keys).toEqual({ captchaHmacKey: 'e'.repeat(32), staffSecretKey: Buffer.alloc(32, 7), previousStaffSecretKey: null, staffKeyGenerated: false });
  });

  it('in production on PostgreSQL generates nothing: a missing key is refused as the server refuses it, and app_secrets stays empty (issue 36 item 7b)', async () => {
    opened = await createTestDatabase();
    const production = { ...opened.config, production: true, database: { kind: 'postgres' as const, url: 'postgres://u:p@db/champions' } };
    const unset = { ...production, captcha: { ...production.captcha, hmacKey: null }, staff: { ...production.staff, secretKey: null } };
    const refusal = await loadServerKeys(opened.database.db, unset).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toMatch(/CAPTCHA_HMAC_KEY is not set/);
    expect((refusal as Error).message).toMatch(/STAFF_SECRET_KEY is not set/);
    expect((refusal as Error).message).toMatch(/openssl rand -base64 32/);
    const oneSet = { ...unset, captcha: { ...unset.captcha, hmacKey: 'not-checked-here' } };
    await expect(loadServerKeys(opened.database.db, oneSet)).rejects.toThrow(/STAFF_SECRET_KEY is not set/);
    expect(await opened.database.db.select().from(appSecrets)).toEqual([]);
    // Both given: nothing to generate, nothing written.
    const given = { ...production, staff: { ...production.staff, secretKey: Buffer.alloc(32, 9) } };
    expect((await loadServerKeys(opened.database.db, given)).staffSecretKey).toEqual(Buffer.alloc(32, 9));
    expect(await opened.database.db.select().from(appSecrets)).toEqual([]);
    // Production on the embedded database, and development on PostgreSQL, keep generated keys.
    await loadServerKeys(opened.database.db, { ...unset, database: { kind: 'pglite', dataDir: null } });
    expect(await opened.database.db.select().from(appSecrets)).toHaveLength(2);
    await expect(loadServerKeys(opened.database.db, { ...unset, production: false })).resolves.toBeTruthy();
  });

  it('adopts the keys an older version generated into DATA_DIR/secrets.json, then removes the file', async () => {
    opened = await createTestDatabase();
    const { dataDir } = opened.config;
    const staffKey = Buffer.alloc(32, 3).toString('base64url');
    writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ captchaHmacKey: 'c'.repeat(43), staffSecretKey: staffKey }), { mode: 0o600 });
    const onDisk = {
      ...opened.config,
      database: { kind: 'pglite' as const, dataDir: path.join(dataDir, 'db') },
      captcha: { ...opened.config.captcha, hmacKey: null },
      staff: { ...opened.config.staff, secretKey: null },
    };
    const keys = await loadServerKeys(opened.database.db, onDisk);
    expect(keys).toEqual({ captchaHmacKey: 'c'.repeat(43), staffSecretKey: Buffer.alloc(32, 3), previousStaffSecretKey: null, staffKeyGenerated: true });
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    expect(await loadServerKeys(opened.database.db, onDisk)).toEqual(keys);
  });
});
