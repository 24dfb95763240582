// Issue 37 item 2, acceptance (docs/decisions/0046): a site moved from the embedded database by backup
// and restore under a STAFF_SECRET_KEY of its own keeps its staff's second factors; a second factor
// that opens with no key of the server is answered as the server's fault, logged, and not counted;
// rotate-staff-key run directly moves every second factor to the new key, and PREVIOUS_STAFF_SECRET_KEY
// carries a fleet through the roll-over. The rotation through a running server is in
// key-rotation-server.test.ts.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { sessionCookieName } from './http/staff.ts';
import { runRestoreCommand } from './cli/restore-cli.ts';
import { runConsoleCommand } from './cli/run.ts';
import { loadConfig, testConfig, type Config } from './config.ts';
import { writeBackup } from './db/backup/write-backup.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { appSecrets, staffUsers } from './db/schema.ts';
import { codeAt } from './services/auth/totp.ts';
import { createTestContext, usingPostgres, type TestContext } from './test/context.ts';
import { memoryLog } from './test/log.ts';
import { createTempDatabase } from './test/postgres.ts';
import { addStaff, cookieOf, signIn, tokenOfLink } from './test/staff.ts';

const work = mkdtempSync(path.join(tmpdir(), 'champions-keys-'));
const newKey = () => randomBytes(32).toString('base64url');

function capture() {
  const lines: string[] = [];
  return { text: () => lines.join('\n'), out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
}

/**
 * Each app signs in on a clock of its own, minutes apart: a code is accepted once per time step,
 * and every sign-in here is a fresh code of a later step than the last one accepted.
 */
let minutesAhead = 0;
const laterClock = () => {
  minutesAhead += 2;
  const offset = minutesAhead * 60_000;
  return () => new Date(Date.now() + offset);
};

/** A server on this config (and database, when given), with its own later clock and an in-memory log. */
async function startApp(config: Config, database?: DatabaseHandle) {
  const now = laterClock();
  const log = memoryLog();
  const app = await buildApp(config, { database, now, logger: { level: 'info', stream: log.stream } });
  await app.ready();
  return { app, now, log, config };
}

/** A sign-in with a console link and a fresh code from the authenticator: the answer of POST /api/auth/totp. */
async function signInWithCode({ app, now, config }: { app: FastifyInstance; now: () => Date; config: Config }, email: string, totpSecret: string) {
  const user = await app.services.auth.users.findByEmail(email);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: { token: tokenOfLink(await app.services.auth.consoleLink(user!, 'http://localhost')) },
  });
  expect(verified.json().data.next).toBe('totp');
  const name = sessionCookieName(config);
  const cookie = `${name}=${cookieOf(verified, name)!.value}`;
  return app.inject({ method: 'POST', url: '/api/auth/totp', headers: { cookie }, payload: { code: codeAt(totpSecret, now()) } });
}

/** An embedded site that enrolled a reviewer's second factor, and its backup. */
interface Site {
  email: string;
  totpSecret: string;
  /** The sealed secret as the site stored it. */
  sealed: string;
  backup: string;
}

async function siteWithSecondFactor(name: string, overrides: Partial<Config>): Promise<Site> {
  const source: TestContext = await createTestContext(overrides, {}, null);
  try {
    const reviewer = await addStaff(source, 'reviewer');
    const { totpSecret } = await signIn(source, reviewer);
    const [row] = await source.database.db.select({ sealed: staffUsers.totpSecret }).from(staffUsers).where(eq(staffUsers.id, reviewer.id));
    const backup = path.join(work, `${name}.backup.gz`);
    await new Promise<void>((resolve, reject) => {
      writeBackup(source.database.db, createWriteStream(backup, { mode: 0o600 })).then(() => resolve(), reject);
    });
    return { email: reviewer.email, totpSecret: totpSecret!, sealed: row!.sealed!, backup };
  } finally {
    await source.close();
  }
}

/** The environment of an operator's shell, as loadConfig reads it. */
const embeddedEnv = (dir: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  DATA_DIR: dir,
  CAPTCHA_MAX_NUMBER: '20',
  RATE_LIMIT_MAX: '10000',
  WEB_DIST: path.join(dir, 'no-web'),
  ...extra,
});

