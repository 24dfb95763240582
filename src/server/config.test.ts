import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, testConfig } from './config.ts';

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
    expect(loadConfig({ DATA_DIR: dataDir, CAPTCHA_HMAC_KEY: 'k'.repeat(32) }).captcha.hmacKey).toBe('k'.repeat(32));
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
    expect(() => loadConfig({ ...production, CAPTCHA_HMAC_KEY: 'x'.repeat(32) })).toThrow(/STAFF_SECRET_KEY is not set/);
    expect(() => loadConfig({ ...production, CAPTCHA_HMAC_KEY: 'x'.repeat(32) })).not.toThrow(/CAPTCHA_HMAC_KEY is not set/);
    // Development on PostgreSQL and production on the embedded database keep generated keys.
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/champions' }).staff.secretKey).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'champions-config-')) }).staff.secretKey).toBeNull();
  });

  it('keeps nothing on disk in memory mode', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'champions-config-')), 'unused');
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'memory://' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: null });
    expect(existsSync(dataDir)).toBe(false);
  });

  it('reads PostgreSQL, market hosts, proxies and production', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db/champions',
      MARKET_HOSTS: 'uk=champions.example.co.uk, de=champions.example.de',
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      PLACES_PROVIDER: 'nominatim',
      PLACES_URL: 'http://nominatim.internal:8080/',
      CAPTCHA_HMAC_KEY: 'x'.repeat(32),
      STAFF_SECRET_KEY: Buffer.alloc(32, 1).toString('base64url'),
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db/champions' });
    expect(config.staff.secretKey).toEqual(Buffer.alloc(32, 1));
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
