// Every environment variable the server reads, parsed and documented in one place.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as z from 'zod';
import { DAILY_UPLOAD_BYTES_PER_CLIENT, MB } from '#shared/limits.ts';
import type { OperatorDetails } from '#shared/api/site-config.ts';
import { COUNTRIES, parseMarketHosts, type Country } from '#shared/markets.ts';
import { DEFAULT_RETENTION_PERIODS } from '#shared/schemas/privacy.ts';

/** Defaults that only stand in for the operator's real details (exampleSettingWarnings names them at start). */
export const EXAMPLE_SETTINGS = {
  OPERATOR_COMPANY: 'Example Health Ltd (example operator)',
  OPERATOR_ADDRESS: '1 Example Street, London EC1A 1AA, United Kingdom (example)',
  OPERATOR_REGISTER: 'Companies House no. 00000000 (example)',
  OPERATOR_VAT: 'GB000000000 (example)',
  OPERATOR_RESPONSIBLE: 'Jane Example (example)',
  OPERATOR_SUPPORT_EMAIL: 'support@example.com',
  OPERATOR_DPO_EMAIL: 'dpo@example.com',
  OPERATOR_PHONE: '+44 20 0000 0000 (example)',
  MAIL_FROM: 'Pharmacy Champions <no-reply@example.com>',
} as const;

/** An http(s) address with placeholders (REGISTER_URL_*), or empty for none. */
const registerUrl = z.string().regex(/^(https?:\/\/\S+)?$/, 'an http(s) address with {number}, or empty');