async function storedStaffKey(config: Config): Promise<string[]> {
  const database = await openDatabase(config);
  try {
    return (await database.db.select().from(appSecrets).where(eq(appSecrets.name, 'staffSecretKey'))).map((row) => row.value);
  } finally {
    await database.close();
  }
}

/** The embedded site's own generated keys (no STAFF_SECRET_KEY), as a default install has them. */
let generated: Site;

beforeAll(async () => {
  generated = await siteWithSecondFactor('generated-key', { staff: { ...testConfig().staff, secretKey: null } });
}, 120_000);

afterAll(() => {
  minutesAhead = 0;
});

describe('moving from the embedded database with a STAFF_SECRET_KEY of its own', () => {
  it('restores into another embedded database under the key given, and the reviewer signs in there with a fresh code', { timeout: 120_000 }, async () => {
    const dir = path.join(work, 'embedded-target');
    const key = newKey();
    const config = loadConfig(embeddedEnv(dir, { STAFF_SECRET_KEY: key }));
    const restore = capture();
    expect(await runRestoreCommand(['--from', generated.backup], restore.out, config), restore.text()).toBe(0);
    expect(restore.text()).toContain(
      "Second factors: 1 re-sealed under the STAFF_SECRET_KEY given, and the backup's generated staff key left out; start every server with this STAFF_SECRET_KEY.",
    );
    // The backup's key is not in the target: it opens nothing there, and a key belongs out of the database.
    expect(await storedStaffKey(config)).toEqual([]);

    const server = await startApp(config);
    try {
      const answer = await signInWithCode(server, generated.email, generated.totpSecret);
      expect(answer.statusCode, answer.body).toBe(200);
      const [row] = await server.app.services.database.db
        .select({ sealed: staffUsers.totpSecret })
        .from(staffUsers)
        .where(eq(staffUsers.email, generated.email));
      expect(row!.sealed).not.toBe(generated.sealed);
    } finally {
      await server.app.close();
    }
  });

  it.skipIf(!usingPostgres())(
    'restores onto PostgreSQL under the key given, and the reviewer signs in on a production server there with a fresh code',
    { timeout: 120_000 },
    async () => {
      const database = await createTempDatabase(process.env.TEST_DATABASE_URL!, 'champions_keys');
      try {
        const env = { ...embeddedEnv(path.join(work, 'postgres-target')), DATABASE_URL: database.url, STAFF_SECRET_KEY: newKey(), CAPTCHA_HMAC_KEY: newKey() };
        const restore = capture();
        expect(await runRestoreCommand(['--from', generated.backup], restore.out, loadConfig(env)), restore.text()).toBe(0);
        expect(restore.text()).toContain('Second factors: 1 re-sealed under the STAFF_SECRET_KEY given');
        const production = loadConfig({ ...env, NODE_ENV: 'production' });
        expect(await storedStaffKey(production)).toEqual([]);

        const server = await startApp(production);
        try {
          const answer = await signInWithCode(server, generated.email, generated.totpSecret);
          expect(answer.statusCode, answer.body).toBe(200);
        } finally {
          await server.app.close();
        }
      } finally {
        await database.drop();
      }
    },
  );

  it('opens a backup that does not hold its key with PREVIOUS_STAFF_SECRET_KEY, and without it refuses, restoring nothing', { timeout: 120_000 }, async () => {
    const oldKey = newKey();
    const given = await siteWithSecondFactor('given-key', { staff: { ...testConfig().staff, secretKey: Buffer.from(oldKey, 'base64url') } });
    const refusedDir = path.join(work, 'refused-target');
    const refused = capture();
    expect(await runRestoreCommand(['--from', given.backup], refused.out, loadConfig(embeddedEnv(refusedDir, { STAFF_SECRET_KEY: newKey() })))).toBe(1);
    expect(refused.text()).toMatch(
      /Restore refused: 1 stored second factor \(reviewer\d+@example\.it\) opens with none of the keys the restore has: .*nothing was restored\. .*set PREVIOUS_STAFF_SECRET_KEY to that key/,
    );
    expect(existsSync(path.join(refusedDir, 'db'))).toBe(false);

    const config = loadConfig(embeddedEnv(path.join(work, 'previous-target'), { STAFF_SECRET_KEY: newKey(), PREVIOUS_STAFF_SECRET_KEY: oldKey }));
    const restore = capture();
    expect(await runRestoreCommand(['--from', given.backup], restore.out, config), restore.text()).toBe(0);
    const server = await startApp({ ...config, staff: { ...config.staff, previousSecretKey: null } });
    try {
      expect((await signInWithCode(server, given.email, given.totpSecret)).statusCode).toBe(200);
    } finally {
      await server.app.close();
    }
  });
});

