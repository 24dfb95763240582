import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, newStaffSecretKeyFrom, staffSecretKey, testConfig, weakKeyReason } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      database: { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
      defaultMarket: 'uk',
      productName: 'Pharmacy Champions',
      places: { provider: 'fixture' },
      mapTilesUrl: '',
      courseUrls: { uk: '', it: '', de: '' },
      mail: { smtpUrl: null, dir: path.join(dataDir, 'mail') },
      production: false,
      trustProxy: false,
    });
    expect(config.operator.company).toMatch(/example/i);
    expect(config.webDist).toBe(path.resolve('dist/web'));
  });

  it('reads a training course URL per market, http(s) only', () => {
    const config = loadConfig({ DATABASE_URL: 'memory://', COURSE_URL_DE: 'https://fortbildung.example.de/onkologie', COURSE_URL_IT: '' });
    expect(config.courseUrls).toEqual({ uk: '', it: '', de: 'https://fortbildung.example.de/onkologie' });
    expect(() => loadConfig({ DATABASE_URL: 'memory://', COURSE_URL_UK: 'javascript:alert(1)' })).toThrow(/COURSE_URL_UK/);
    expect(() => loadConfig({ DATABASE_URL: 'memory://', COURSE_URL_UK: 'not a url' })).toThrow(/COURSE_URL_UK/);
  });

  it('takes keys from the environment, and leaves unset ones to the database (nothing is written to disk)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.captcha.hmacKey).toBeNull();
    expect(config.staff.secretKey).toBeNull();
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    const key = randomBytes(32).toString('base64url');
    expect(loadConfig({ DATA_DIR: dataDir, CAPTCHA_HMAC_KEY: key }).captcha.hmacKey).toBe(key);
  });

  it('in production on PostgreSQL, refuses to start without the fleet keys, naming each one and how to make it', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db/champions' };
    let message = '';
    try {
      loadConfig(production);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/CAPTCHA_HMAC_KEY is not set/);
    expect(message).toMatch(/STAFF_SECRET_KEY is not set/);
    expect(message).toMatch(/openssl rand -base64 32/);
    const key = randomBytes(32).toString('base64');
    expect(() => loadConfig({ ...production, CAPTCHA_HMAC_KEY: key })).toThrow(/STAFF_SECRET_KEY is not set/);
    expect(() => loadConfig({ ...production, CAPTCHA_HMAC_KEY: key })).not.toThrow(/CAPTCHA_HMAC_KEY/);
    // Development on PostgreSQL and production on the embedded database keep generated keys.
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/champions' }).staff.secretKey).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'champions-config-')) }).staff.secretKey).toBeNull();
  });

  it('refuses keys of less than 32 bytes of entropy at start, in any environment, with the message of a missing key (issue 36 item 7a)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-config-'));
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db/champions' };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return null;
    };
    const strong = randomBytes(32).toString('base64');
    for (const weak of [
      'a'.repeat(16),
      'x'.repeat(32),
      'a'.repeat(64),
      'ab'.repeat(32),
      'secret-key-1234'.repeat(4),
      Buffer.alloc(32, 1).toString('base64url'),
      randomBytes(24).toString('base64'),
      randomBytes(31).toString('hex'),
      'correct horse battery staple and more words',
    ]) {
      for (const name of ['CAPTCHA_HMAC_KEY', 'STAFF_SECRET_KEY']) {
        for (const env of [{ DATA_DIR: dataDir }, { ...production, CAPTCHA_HMAC_KEY: strong, STAFF_SECRET_KEY: strong }] as Record<string, string>[]) {
          const message = refusal({ ...env, [name]: weak });
          expect(message, `${name}=${weak}`).toMatch(new RegExp(`${name} is (too short|too weak|neither)`));
          // The same help as for a missing key: the accepted forms and how to make one.
          expect(message).toMatch(/64 hex digits or as base64\/base64url \(43 characters or more\)/);
          expect(message).toMatch(/openssl rand -base64 32/);
          expect(message).toContain(`npx node -e "console.log(require('crypto').randomBytes(32).toString('base64'))"`);
          // It never repeats the key.
          expect(message).not.toContain(weak.slice(0, 12));
        }
      }
    }
    // What the generators make: openssl rand -base64 32 (44 characters), -hex 32, base64url of 32 bytes, longer keys.
    for (const key of [
      strong,
      randomBytes(32).toString('hex'),
      randomBytes(32).toString('hex').toUpperCase(),
      randomBytes(32).toString('base64url'),
      randomBytes(64).toString('base64'),
    ]) {
      expect(refusal({ DATA_DIR: dataDir, CAPTCHA_HMAC_KEY: key, STAFF_SECRET_KEY: key }), key).toBeNull();
      expect(refusal({ ...production, CAPTCHA_HMAC_KEY: key, STAFF_SECRET_KEY: key }), key).toBeNull();
    }
  });

  it("estimates a key's entropy from how it is written, and refuses what gives itself away as made by hand", () => {
    expect(weakKeyReason('a'.repeat(16))).toBe('is too short: 16 hex digits carry 8 bytes, not 32');
    expect(weakKeyReason('0123456789abcdef'.repeat(3) + '0123456789abcde')).toBe('is too short: 63 hex digits carry 31 bytes, not 32');
    expect(weakKeyReason('Q'.repeat(42))).toBe('is too short: 42 base64 characters carry 31 bytes, not 32');
    expect(weakKeyReason('Q'.repeat(43))).toBe('is too weak: it repeats a pattern of 1 character');
    expect(weakKeyReason('deadbeef'.repeat(8))).toBe('is too weak: it repeats a pattern of 8 characters');
    expect(weakKeyReason('0000000000000000000000000000000000000000000000000000000000001234')).toBe('is too weak: it uses only 5 different characters');
    expect(weakKeyReason('key with spaces and more than forty three characters')).toBe('is neither hex digits nor base64/base64url');
    expect(weakKeyReason('1LTgjS/VRUqxVUIKQQEq5ct8RtQLDDDyS587yqiRwWE=')).toBeNull();
    expect(weakKeyReason('nq3-0Pp_Xw7KcHs2mYfVbL9tRzE4uJdA1gWoC6iNxTe')).toBeNull();
    // A random key of the shortest accepted lengths passes, every time (the checks refuse one in more than 10^11).
    for (let i = 0; i < 2000; i++) {
      expect(weakKeyReason(randomBytes(32).toString('hex'))).toBeNull();
      expect(weakKeyReason(randomBytes(32).toString('base64url'))).toBeNull();
    }
  });

  it('keeps nothing on disk in memory mode', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'champions-config-')), 'unused');
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'memory://' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: null });
    expect(existsSync(dataDir)).toBe(false);
  });

  it('reads PostgreSQL, market hosts, proxies and production', () => {
    const staffKey = randomBytes(32);
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db/champions',
      MARKET_HOSTS: 'uk=champions.example.co.uk, de=champions.example.de',
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      PLACES_PROVIDER: 'nominatim',
      PLACES_URL: 'http://nominatim.internal:8080/',
      CAPTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      STAFF_SECRET_KEY: staffKey.toString('base64url'),
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db/champions' });
    expect(config.staff.secretKey).toEqual(staffKey);
    expect([...config.marketHosts]).toEqual([
      ['champions.example.co.uk', 'uk'],
      ['champions.example.de', 'de'],
    ]);
    expect(config.trustProxy).toBe(1);
    expect(config.production).toBe(true);
    expect(config.places).toEqual({ provider: 'nominatim', url: 'http://nominatim.internal:8080' });
  });

  it('trusts proxies by hop count or by address, and refuses "true" (any client would choose its own address)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-config-'));
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => trust(value)).toThrow(ConfigError);
      expect(() => trust(value)).toThrow(/TRUST_PROXY.*any client/);
    }
    expect(() => trust('10.0.0.5,proxy.example.com')).toThrow(/TRUST_PROXY.*proxy\.example\.com/);
    expect(() => trust('10.0.0.0/33')).toThrow(ConfigError);
  });

  it('caps connections per client address at 32, or not at all behind a proxy unless set', () => {
    const perClient = (env: Record<string, string>) => loadConfig({ DATABASE_URL: 'memory://', ...env }).maxConnectionsPerClient;
    expect(perClient({})).toBe(32);
    expect(perClient({ TRUST_PROXY: '1' })).toBe(0);
    expect(perClient({ TRUST_PROXY: '10.0.0.5', MAX_CONNECTIONS_PER_CLIENT: '200' })).toBe(200);
    expect(perClient({ MAX_CONNECTIONS_PER_CLIENT: '0' })).toBe(0);
    expect(() => perClient({ MAX_CONNECTIONS_PER_CLIENT: '-1' })).toThrow(/MAX_CONNECTIONS_PER_CLIENT/);
  });

  it('reads the daily upload megabytes per client address (default 50)', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).uploadDailyBytes).toBe(50 * 1024 * 1024);
    expect(loadConfig({ DATABASE_URL: 'memory://', UPLOAD_DAILY_MB: '500' }).uploadDailyBytes).toBe(500 * 1024 * 1024);
    expect(() => loadConfig({ DATABASE_URL: 'memory://', UPLOAD_DAILY_MB: '0' })).toThrow(/UPLOAD_DAILY_MB/);
  });

  it('takes no scheduled backups unless BACKUP_DIR is set; every 24 hours, the newest 14 kept by default', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).backup).toEqual({ dir: null, everyHours: 24, keep: 14 });
    expect(loadConfig({ DATABASE_URL: 'memory://', BACKUP_DIR: 'backups', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '28' }).backup).toEqual({
      dir: path.resolve('backups'),
      everyHours: 6,
      keep: 28,
    });
    expect(() => loadConfig({ DATABASE_URL: 'memory://', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ DATABASE_URL: 'memory://', BACKUP_EVERY_HOURS: '0.5' })).toThrow(/BACKUP_EVERY_HOURS/);
  });

  it('refuses invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEFAULT_MARKET: 'fr' })).toThrow(/DEFAULT_MARKET/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('testConfig uses an in-memory database, a temp dir and a low captcha difficulty', () => {
    const config = testConfig({ productName: 'X' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: null });
    expect(config.dataDir.startsWith(tmpdir())).toBe(true);
    expect(config.captcha.maxNumber).toBeLessThanOrEqual(100);
    expect(config.productName).toBe('X');
  });
});