const EnvSchema = z.object({
  /** Port and interface to listen on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where the embedded database, uploaded files, .eml mail and generated secrets live. */
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Unset: embedded PGlite on disk at DATA_DIR/db. `memory://`: in-memory PGlite (tests).
   * `postgres://user:pass@host/db`: PostgreSQL (several app servers may share it).
   */
  DATABASE_URL: z
    .string()
    .regex(/^(memory:\/\/|postgres(ql)?:\/\/.+)$/, 'DATABASE_URL must be memory:// or postgres://...')
    .optional(),
  /**
   * A PostgreSQL streaming replica of DATABASE_URL's database, which the public API (the finder) reads
   * from while it is at most REPLICA_MAX_LAG_SECONDS behind (docs/decisions/0053). Needs DATABASE_URL.
   */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+$/, 'DATABASE_REPLICA_URL must be postgres://...')
    .optional(),
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(1).max(3600).default(5),
  /** Host names per market, e.g. "uk=champions.example.co.uk,de=champions.example.de". */
  MARKET_HOSTS: z.string().default(''),
  /** Market served when neither the host nor a /uk, /it, /de path prefix decides. */
  DEFAULT_MARKET: z.enum(COUNTRIES).default('uk'),
  PRODUCT_NAME: z.string().min(1).default('Pharmacy Champions'),
  /** Operator details shown in the legal pages. The defaults are examples: set real ones in production. */
  OPERATOR_COMPANY: z.string().default(EXAMPLE_SETTINGS.OPERATOR_COMPANY),
  OPERATOR_ADDRESS: z.string().default(EXAMPLE_SETTINGS.OPERATOR_ADDRESS),
  OPERATOR_REGISTER: z.string().default(EXAMPLE_SETTINGS.OPERATOR_REGISTER),
  OPERATOR_VAT: z.string().default(EXAMPLE_SETTINGS.OPERATOR_VAT),
  OPERATOR_RESPONSIBLE: z.string().default(EXAMPLE_SETTINGS.OPERATOR_RESPONSIBLE),
  OPERATOR_SUPPORT_EMAIL: z.string().default(EXAMPLE_SETTINGS.OPERATOR_SUPPORT_EMAIL),
  OPERATOR_DPO_EMAIL: z.string().default(EXAMPLE_SETTINGS.OPERATOR_DPO_EMAIL),
  OPERATOR_PHONE: z.string().default(EXAMPLE_SETTINGS.OPERATOR_PHONE),
  /** Place search: `fixture` = bundled offline places; `nominatim` = a Nominatim-compatible server at PLACES_URL. */
  PLACES_PROVIDER: z.enum(['fixture', 'nominatim']).default('fixture'),
  PLACES_URL: z.url().default('https://nominatim.openstreetmap.org'),
  /** Map tiles URL template ({z}/{x}/{y}); empty = no tiles (works offline). */
  MAP_TILES_URL: z.string().default(''),
  MAP_ATTRIBUTION: z.string().default(''),
  /** The training course's page per market, linked where the landing page names the course; unset: no link. */
  COURSE_URL_UK: z.url({ protocol: /^https?$/ }).optional(),
  COURSE_URL_IT: z.url({ protocol: /^https?$/ }).optional(),
  COURSE_URL_DE: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The public register's search per market, opened from the review desk (issue 25): `{number}` is
   * the registration number, `{chamber}` the registration body (the German chamber); empty: no link.
   */
  REGISTER_URL_UK: registerUrl.default('https://www.pharmacyregulation.org/registers/pharmacist/registrationnumber/{number}'),
  REGISTER_URL_IT: registerUrl.default('https://www.fofi.it/albo-unico-nazionale?numero={number}'),
  REGISTER_URL_DE: registerUrl.default('https://www.abda.de/ueber-uns/mitgliedsorganisationen/?kammer={chamber}&nummer={number}'),
  /** Unset: mail is written as .eml files under DATA_DIR/mail. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default(EXAMPLE_SETTINGS.MAIL_FROM),
  /** Queued mail is looked for this often (besides at once after each enqueue), for retries and other servers' mail. */
  MAIL_POLL_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** Delivery attempts per message; after the last failure it stays in mail_outbox as failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** Wait before the first retry; doubled after each failure, up to MAIL_RETRY_MAX_SECONDS. */
  MAIL_RETRY_SECONDS: z.coerce.number().min(1).default(60),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().min(1).default(3600),
  /**
   * Secret signing bot-check challenges: 32 random bytes as 64 hex digits or base64/base64url (weakKeyReason).
   * Unset: generated once and kept in the database (required in production on PostgreSQL).
   */
  CAPTCHA_HMAC_KEY: z.string().optional(),
  /** Proof-of-work difficulty: the solver tries up to this many counters (tests set it low). */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  /** Public POSTs allowed per minute per client address. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  /** Public API requests (the finder) allowed per minute per client address without an API key; unset: 10 x RATE_LIMIT_MAX. A key's own quota is set when it is issued (decision 0052). */
  PUBLIC_API_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  /** Megabytes of photos one client address may upload per UTC day (counted in the database). */
  UPLOAD_DAILY_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(DAILY_UPLOAD_BYTES_PER_CLIENT / MB),
  /** Trust X-Forwarded-* from reverse proxies: false, a hop count, or their addresses/CIDR ranges, comma-separated (not `true`). */
  TRUST_PROXY: z.string().default('false'),
  /**
   * Open connections one client address (an IPv6 /64 counts as one) may hold; 0 = no per-client cap.
   * Unset: 32, or 0 when TRUST_PROXY is set (every connection then comes from the proxy, which caps per client).
   */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).optional(),
  /** GET /metrics answers loopback clients, and others that send `Authorization: Bearer <METRICS_TOKEN>`; unset: loopback only. */
  METRICS_TOKEN: z.string().min(32, 'at least 32 characters, e.g. `openssl rand -base64 32`').optional(),
  /** Scheduled backups (services/scheduled-backup.ts): the folder they are written to (created 0700); unset = none. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** A backup every this many hours (one server of a fleet takes each); the newest BACKUP_KEEP files are kept. */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * The site's public origin (and optional path), e.g. "https://champions.example.com". E-mailed
   * links start with it. Unset: the request's host, accepted only when it is localhost/127.0.0.1
   * or one of MARKET_HOSTS.
   */
  PUBLIC_URL: z.url().optional(),
  /**
   * Key encrypting staff TOTP secrets: 32 random bytes as 64 hex digits or base64/base64url (weakKeyReason).
   * Unset: generated once and kept in the database (required in production on PostgreSQL).
   */
  STAFF_SECRET_KEY: z.string().optional(),
  /**
   * The staff key before STAFF_SECRET_KEY, during a roll-over (README "Rotating the staff key"): it
   * opens second factors still sealed under it, and seals nothing. Not held to the key rules, so that
   * a key they refuse can be rotated away (docs/decisions/0046).
   */
  PREVIOUS_STAFF_SECRET_KEY: z.string().optional(),
  /** Staff sessions end after this many minutes without a request, and this many hours after sign-in whatever happens. */
  STAFF_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  STAFF_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(DEFAULT_RETENTION_PERIODS.STAFF_ABSOLUTE_HOURS),
  /** The main admin created on first start when there is no staff user at all. */
  BOOTSTRAP_ADMIN_EMAIL: z.email().default('admin@example.com'),
  /** The built web app (`npm run build`). */
  WEB_DIST: z.string().min(1).default('dist/web'),
  /** The log's least severity; `silent` logs nothing. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: coloured lines for a person; `json`: one JSON object a line for a collector. Unset: pretty in a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  // Issue #13: retention.
  /** Rejected applications (and their files) are deleted this many months after the decision. */
  RETENTION_REJECTED_MONTHS: z.coerce.number().int().min(1).max(120).default(DEFAULT_RETENTION_PERIODS.RETENTION_REJECTED_MONTHS),
  /** Issue 42: who opened or exported whose record (record_views, csv_exports' people) is kept this many months. */
  RETENTION_ACCESS_LOG_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** Issue 23: a field-signed pharmacist's personal data is deleted when unconfirmed this many days after their first e-mail. */
  FIELD_CONFIRMATION_DAYS: z.coerce.number().int().min(8).max(365).default(DEFAULT_RETENTION_PERIODS.FIELD_CONFIRMATION_DAYS),
  /** Issue 38: days the finder's change feed keeps its changes; an older cursor answers 410 (the app takes a new snapshot). */
  FINDER_FEED_DAYS: z.coerce.number().int().min(90).max(3650).default(DEFAULT_RETENTION_PERIODS.FINDER_FEED_DAYS),
});

