import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileOf, type LockHolder } from '../db/lock.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { sendToServer, startAdminChannel, type AdminChannel } from './admin-channel.ts';
import { runConsoleCommand } from './run.ts';

let ctx: TestContext;
let channel: AdminChannel;
const logged: object[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  const log = { info: (details: object) => logged.push(details), error: (details: object) => logged.push(details) };
  channel = await startAdminChannel({ db: ctx.database.db, auth: ctx.app.services.auth, linkBase: 'http://localhost:3999/it', log });
});
afterAll(async () => {
  await channel?.close();
  await ctx?.close();
});

const post = (secret: string, body: unknown, url = '/commands') =>
  fetch(`http://127.0.0.1:${channel.port}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the local admin channel', () => {
  it('runs a staff command for whoever has the secret, and logs no address', async () => {
    const answer = await sendToServer(channel, 'staff', [
      'add',
      '--role',
      'area_manager',
      '--email',
      'anna.verdi@example.it',
      '--first-name',
      'Anna',
      '--last-name',
      'Verdi',
    ]);
    expect(answer?.exitCode).toBe(0);
    expect(answer?.output[0]).toEqual({ stream: 'log', line: expect.stringContaining('Added area_manager anna.verdi@example.it') });
    expect(answer?.output[1]?.line).toMatch(/http:\/\/localhost:3999\/it\/signin\/verify\?token=/);
    expect(await ctx.app.services.auth.users.findByEmail('anna.verdi@example.it')).toMatchObject({ role: 'area_manager' });
    expect(JSON.stringify(logged)).not.toContain('anna.verdi');

    const refused = await sendToServer(channel, 'staff', ['disable', '--email', 'nobody@example.it']);
    expect(refused).toEqual({ exitCode: 1, output: [{ stream: 'error', line: 'No active staff user nobody@example.it.' }] });
  });

  it('refuses a wrong secret, an unknown command and another path', async () => {
    expect((await post('wrong', { command: 'staff', args: ['list'] })).status).toBe(401);
    expect((await post(channel.secret, { command: 'shell', args: ['rm'] })).status).toBe(400);
    expect((await post(channel.secret, { command: 'staff', args: ['list'] }, '/other')).status).toBe(404);
    expect((await post('wrong', {}, '/backup')).status).toBe(401);
    await expect(sendToServer({ port: channel.port, secret: 'wrong' }, 'staff', ['list'])).rejects.toThrow(/refused the command \(HTTP 401\)/);
  });

  it('is what `npm run staff` uses when a running server holds the embedded database', async () => {
    const dbDir = path.join(mkdtempSync(path.join(tmpdir(), 'champions-channel-')), 'db');
    // A living process (this runner's parent) plays the server; the database folder itself stays empty.
    const holder: LockHolder = { pid: process.ppid, role: 'server', startTime: null, bootId: null, admin: { port: channel.port, secret: channel.secret } };
    writeFileSync(lockFileOf(dbDir), JSON.stringify(holder));
    const lines: string[] = [];
    const code = await runConsoleCommand(
      'staff',
      ['list'],
      { log: (l) => lines.push(l), error: (l) => lines.push(l) },
      { ...ctx.config, database: { kind: 'pglite', dataDir: dbDir } },
    );
    expect(code).toBe(0);
    expect(lines.join('\n')).toContain('anna.verdi@example.it');
  });
});