describe('secret settings given as files (NAME_FILE)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'champions-secret-files-'));
  const fileHolding = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text, { mode: 0o600 });
    return file;
  };
  const key = () => randomBytes(32).toString('base64url');

  it('reads a key from the file NAME_FILE names, its trailing newline trimmed, and uses it', () => {
    const staffKey = key();
    const hmacKey = key();
    const config = loadConfig({
      DATABASE_URL_FILE: fileHolding('database-url', 'postgres://champions:secret@db.internal/champions\n'),
      STAFF_SECRET_KEY_FILE: fileHolding('staff-key', `${staffKey}\n`),
      PREVIOUS_STAFF_SECRET_KEY_FILE: fileHolding('previous-key', `${staffKey.slice(1)}x\r\n`),
      CAPTCHA_HMAC_KEY_FILE: fileHolding('hmac-key', hmacKey),
      SMTP_URL_FILE: fileHolding('smtp-url', 'smtp://mailer:secret@smtp.internal:587\n'),
      NODE_ENV: 'production',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://champions:secret@db.internal/champions' });
    expect(config.staff.secretKey).toEqual(staffSecretKey(staffKey));
    expect(config.staff.previousSecretKey).toEqual(staffSecretKey(`${staffKey.slice(1)}x`));
    expect(config.captcha.hmacKey).toBe(hmacKey);
    expect(config.mail.smtpUrl).toBe('smtp://mailer:secret@smtp.internal:587');
    expect(newStaffSecretKeyFrom({ NEW_STAFF_SECRET_KEY_FILE: fileHolding('new-key', `${staffKey}\n`) })).toBe(staffKey);
  });

  it('takes the variable itself over its file when both are set', () => {
    const direct = key();
    const config = loadConfig({ DATABASE_URL: 'memory://', STAFF_SECRET_KEY: direct, STAFF_SECRET_KEY_FILE: fileHolding('other-key', `${key()}\n`) });
    expect(config.staff.secretKey).toEqual(staffSecretKey(direct));
    // Even a file that cannot be read is not looked at then.
    expect(loadConfig({ DATABASE_URL: 'memory://', STAFF_SECRET_KEY: direct, STAFF_SECRET_KEY_FILE: path.join(dir, 'missing') }).staff.secretKey).toEqual(
      staffSecretKey(direct),
    );
  });

  it('refuses a file that cannot be read, or is empty, naming the setting and the file, never a value', () => {
    const missing = path.join(dir, 'no-such-file');
    const attempt = (env: Record<string, string>) => {
      try {
        loadConfig({ DATABASE_URL: 'memory://', ...env });
      } catch (error) {
        return error;
      }
      return null;
    };
    const unreadable = attempt({ STAFF_SECRET_KEY_FILE: missing, CAPTCHA_HMAC_KEY_FILE: dir });
    expect(unreadable).toBeInstanceOf(ConfigError);
    expect((unreadable as Error).message).toBe(
      `Invalid environment:\n  CAPTCHA_HMAC_KEY_FILE: cannot read ${dir} (EISDIR)\n  STAFF_SECRET_KEY_FILE: cannot read ${missing} (ENOENT)`,
    );
    const empty = attempt({ METRICS_TOKEN_FILE: fileHolding('empty', '\n') });
    expect(empty).toBeInstanceOf(ConfigError);
    expect((empty as Error).message).toContain(`METRICS_TOKEN_FILE: ${path.join(dir, 'empty')} is empty`);
    expect(() => newStaffSecretKeyFrom({ NEW_STAFF_SECRET_KEY_FILE: missing })).toThrow(ConfigError);
  });

  it('holds NEW_STAFF_SECRET_KEY to the rules of every key', () => {
    expect(() => newStaffSecretKeyFrom({})).toThrow(/NEW_STAFF_SECRET_KEY is not set/);
    expect(() => newStaffSecretKeyFrom({ NEW_STAFF_SECRET_KEY: 'a'.repeat(64) })).toThrow(
      /NEW_STAFF_SECRET_KEY is too weak: it repeats a pattern of 1 character[\s\S]*openssl rand -base64 32/,
    );
    expect(() => newStaffSecretKeyFrom({ NEW_STAFF_SECRET_KEY: 'short' })).toThrow(/NEW_STAFF_SECRET_KEY is too short/);
  });
});
