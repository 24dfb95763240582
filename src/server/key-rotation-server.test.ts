// Issue 37 item 2, acceptance (docs/decisions/0046): `npm run staff -- rotate-staff-key` on a running
// site. The real server holds its embedded database; the command re-seals the second factors through
// its admin channel, and the reviewer signs in with a fresh code on the running server at once, and
// after the restart with the new key. Restarted with the old key instead, the server answers the
// second factor as its own problem and logs it. The direct runs are in keys-that-move.test.ts.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { codeAt } from './services/auth/totp.ts';
import { mailsTo } from './test/mail.ts';
import { REPO_ROOT, startServerProcess, type ServerProcess } from './test/server-process.ts';

const work = mkdtempSync(path.join(tmpdir(), 'champions-key-rotation-'));
const dataDir = path.join(work, 'site');
const [oldKey, newKey] = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')];
const email = 'rita.levi@example.com';
let server: ServerProcess | null = null;

afterAll(async () => {
  await server?.stop();
});

/** Logs as a server in production writes them (NODE_ENV=test logs nothing). */
const start = (staffKey: string) =>
  startServerProcess({ dataDir, timeoutMs: 120_000, env: { NODE_ENV: 'development', LOG_FORMAT: 'json', STAFF_SECRET_KEY: staffKey } });

/** `npm run staff -- args` from an operator's shell on the same DATA_DIR. */
function staff(args: string[], extraEnv: Record<string, string> = {}) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', ...extraEnv };
  return spawnSync(process.execPath, ['scripts/staff.ts', ...args], { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 120_000 });
}

interface Answer {
  status: number;
  json: { status?: string; message?: string; data?: Record<string, unknown> };
  cookies: string[];
}

async function post(url: string, body: unknown, cookie?: string): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Answer['json'], cookies: response.headers.getSetCookie().map((c) => c.split(';')[0]!) };
}

/** The step of the last code accepted: a code is accepted once, so each sign-in takes a later one, waiting for the clock if it must. */
let lastStep = 0;
async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const next = Math.floor(now / 30_000) + 1;
    if (next > lastStep) {
      lastStep = next;
      return codeAt(secret, new Date(now + 30_000));
    }
    await delay(500);
  }
}

const linkTokens = () =>
  new Set(mailsTo(path.join(dataDir, 'mail'), email).flatMap((mail) => [...mail.matchAll(/signin\/verify\?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!)));

/** Asks for a sign-in link as the browser does, opens it from the e-mail: the half-signed-in session's cookie. */
async function emailedSignIn(url: string): Promise<string> {
  const before = linkTokens();
  const asked = await post(`${url}/api/auth/magic-link`, { email, basePath: '/it' });
  expect(asked.status).toBe(200);
  let token: string | undefined;
  for (let attempt = 0; attempt < 200 && !token; attempt++) {
    token = [...linkTokens()].find((t) => !before.has(t));
    if (!token) await delay(100);
  }
  expect(token, 'no sign-in link was mailed').toBeDefined();
  const verified = await post(`${url}/api/auth/verify`, { token }, asked.cookies.join('; '));
  expect(verified.json.data?.next).toBe('totp');
  return verified.cookies.join('; ');
}

describe('rotate-staff-key on a running site on the embedded database', () => {
  it(
    're-seals the second factors through the running server: the reviewer signs in with a fresh code there, and after a restart with the new key',
    { timeout: 300_000 },
    async () => {
      server = await start(oldKey);
      const added = staff(['add', '--role', 'reviewer', '--email', email, '--first-name', 'Rita', '--last-name', 'Levi', '--language', 'en']);
      expect(added.status, added.stderr).toBe(0);
      const userId = /\(([0-9a-f-]{36})\)/.exec(added.stdout)![1]!;
      const consoleToken = /signin\/verify\?token=([^&\s]+)/.exec(added.stdout)![1]!;
      const verified = await post(`${server.url}/api/auth/verify`, { token: consoleToken });
      expect(verified.json.data?.next).toBe('totp-setup');
      const pending = verified.cookies.join('; ');
      const setup = await post(`${server.url}/api/auth/totp/setup`, {}, pending);
      const secret = new URL(String(setup.json.data!.otpauthUrl)).searchParams.get('secret')!;
      const enrolledAt = Date.now();
      lastStep = Math.floor(enrolledAt / 30_000);
      expect((await post(`${server.url}/api/auth/totp/enable`, { code: codeAt(secret, new Date(enrolledAt)) }, pending)).status).toBe(200);

      const rotated = staff(['rotate-staff-key'], { NEW_STAFF_SECRET_KEY: newKey });
      expect(rotated.status, `${rotated.stdout}\n${rotated.stderr}`).toBe(0);
      expect(rotated.stdout).toContain('Re-sealed 1 stored second factor under the new key, in one transaction.');
      expect(rotated.stdout).toContain('Next: set STAFF_SECRET_KEY to the new key (the value of NEW_STAFF_SECRET_KEY) on every server and restart them');
      expect(rotated.stdout).toContain('Until it restarts, the running server checks second factors under the new key already');
      // The server held the database throughout: the command went through its channel, which logs no key.
      await expect.poll(() => server!.output()).toMatch(/"subcommand":"rotate-staff-key","exitCode":0/);
      expect(server.output()).not.toContain(newKey);

      // On the running server, at once.
      let signedIn = await post(`${server.url}/api/auth/totp`, { code: await freshCode(secret) }, await emailedSignIn(server.url));
      expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
      await server.stop();

      // Restarted with the old key (STAFF_SECRET_KEY not yet changed): the server's problem, said as such, and logged.
      server = await start(oldKey);
      const refused = await post(`${server.url}/api/auth/totp`, { code: codeAt(secret, new Date()) }, await emailedSignIn(server.url));
      expect(refused).toMatchObject({ status: 500, json: { status: 'failed', message: 'secondFactorUnreadable' } });
      const errorLine = () =>
        server!
          .output()
          .split('\n')
          .find((line) => line.includes('"level":50') && line.includes('second-factor secret'));
      await expect.poll(errorLine).toContain(`"userId":"${userId}"`);
      expect(server.output()).not.toContain(secret);
      await server.stop();

      // Restarted with the new key, as the command said.
      server = await start(newKey);
      signedIn = await post(`${server.url}/api/auth/totp`, { code: await freshCode(secret) }, await emailedSignIn(server.url));
      expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    },
  );
});
