// The server as an operator runs it: real processes on a temporary DATA_DIR (embedded PGlite).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDatabaseLock, lockFileOf } from './db/lock.ts';
import { files } from './db/schema.ts';
import { dataDirWithWeb, health, holderOf, killChildren, npmStart, run, sockets, staff, startServer } from './test/main-process.ts';

const SLOW = { timeout: 180_000 };

afterEach(killChildren);

describe('one process per embedded database', () => {
  it('runs `npm run staff` and `npm run seed:demo` through the running server: the user signs in there, and is kept after a restart', SLOW, async () => {
    const dataDir = dataDirWithWeb();
    const server = startServer(dataDir);
    const port = await server.port;

    const added = await staff(dataDir, [
      'add',
      '--role',
      'reviewer',
      '--email',
      'rita.levi@example.com',
      '--first-name',
      'Rita',
      '--last-name',
      'Levi',
      '--language',
      'en',
    ]);
    expect(added.code, added.output).toBe(0);
    expect(added.output).toContain('Added reviewer rita.levi@example.com');
    // The link points at the running server (its real port) and works there.
    const link = new RegExp(`http://localhost:${port}/it/signin/verify\\?token=([^&\\s]+)`).exec(added.output);
    expect(link, added.output).not.toBeNull();
    const verify = await fetch(`http://127.0.0.1:${port}/api/auth/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link![1] }),
    });
    expect(verify.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    const again = startServer(dataDir);
    const againPort = await again.port;
    const list = await staff(dataDir, ['list']);
    expect(list.code, list.output).toBe(0);
    expect(list.output).toContain('rita.levi@example.com');
    const seed = run(dataDir, ['scripts/seed-demo.ts']);
    expect((await seed.exited).code, seed.output()).toBe(0);
    expect(seed.output()).toContain('40 pharmacies added');
    expect(seed.output()).toContain(`http://localhost:${againPort}/it/signin/verify?token=`);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });

  it('refuses a second server on the same DATA_DIR with a clear message, and changes nothing', SLOW, async () => {
    const dataDir = dataDirWithWeb();
    const first = startServer(dataDir);
    const port = await first.port;
    // The default places provider and tiles are the offline demo ones: one warning line each at start.
    expect(
      first
        .output()
        .split('\n')
        .filter((line) => line.includes('offline demo mode')),
    ).toEqual([expect.stringContaining('PLACES_PROVIDER=fixture'), expect.stringContaining('MAP_TILES_URL is empty')]);
    const lockBefore = readFileSync(lockFileOf(path.join(dataDir, 'db')), 'utf8');
    const filesBefore = readdirSync(dataDir, { recursive: true }).filter((f) => !String(f).startsWith('db'));

    const second = startServer(dataDir);
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toMatch(/in use by a running server \(pid \d+\)[\s\S]*not started/);

    expect(readFileSync(lockFileOf(path.join(dataDir, 'db')), 'utf8')).toBe(lockBefore);
    expect(readdirSync(dataDir, { recursive: true }).filter((f) => !String(f).startsWith('db'))).toEqual(filesBefore);
    expect(await health(port)).toBe(200);
  });

  it('refuses to start while a staff command holds the database', SLOW, async () => {
    const dataDir = dataDirWithWeb();
    const command = acquireDatabaseLock(path.join(dataDir, 'db'), 'command'); // this test process plays the command
    if (!command.ok) throw new Error('unexpected');
    const server = startServer(dataDir);
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toMatch(/in use by a staff, demo-data, backup or restore command[\s\S]*when the command has finished/);
    command.lock.release();
  });

  it('`npm start` exits 128 + 9 when its server is SIGKILLed; the next start takes the stale lock over; SIGTERM exits 0', SLOW, async () => {
    const dataDir = dataDirWithWeb();
    const first = npmStart(dataDir);
    await first.port;
    const serverPid = holderOf(dataDir).pid;
    expect(serverPid).not.toBe(first.child.pid); // the lock is the server child's
    process.kill(serverPid, 'SIGKILL');
    expect(await first.exited).toEqual({ code: 137, signal: null });
    expect(existsSync(lockFileOf(path.join(dataDir, 'db')))).toBe(true); // left behind by the killed server

    const second = npmStart(dataDir);
    const port = await second.port;
    expect(await health(port)).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFileOf(path.join(dataDir, 'db')))).toBe(false);
  });
});

describe('npm start', () => {
  it('refuses a WEB_DIST that holds no build, instead of building somewhere else', SLOW, async () => {
    const dataDir = dataDirWithWeb();
    const start = run(dataDir, ['scripts/start.mjs'], { WEB_DIST: path.join(dataDir, 'missing') });
    expect((await start.exited).code).toBe(1);
    expect(start.output()).toMatch(/WEB_DIST=.*missing holds no index\.html/);
  });
});

describe('shutdown', () => {
  it('on SIGTERM with a stalled client, closes it after the deadline, closes the database and exits 0', SLOW, async () => {
    const dataDir = dataDirWithWeb();
    // At debug the server logs each request as it arrives.
    const server = startServer(dataDir, { LOG_LEVEL: 'debug' });
    const port = await server.port;

    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.resume(); // read whatever comes, so that the close is seen
    // An upload, which keeps its connection while its body keeps arriving at an upload's pace (32 KB/s:
    // above the 8 KB/s under which http/body-timeout.ts cuts it off), but would take minutes to end.
    socket.write(
      'POST /api/save-temp-pharmacist-image HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"data":"',
    );
    const pace = setInterval(() => socket.writable && socket.write('A'.repeat(16 * 1024)), 500);
    void closed.then(() => clearInterval(pace));
    await server.printed(/\/api\/save-temp-pharmacist-image/); // the server has the request (its log line), whose body has far to go

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await closed;
    expect(server.output()).toMatch(/shutdown deadline reached/);
    expect(existsSync(lockFileOf(path.join(dataDir, 'db')))).toBe(false);

    // The database opens cleanly and keeps what the first run wrote (its bootstrap admin).
    const again = startServer(dataDir);
    const againPort = await again.port;
    expect(await health(againPort)).toBe(200);
    expect(again.output()).not.toMatch(/No staff account existed/);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });
});

describe('start-up warnings', () => {
  it('in production, logs one warning line for each operator setting still at its example value, and none in development', SLOW, async () => {
    const dataDir = dataDirWithWeb();
    const production = startServer(dataDir, { NODE_ENV: 'production', OPERATOR_COMPANY: 'Onco Care GmbH' });
    await production.port;
    const warnings = production
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":40') && line.includes('is still the example value'));
    expect(warnings).toHaveLength(8);
    expect(warnings.join('\n')).toMatch(/OPERATOR_ADDRESS is still the example value/);
    expect(warnings.join('\n')).not.toMatch(/OPERATOR_COMPANY/);
    production.child.kill('SIGTERM');
    expect((await production.exited).code).toBe(0);

    const development = startServer(dataDir);
    await development.port;
    expect(development.output()).not.toMatch(/is still the example value/);
    development.child.kill('SIGTERM');
    expect((await development.exited).code).toBe(0);
  });
});

describe('files an earlier version kept under DATA_DIR/files', () => {
  it('moves them into the database at start, removes them from disk, and serves them from there', SLOW, async () => {
    const dataDir = dataDirWithWeb();
    // A temp photo as the version before wrote it: a row in the database, the bytes on disk.
    const storageName = 'WrittenByAnEarlierVersion.jpg';
    const content = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4_000, 7)]);
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    await database.migrate();
    await database.db.insert(files).values({ kind: 'photo', storageName, mime: 'image/jpeg', bytes: content.length });
    await database.close();
    const onDisk = path.join(dataDir, 'files', 'photos', storageName);
    mkdirSync(path.dirname(onDisk), { recursive: true });
    writeFileSync(onDisk, content);

    const server = startServer(dataDir);
    const port = await server.port;
    expect(server.output()).toMatch(/"moved":1\b/);
    expect(existsSync(onDisk)).toBe(false);
    const served = await fetch(`http://127.0.0.1:${port}/files/photos/${storageName}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(content)).toBe(true);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
