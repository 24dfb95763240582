// Issue 36 item 7b: no console command writes keys into a production database. `npm run staff` and
// `npm run seed:demo` run as production unless NODE_ENV says otherwise (as `npm start` runs the
// server): on PostgreSQL without the servers' keys they are refused with the server's message,
// before the database is opened, and whatever config they are given they generate no key there.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appSecrets, staffUsers } from '../db/schema.ts';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../test/context.ts';
import { commandEnvironment } from './context.ts';
import { runConsoleCommand } from './run.ts';

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
}

let opened: TestDatabase | null = null;
afterEach(async () => {
  await opened?.close();
  opened = null;
});

describe('the keys of a console command', () => {
  it('run against PostgreSQL without the keys and without NODE_ENV, staff and seed:demo are refused as the server is, without opening the database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-command-keys-'));
    // Nothing listens on port 9: a command that tried to connect would fail otherwise.
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://champions:secret@127.0.0.1:9/champions' };
    for (const [command, args] of [
      ['staff', ['list']],
      ['seed-demo', []],
    ] as const) {
      const { lines, out } = capture();
      expect(await runConsoleCommand(command, [...args], out, undefined, env)).toBe(1);
      const said = lines.join('\n');
      expect(said).toMatch(/in production on PostgreSQL \(DATABASE_URL\), every server must be given the same keys/);
      expect(said).toMatch(/CAPTCHA_HMAC_KEY is not set/);
      expect(said).toMatch(/STAFF_SECRET_KEY is not set/);
      expect(said).toMatch(/openssl rand -base64 32/);
    }
  });

  it('reads NODE_ENV when it is given: development on a development database, production otherwise', () => {
    expect(commandEnvironment({}).NODE_ENV).toBe('production');
    expect(commandEnvironment({ NODE_ENV: '' }).NODE_ENV).toBe('production');
    expect(commandEnvironment({ NODE_ENV: 'development' }).NODE_ENV).toBe('development');
    expect(commandEnvironment({ NODE_ENV: 'test', DATABASE_URL: 'memory://' })).toEqual({ NODE_ENV: 'test', DATABASE_URL: 'memory://' });
  });

  it.runIf(usingPostgres())('given a production config on PostgreSQL without the keys, `npm run staff` writes nothing and says why', async () => {
    opened = await createTestDatabase();
    const config = {
      ...opened.config,
      production: true,
      captcha: { ...opened.config.captcha, hmacKey: null },
      staff: { ...opened.config.staff, secretKey: null },
    };
    const { lines, out } = capture();
    const code = await runConsoleCommand(
      'staff',
      ['add', '--role', 'main_admin', '--email', 'ops@example.com', '--first-name', 'Ops', '--last-name', 'Admin'],
      out,
      config,
    );
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/CAPTCHA_HMAC_KEY is not set/);
    expect(await opened.database.db.select().from(appSecrets)).toEqual([]);
    expect(await opened.database.db.select().from(staffUsers)).toEqual([]);
  });
});