describe('a second factor that opens with no key of the server', () => {
  let ctx: TestContext;
  afterAll(async () => {
    await ctx?.close();
  });

  it('is answered as the server’s problem, not counted against the person, and logged with the user id alone', { timeout: 60_000 }, async () => {
    ctx = await createTestContext();
    const reviewer = await addStaff(ctx, 'reviewer');
    const { totpSecret } = await signIn(ctx, reviewer);
    const [{ sealed }] = (await ctx.database.db.select({ sealed: staffUsers.totpSecret }).from(staffUsers).where(eq(staffUsers.id, reviewer.id))) as [
      { sealed: string },
    ];

    // A server given another STAFF_SECRET_KEY (a rotation it was not told of, a wrong key after a move).
    const wrong = await startApp({ ...ctx.config, staff: { ...ctx.config.staff, secretKey: randomBytes(32) } }, ctx.database);
    try {
      for (let attempt = 0; attempt < 7; attempt++) {
        const answer = await signInWithCode(wrong, reviewer.email, totpSecret!);
        expect(answer.statusCode, answer.body).toBe(500);
        expect(answer.json()).toEqual({ status: 'failed', message: 'secondFactorUnreadable' });
      }
      const [counted] = await ctx.database.db
        .select({ failures: staffUsers.totpFailures, lockedUntil: staffUsers.totpLockedUntil })
        .from(staffUsers)
        .where(eq(staffUsers.id, reviewer.id));
      expect(counted).toEqual({ failures: 0, lockedUntil: null });
      const errors = wrong.log
        .text()
        .split('\n')
        .filter((line) => line.includes('"level":50'));
      expect(errors).toHaveLength(7);
      expect(errors[0]).toContain(`"userId":"${reviewer.id}"`);
      expect(errors[0]).toContain('second-factor secret opens with neither STAFF_SECRET_KEY nor PREVIOUS_STAFF_SECRET_KEY');
      for (const secret of [totpSecret!, sealed, reviewer.email]) expect(wrong.log.text()).not.toContain(secret);
    } finally {
      await wrong.app.close();
    }
    // The account is not locked: on the right key, the next code signs in.
    const right = await startApp(ctx.config, ctx.database);
    try {
      expect((await signInWithCode(right, reviewer.email, totpSecret!)).statusCode).toBe(200);
    } finally {
      await right.app.close();
    }
  });
});