export type Env = z.input<typeof EnvSchema>;

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  /** The public API's read replica (db/replica.ts): url null = none, the public API reads from the primary. */
  replica: { url: string | null; maxLagSeconds: number };
  marketHosts: Map<string, Country>;
  defaultMarket: Country;
  productName: string;
  /** The shared type the page's site-config block carries: one declaration of the operator fields. */
  operator: OperatorDetails;
  places: { provider: 'fixture' | 'nominatim'; url: string };
  mapTilesUrl: string;
  mapAttribution: string;
  /** The training course's page per market; '' = the course is named without a link. */
  courseUrls: Record<Country, string>;
  /** The public register's search per market, with `{number}` (and `{chamber}`) to fill in; '' = no link. */
  registerUrls: Record<Country, string>;
  mail: MailSettings;
  /** hmacKey: from CAPTCHA_HMAC_KEY; null = generated once and kept in the database (services/server-keys.ts). */
  captcha: { hmacKey: string | null; maxNumber: number };
  rateLimitMax: number;
  /** Public API requests per minute per client address without an API key (PUBLIC_API_RATE_LIMIT). */
  publicApiAnonymousPerMinute: number;
  /** Bytes of photos one client address may upload per UTC day. */
  uploadDailyBytes: number;
  /** Origin (and optional path) of e-mailed links, without a trailing slash; null = the request's allowed host. */
  publicUrl: string | null;
  /**
   * secretKey: from STAFF_SECRET_KEY; null = generated once and kept in the database (services/server-keys.ts).
   * previousSecretKey: from PREVIOUS_STAFF_SECRET_KEY, opens what the key before sealed (docs/decisions/0046).
   */
  staff: { secretKey: Buffer | null; previousSecretKey: Buffer | null; idleMinutes: number; absoluteHours: number; bootstrapAdminEmail: string };
  /** false, a hop count, or the proxies' addresses and CIDR ranges. */
  trustProxy: false | number | string[];
  /** Open connections one client address may hold; 0 = no per-client cap. */
  maxConnectionsPerClient: number;
  /** The bearer token a scraper not on loopback sends for GET /metrics; null = loopback only. */
  metricsToken: string | null;
  /** Scheduled backups: dir null = none (this server takes no backups; it still reports the fleet's). */
  backup: { dir: string | null; everyHours: number; keep: number };
  production: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  webDist: string;
  /** The server's log (src/server/logging.ts); no log at all under NODE_ENV=test. */
  log: { level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'; format: 'pretty' | 'json' };
  /** Months after which a rejected application and its files are deleted. */
  retentionRejectedMonths: number;
  /** Months after which the entries of who opened or exported whose record are deleted. */
  retentionAccessLogMonths: number;
  /** Days a field-signed pharmacist has to confirm before their personal data is deleted (their link works as long). */
  fieldConfirmationDays: number;
  /** Days the finder's change feed keeps its changes (FINDER_FEED_DAYS, at least 90). */
  finderFeedDays: number;
}

