// A fleet as an operator runs one: two real server processes on one PostgreSQL database, each with
// a DATA_DIR of its own and nothing in common but DATABASE_URL (issue #21). Runs with the API tests
// on PostgreSQL (`npm run test:api:postgres`, TEST_DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCliContext } from '../../cli/context.ts';
import { loadConfig } from '../../config.ts';
import { codeAt } from '../../services/auth/totp.ts';
import { solvedTokensFrom } from '../bot-check.ts';
import { usingPostgres } from '../context.ts';
import { validApplication } from '../payloads.ts';
import { createTempDatabase, type TempDatabase } from '../postgres.ts';
import { freePort, startServerProcess, type ServerProcess } from '../server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../smtp.ts';

const RATE_LIMIT = 30;
let temp: TempDatabase;
let smtp: TestSmtpServer;
let dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;

interface Answer {
  status: number;
  json: { status?: string; message?: string; data?: Record<string, unknown>; errors?: Record<string, string> };
  cookies: string[];
}

/** An HTTP request from a chosen loopback address (each address is a client of its own to the rate limits). */
function request(url: string, options: { method?: string; body?: unknown; cookie?: string; from?: string } = {}): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? (body ? 'POST' : 'GET'),
        localAddress: options.from ?? '127.0.0.1',
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(options.cookie ? { cookie: options.cookie } : {}), connection: 'close' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let json: Answer['json'] = {};
          try {
            json = JSON.parse(text) as Answer['json'];
          } catch {
            // not JSON
          }
          resolve({ status: response.statusCode ?? 0, json, cookies: (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: temp.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** A console sign-in link's token, made the way `npm run staff` makes one (directly on the database). */
async function consoleToken(email: string, role: 'reviewer' | 'area_manager'): Promise<string> {
  const cli = await openCliContext(
    loadConfig({ NODE_ENV: 'test', DATABASE_URL: temp.url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'champions-fleet-cli-')) }),
  );
  try {
    let user = await cli.auth.users.findByEmail(email);
    if (!user) {
      const added = await cli.auth.users.add({ email, firstName: 'Rita', lastName: 'Reviewer', role, language: 'en' });
      if (added === 'duplicate') throw new Error('duplicate');
      user = await cli.auth.users.findById(added.id);
    }
    return new URL(await cli.auth.consoleLink(user!, 'http://localhost')).searchParams.get('token')!;
  } finally {
    await cli.close();
  }
}

const application = (index: number, token: string) =>
  validApplication({ country: 'uk', distinct: { run: 'fleet', index: 700_000 + index } }, { recaptchaToken: token });

describe.runIf(usingPostgres())('two servers on one PostgreSQL database', () => {
  beforeAll(async () => {
    temp = await createTempDatabase(process.env.TEST_DATABASE_URL!, 'champions_fleet');
    smtp = await startSmtpServer();
    dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'champions-fleet-')));
    const ports = [await freePort()];
    do ports[1] = await freePort();
    while (ports[1] === ports[0]);
    // Started at the same moment on an empty database; explicit ports, so that a failed start is not retried.
    const env = { SMTP_URL: smtp.url, RATE_LIMIT_MAX: String(RATE_LIMIT), MAIL_POLL_SECONDS: '1' };
    [a, b] = (await Promise.all(dataDirs.map((dataDir, i) => startServerProcess({ dataDir, databaseUrl: temp.url, port: ports[i], env })))) as [
      ServerProcess,
      ServerProcess,
    ];
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.stop();
    await temp?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('both come up when started together on an empty database, and the main admin is created and announced once', async () => {
    // The announcement comes just before the "is running" line, after the server answers health checks.
    await expect.poll(() => [a.output(), b.output()].every((output) => /is running:/.test(output)), { timeout: 30_000 }).toBe(true);
    const announced = [a.output(), b.output()].filter((output) => /No staff account existed, so a main admin was created/.test(output));
    expect(announced).toHaveLength(1);
    for (const output of [a.output(), b.output()]) expect(output).not.toMatch(/could not start/);
  });

  it('accepts on B a bot check solved from A’s challenge', async () => {
    const [token] = await solvedTokensFrom(a.url, 1);
    const saved = await request(`${b.url}/api/save-pharmacist`, { body: application(1, token!), from: '127.0.0.11' });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  });

  it('serves through B, byte for byte, a photo uploaded through A', async () => {
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const [token] = await solvedTokensFrom(a.url, 1);
    const uploaded = await request(`${a.url}/api/save-temp-pharmacist-image`, {
      body: { data: jpeg.toString('base64'), recaptchaToken: token },
      from: '127.0.0.14',
    });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    const name = String((uploaded.json as { filename?: string }).filename);
    const served = async (server: ServerProcess) => Buffer.from(await (await fetch(`${server.url}/files/photos/${name}`)).arrayBuffer());
    const [fromA, fromB] = await Promise.all([served(a), served(b)]);
    expect(fromB.length).toBeGreaterThan(100);
    expect(fromB.equals(fromA)).toBe(true);
    const [stored] = await query<{ content: Buffer }>('select c.content from file_contents c join files f on f.id = c.file_id where f.storage_name = $1', [
      name,
    ]);
    expect(fromB.equals(stored!.content)).toBe(true);
  });

  it('signs a reviewer in through B with the second factor they enrolled through A', async () => {
    const email = 'rita.reviewer@example.com';
    const verified = await request(`${a.url}/api/auth/verify`, { body: { token: await consoleToken(email, 'reviewer') }, from: '127.0.0.12' });
    expect(verified.json.data?.next).toBe('totp-setup');
    const pending = verified.cookies.join('; ');
    const setup = await request(`${a.url}/api/auth/totp/setup`, { body: {}, cookie: pending, from: '127.0.0.12' });
    const secret = new URL(String(setup.json.data!.otpauthUrl)).searchParams.get('secret')!;
    const enabled = await request(`${a.url}/api/auth/totp/enable`, { body: { code: codeAt(secret, new Date()) }, cookie: pending, from: '127.0.0.12' });
    expect(enabled.status, JSON.stringify(enabled.json)).toBe(200);

    const again = await request(`${b.url}/api/auth/verify`, { body: { token: await consoleToken(email, 'reviewer') }, from: '127.0.0.12' });
    expect(again.json.data?.next).toBe('totp');
    // The next time step: a code is accepted once, and enrolment used this one.
    const code = codeAt(secret, new Date(Date.now() + 30_000));
    const signedIn = await request(`${b.url}/api/auth/totp`, { body: { code }, cookie: again.cookies.join('; '), from: '127.0.0.12' });
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    const me = await request(`${b.url}/api/auth/me`, { cookie: signedIn.cookies.join('; '), from: '127.0.0.12' });
    expect(me.status).toBe(200);
  });

  it('counts one client’s requests together on both servers: of 40 alternating requests against a limit of 30 a minute, at most 30 pass', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      const server = i % 2 ? b : a;
      answers.push((await request(`${server.url}/api/check_pharmacy`, { body: { placeId: `fixture:uk:00${i % 10}` }, from: '127.0.0.13' })).status);
    }
    expect(answers.filter((status) => status !== 429).length).toBeLessThanOrEqual(RATE_LIMIT);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
  });

  it('delivers every e-mail once, by one of the two servers', async () => {
    const tokens = await solvedTokensFrom(b.url, 8);
    const saved = await Promise.all(
      tokens.map((token, i) => request(`${(i % 2 ? a : b).url}/api/save-pharmacist`, { body: application(100 + i, token), from: `127.0.0.${20 + i}` })),
    );
    for (const answer of saved) expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    // Queued in the database; each row sent once, whichever server's sender took it.
    await expect
      .poll(async () => (await query<{ n: number }>('select count(*)::int as n from mail_outbox where sent_at is null')).at(0)!.n, { timeout: 30_000 })
      .toBe(0);
    const outbox = await query<{ n: number }>('select count(*)::int as n from mail_outbox');
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(outbox[0]!.n);
    expect([...smtp.countsById().values()].every((count) => count === 1)).toBe(true);
  });

  it('answers the search from each server’s read model: an approval shows on both, a deactivation leaves both (decision 0075)', async () => {
    const [row] = await query<{ id: string; listing_id: string; country: string; lat: number; lng: number }>(
      'select id, listing_id, country, lat, lng from applications where lat is not null and lng is not null order by created_at limit 1',
    );
    expect(row).toBeDefined();
    const ids = async (server: ServerProcess) => {
      const answer = await request(`${server.url}/api/v1/finder/search?market=${row!.country}&lat=${row!.lat}&lng=${row!.lng}&radiusKm=1&limit=50`, {
        from: '127.0.0.40',
      });
      expect(answer.status).toBe(200);
      return (answer.json.data as unknown as { id: string }[]).map((item) => item.id);
    };
    await query(`update applications set status = 'approved' where id = $1`, [row!.id]);
    for (const server of [a, b]) await expect.poll(() => ids(server), { timeout: 10_000, interval: 50 }).toContain(row!.listing_id);
    await query(`update applications set status = 'deactivated' where id = $1`, [row!.id]);
    for (const server of [a, b]) await expect.poll(() => ids(server), { timeout: 10_000, interval: 50 }).not.toContain(row!.listing_id);
  });

  it('loses no acknowledged application when A is killed (-9) under load, and B answers throughout', async () => {
    const total = 48;
    const tokens = await solvedTokensFrom(b.url, total);
    const acknowledged: string[] = [];
    const answersFromB: number[] = [];
    let killed: Promise<unknown> | null = null;
    let next = 0;
    const worker = async (clientIndex: number) => {
      while (next < total) {
        const i = next++;
        // A balancer's choice: alternate, and send to B once A is gone.
        const useA = i % 2 === 0 && !killed;
        try {
          const answer = await request(`${(useA ? a : b).url}/api/save-pharmacist`, {
            body: application(1000 + i, tokens[i]!),
            from: `127.0.1.${clientIndex}`,
          });
          if (!useA) answersFromB.push(answer.status);
          if (answer.status === 200) acknowledged.push(String(answer.json.data!.id));
        } catch {
          expect(useA).toBe(true); // only the killed server may fail to answer
        }
        if (acknowledged.length >= 12 && !killed) killed = a.kill();
      }
    };
    await Promise.all(Array.from({ length: 6 }, (_, i) => worker(i + 1)));
    await killed;
    expect(killed).not.toBeNull();
    expect(answersFromB.length).toBeGreaterThan(total / 2);
    expect(answersFromB.every((status) => status === 200)).toBe(true);
    const stored = await query<{ id: string }>('select id from applications where id = any($1::uuid[])', [acknowledged]);
    expect(stored.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
    expect((await request(`${b.url}/healthz`)).status).toBe(200);
  }, 120_000);
});