describe('npm run staff -- rotate-staff-key, with no server running', () => {
  it(
    're-seals every second factor under NEW_STAFF_SECRET_KEY; a server on the new key with the old as PREVIOUS_STAFF_SECRET_KEY reads them before and after',
    { timeout: 120_000 },
    async () => {
      const dir = path.join(work, 'rotated');
      const [oldKey, key] = [newKey(), newKey()];
      const old = loadConfig(embeddedEnv(dir, { STAFF_SECRET_KEY: oldKey }));
      expect(await runRestoreCommand(['--from', generated.backup], capture().out, old)).toBe(0);

      // The roll-over, step 1: servers are given the new key and the old one as PREVIOUS_STAFF_SECRET_KEY.
      const rolling = loadConfig(embeddedEnv(dir, { STAFF_SECRET_KEY: key, PREVIOUS_STAFF_SECRET_KEY: oldKey }));
      let server = await startApp(rolling);
      try {
        expect((await signInWithCode(server, generated.email, generated.totpSecret)).statusCode).toBe(200);
      } finally {
        await server.app.close();
      }

      // Step 2: the rotation, from the operator's shell (the servers' keys, and the new one).
      const weak = capture();
      expect(
        await runConsoleCommand(
          'staff',
          ['rotate-staff-key'],
          weak.out,
          undefined,
          embeddedEnv(dir, { STAFF_SECRET_KEY: oldKey, NEW_STAFF_SECRET_KEY: 'k'.repeat(64) }),
        ),
      ).toBe(1);
      expect(weak.text()).toMatch(/NEW_STAFF_SECRET_KEY is too weak/);
      const rotation = capture();
      expect(
        await runConsoleCommand(
          'staff',
          ['rotate-staff-key'],
          rotation.out,
          undefined,
          embeddedEnv(dir, { STAFF_SECRET_KEY: oldKey, NEW_STAFF_SECRET_KEY: key }),
        ),
        rotation.text(),
      ).toBe(0);
      expect(rotation.text()).toContain('Re-sealed 1 stored second factor under the new key, in one transaction.');
      expect(rotation.text()).toContain('Next: set STAFF_SECRET_KEY to the new key (the value of NEW_STAFF_SECRET_KEY) on every server and restart them');
      // Run again (by a shell that has the new key already), it finds them under the new key.
      const again = capture();
      expect(
        await runConsoleCommand('staff', ['rotate-staff-key'], again.out, undefined, embeddedEnv(dir, { STAFF_SECRET_KEY: key, NEW_STAFF_SECRET_KEY: key })),
        again.text(),
      ).toBe(0);

      // Step 3: the new key alone. The old key alone opens nothing any more.
      server = await startApp(loadConfig(embeddedEnv(dir, { STAFF_SECRET_KEY: key })));
      try {
        expect((await signInWithCode(server, generated.email, generated.totpSecret)).statusCode).toBe(200);
      } finally {
        await server.app.close();
      }
      server = await startApp(old);
      try {
        expect((await signInWithCode(server, generated.email, generated.totpSecret)).statusCode).toBe(500);
      } finally {
        await server.app.close();
      }
    },
  );

  it(
    'on the embedded database with a generated key, replaces that key in app_secrets: servers read the new one as they start',
    { timeout: 120_000 },
    async () => {
      const dir = path.join(work, 'rotated-generated');
      const config = loadConfig(embeddedEnv(dir));
      expect(await runRestoreCommand(['--from', generated.backup], capture().out, config)).toBe(0);
      const key = newKey();
      const rotation = capture();
      expect(
        await runConsoleCommand('staff', ['rotate-staff-key'], rotation.out, undefined, embeddedEnv(dir, { NEW_STAFF_SECRET_KEY: key })),
        rotation.text(),
      ).toBe(0);
      expect(rotation.text()).toContain("The database's generated staff key (app_secrets) is now the new key; servers read it there as they start");
      expect(await storedStaffKey(config)).toEqual([key]);
      const server = await startApp(config);
      try {
        expect((await signInWithCode(server, generated.email, generated.totpSecret)).statusCode).toBe(200);
      } finally {
        await server.app.close();
      }
    },
  );

  it('refuses, changing nothing, when a second factor opens with none of the keys it has', { timeout: 60_000 }, async () => {
    const dir = path.join(work, 'rotated');
    const rotation = capture();
    // This shell has another STAFF_SECRET_KEY than the servers: their key is not among its keys.
    expect(
      await runConsoleCommand(
        'staff',
        ['rotate-staff-key'],
        rotation.out,
        undefined,
        embeddedEnv(dir, { STAFF_SECRET_KEY: newKey(), NEW_STAFF_SECRET_KEY: newKey() }),
      ),
    ).toBe(1);
    expect(rotation.text()).toMatch(
      /Nothing was changed: 1 stored second factor \(reviewer\d+@example\.it\) opens with none of the keys given .*run the command with the keys the servers run with/,
    );
  });
});