export interface MailSettings {
  smtpUrl: string | null;
  from: string;
  /** Every mail's Reply-To (the support address) and footer (name and postal address): services/mail/frame.ts. */
  operator: Pick<OperatorDetails, 'company' | 'address' | 'supportEmail'>;
  /** Where .eml files are written when there is no SMTP server. */
  dir: string;
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * How long a sender holds a claimed message. Longer than a delivery can take (SMTP time-outs are
   * MAIL_SMTP_TIMEOUT_MS each), so another server never takes over a message still being sent.
   */
  leaseMs: number;
}

/** Each SMTP phase (connect, greeting, any socket silence) gives up after this long. */
export const MAIL_SMTP_TIMEOUT_MS = 60_000;
const MAIL_LEASE_MS = 5 * MAIL_SMTP_TIMEOUT_MS;

/** The per-client connection cap when clients connect directly (no TRUST_PROXY). */
export const DIRECT_CONNECTIONS_PER_CLIENT = 32;

export class ConfigError extends Error {}

/** proxy-addr's names for address ranges (Fastify's trustProxy accepts them in a list). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * How many proxies, or which proxy addresses, may set X-Forwarded-For. `true` (trust every hop)
 * is refused: any client could then choose its own address, and with it its rate-limit key.
 */
function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true' || v === 'yes') {
    throw new ConfigError(
      'Invalid environment:\n  TRUST_PROXY: "true" would let any client choose its own address (and so its rate-limit key). ' +
        'Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16).',
    );
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    throw new ConfigError(`Invalid environment:\n  TRUST_PROXY: not a hop count, an IP address or a CIDR range: ${wrong.join(', ')}`);
  }
  return entries;
}

/**
 * The settings that hold a secret. Each may be given as NAME_FILE instead, the path of a file that
 * holds the value (a container's or systemd's secret files); NAME itself wins when both are set.
 */
const SECRET_SETTINGS = [
  'CAPTCHA_HMAC_KEY',
  'STAFF_SECRET_KEY',
  'PREVIOUS_STAFF_SECRET_KEY',
  'NEW_STAFF_SECRET_KEY',
  'SMTP_URL',
  'DATABASE_URL',
  'DATABASE_REPLICA_URL',
  'METRICS_TOKEN',
] as const;

/**
 * The environment with each secret setting's NAME_FILE read into NAME (its trailing newline
 * trimmed), unless NAME is set. A file that cannot be read, or is empty, is a ConfigError naming it.
 */
function withSecretFiles(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const resolved = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (!file || (env[name] !== undefined && env[name] !== '')) continue;
    let value: string;
    try {
      value = readFileSync(file, 'utf8').replace(/[\r\n]+$/, '');
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      problems.push(`  ${name}_FILE: cannot read ${file} (${code ?? message})`);
      continue;
    }
    if (value === '') problems.push(`  ${name}_FILE: ${file} is empty`);
    else resolved[name] = value;
  }
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  return resolved;
}

/** Keys a fleet must share, with how to make one; in production on PostgreSQL each must be set. */
const FLEET_KEYS = ['CAPTCHA_HMAC_KEY', 'STAFF_SECRET_KEY'] as const;
export type FleetKey = (typeof FLEET_KEYS)[number];

/** Bytes of randomness a key must carry (docs/decisions/0041). */
const KEY_BYTES = 32;
/** Fewer different characters than this gives a key away as made by hand (a random one has about 16 hex digits, or 31 base64 characters). */
const MIN_DISTINCT = { hex: 10, base64: 16 } as const;
const HEX_KEY = /^[0-9a-fA-F]+$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Why a key setting is refused, or null when it is accepted (docs/decisions/0041). Its entropy is
 * estimated from how it is written: 4 bits per character when it is all hex digits, 6 when it is
 * base64 or base64url, so it must be 64 hex digits or 43 base64 characters (32 bytes) at least.
 * That estimate holds for a key a random generator made; text a person made gives itself away, and
 * is refused: a key that is a shorter pattern repeated, or that uses fewer than 10 different hex
 * digits (16 base64 characters). A random key fails these checks less than once in 10^11 tries.
 */
export function weakKeyReason(text: string): string | null {
  const hex = HEX_KEY.test(text);
  if (!hex && !BASE64_KEY.test(text)) return 'is neither hex digits nor base64/base64url';
  const characters = text.replace(/=+$/, '');
  const bytes = Math.floor((characters.length * (hex ? 4 : 6)) / 8);
  if (bytes < KEY_BYTES) return `is too short: ${characters.length} ${hex ? 'hex digits' : 'base64 characters'} carry ${bytes} bytes, not ${KEY_BYTES}`;
  for (let period = 1; period <= characters.length / 2; period++) {
    if (characters.slice(period) === characters.slice(0, -period)) return `is too weak: it repeats a pattern of ${period} character${period === 1 ? '' : 's'}`;
  }
  const distinct = new Set(hex ? characters.toLowerCase() : characters).size;
  if (distinct < MIN_DISTINCT[hex ? 'hex' : 'base64']) return `is too weak: it uses only ${distinct} different characters`;
  return null;
}

const HOW_TO_MAKE_A_KEY =
  `Each key is ${KEY_BYTES} random bytes, written as 64 hex digits or as base64/base64url (43 characters or more). ` +
  'Make each one once, for example with `openssl rand -base64 32` ' +
  "(or `npx node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"`)";

/**
 * The one message for keys that are missing (in production on PostgreSQL) or weak: what is wrong
 * with each, the accepted forms and how to make one.
 */
export function fleetKeysMessage(problems: { name: FleetKey; problem: string }[], production: boolean): string {
  return (
    (production
      ? 'Invalid environment: in production on PostgreSQL (DATABASE_URL), every server must be given the same keys:\n'
      : 'Invalid environment: the keys must be strong:\n') +
    problems.map(({ name, problem }) => `  ${name} ${problem}`).join('\n') +
    `\n${HOW_TO_MAKE_A_KEY}, and give every server the same values. Keep them out of the database and its backups.`
  );
}

/**
 * NEW_STAFF_SECRET_KEY (or NEW_STAFF_SECRET_KEY_FILE), the key `npm run staff -- rotate-staff-key`
 * seals every staff secret under, held to the rules of every key; a ConfigError when it is missing or weak.
 */
export function newStaffSecretKeyFrom(env: Record<string, string | undefined>): string {
  const value = withSecretFiles(env).NEW_STAFF_SECRET_KEY;
  const problem = value ? weakKeyReason(value) : 'is not set: it is the key the staff secrets are sealed under from now on';
  if (problem) throw new ConfigError(`Invalid environment:\n  NEW_STAFF_SECRET_KEY ${problem}\n${HOW_TO_MAKE_A_KEY}.`);
  return value!;
}

/**
 * Whether a key the environment does not give may be generated into the database (app_secrets):
 * on the embedded database, or outside production. In production on PostgreSQL every key comes
 * from the environment (docs/decisions/0010): the server and every command refuse to start without
 * it, and nothing writes one into that database (services/server-keys.ts, docs/decisions/0041).
 */
export function keysMayBeGenerated(config: Pick<Config, 'database' | 'production'>): boolean {
  return config.database.kind === 'pglite' || !config.production;
}

/** Weak keys everywhere, and missing ones where they may not be generated: null when all is well. */
function fleetKeysProblem(env: Partial<Record<FleetKey, string>>, mayGenerate: boolean, production: boolean): string | null {
  const problems: { name: FleetKey; problem: string }[] = [];
  for (const name of FLEET_KEYS) {
    const value = env[name];
    const problem = value === undefined ? (mayGenerate ? null : 'is not set') : weakKeyReason(value);
    if (problem) problems.push({ name, problem });
  }
  return problems.length === 0 ? null : fleetKeysMessage(problems, production && !mayGenerate);
}

/** 32 bytes for AES-256: the setting decoded when it is 32 bytes of base64/base64url, else its SHA-256. */
export function staffSecretKey(text: string): Buffer {
  const decoded = Buffer.from(text, 'base64url');
  if (decoded.length === 32 && /^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return decoded;
  return createHash('sha256').update(text).digest();
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(withSecretFiles(env)).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const memory = e.DATABASE_URL === 'memory://';
  const database: DatabaseTarget =
    e.DATABASE_URL && !memory ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir: memory ? null : path.join(dataDir, 'db') };
  if (e.DATABASE_REPLICA_URL && database.kind !== 'postgres') {
    throw new ConfigError(
      'Invalid environment:\n  DATABASE_REPLICA_URL: a read replica is for PostgreSQL: set DATABASE_URL to the primary (postgres://...), or unset DATABASE_REPLICA_URL (the embedded database has no replicas).',
    );
  }
  const production = e.NODE_ENV === 'production';
  const problem = fleetKeysProblem(e, keysMayBeGenerated({ database, production }), production);
  if (problem) throw new ConfigError(problem);
  // An in-memory database lives and dies with this process: its keys may too.
  const staffKeyText = e.STAFF_SECRET_KEY ?? (memory ? randomBytes(32).toString('base64url') : null);
  const hmacKey = e.CAPTCHA_HMAC_KEY ?? (memory ? randomBytes(32).toString('base64url') : null);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    replica: { url: e.DATABASE_REPLICA_URL ?? null, maxLagSeconds: e.REPLICA_MAX_LAG_SECONDS },
    marketHosts: parseMarketHosts(e.MARKET_HOSTS),
    defaultMarket: e.DEFAULT_MARKET,
    productName: e.PRODUCT_NAME,
    operator: {
      company: e.OPERATOR_COMPANY,
      address: e.OPERATOR_ADDRESS,
      register: e.OPERATOR_REGISTER,
      vatNumber: e.OPERATOR_VAT,
      responsiblePerson: e.OPERATOR_RESPONSIBLE,
      supportEmail: e.OPERATOR_SUPPORT_EMAIL,
      dpoEmail: e.OPERATOR_DPO_EMAIL,
      phone: e.OPERATOR_PHONE,
    },
    places: { provider: e.PLACES_PROVIDER, url: e.PLACES_URL.replace(/\/+$/, '') },
    mapTilesUrl: e.MAP_TILES_URL,
    mapAttribution: e.MAP_ATTRIBUTION,
    courseUrls: { uk: e.COURSE_URL_UK ?? '', it: e.COURSE_URL_IT ?? '', de: e.COURSE_URL_DE ?? '' },
    registerUrls: { uk: e.REGISTER_URL_UK, it: e.REGISTER_URL_IT, de: e.REGISTER_URL_DE },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      operator: { company: e.OPERATOR_COMPANY, address: e.OPERATOR_ADDRESS, supportEmail: e.OPERATOR_SUPPORT_EMAIL },
      dir: path.join(dataDir, 'mail'),
      pollMs: e.MAIL_POLL_SECONDS * 1000,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_SECONDS * 1000,
      retryMaxMs: Math.max(e.MAIL_RETRY_MAX_SECONDS, e.MAIL_RETRY_SECONDS) * 1000,
      leaseMs: MAIL_LEASE_MS,
    },
    captcha: { hmacKey, maxNumber: e.CAPTCHA_MAX_NUMBER },
    rateLimitMax: e.RATE_LIMIT_MAX,
    publicApiAnonymousPerMinute: e.PUBLIC_API_RATE_LIMIT ?? e.RATE_LIMIT_MAX * 10,
    uploadDailyBytes: e.UPLOAD_DAILY_MB * MB,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    staff: {
      secretKey: staffKeyText === null ? null : staffSecretKey(staffKeyText),
      previousSecretKey: e.PREVIOUS_STAFF_SECRET_KEY === undefined ? null : staffSecretKey(e.PREVIOUS_STAFF_SECRET_KEY),
      idleMinutes: e.STAFF_IDLE_MINUTES,
      absoluteHours: e.STAFF_ABSOLUTE_HOURS,
      bootstrapAdminEmail: e.BOOTSTRAP_ADMIN_EMAIL,
    },
    trustProxy,
    maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT ?? (trustProxy === false ? DIRECT_CONNECTIONS_PER_CLIENT : 0),
    metricsToken: e.METRICS_TOKEN ?? null,
    backup: { dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : null, everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP },
    production,
    nodeEnv: e.NODE_ENV,
    webDist: path.resolve(e.WEB_DIST),
    log: { level: e.LOG_LEVEL, format: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json') },
    retentionRejectedMonths: e.RETENTION_REJECTED_MONTHS,
    retentionAccessLogMonths: e.RETENTION_ACCESS_LOG_MONTHS,
    fieldConfirmationDays: e.FIELD_CONFIRMATION_DAYS,
    finderFeedDays: e.FINDER_FEED_DAYS,
  };
}

/** Config for tests: in-memory database, low captcha difficulty, a fresh temp DATA_DIR. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-test-'));
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    CAPTCHA_HMAC_KEY: randomBytes(32).toString('base64url'),
    CAPTCHA_MAX_NUMBER: '20',
    RATE_LIMIT_MAX: '10000',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
  });
  return { ...base, ...overrides };
}
