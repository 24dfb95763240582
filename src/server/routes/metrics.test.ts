import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { applications, mailOutbox } from '../db/schema.ts';
import { createMetrics, UNMATCHED_ROUTE } from '../services/metrics.ts';
import { createTestContext, usingPostgres, type TestContext } from '../test/context.ts';
import { setStatus, submitApplication } from '../test/listings.ts';
import { isLoopback } from './metrics.ts';

/** Debian's prometheus package puts it here (.ci/run installs it). */
const PROMTOOL = '/usr/bin/promtool';
const TOKEN = randomBytes(32).toString('base64url');
const OUTSIDER = '203.0.113.7';
const DAY_S = 24 * 3600;

/** Every series /metrics serves while the database answers (the backup's only once something records backups). */
const SERIES = [
  'champions_http_request_duration_seconds',
  'champions_database_up',
  'champions_database_pool_connections',
  'champions_database_pool_idle_connections',
  'champions_database_pool_waiting_requests',
  'champions_mail_outbox_pending_messages',
  'champions_mail_outbox_oldest_pending_age_seconds',
  'champions_mail_outbox_failed_messages',
  'champions_applications_awaiting_review',
  'champions_applications_awaiting_review_oldest_age_seconds',
  // Node's own, with prom-client's names.
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
  'nodejs_gc_duration_seconds',
  'process_resident_memory_bytes',
  'process_cpu_seconds_total',
];
const DATABASE_SERIES = SERIES.filter((name) => /^champions_(mail|applications)_/.test(name));

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The one sample of `name` whose labels include `labels`; undefined when there is none. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samplesOf(text).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

const typed = (text: string, name: string) => new RegExp(`^# TYPE ${name} `, 'm').test(text);

/** `promtool check metrics` on the text (stdin): its exit code and whatever it printed (lint problems). */
function promtool(text: string): { status: number | null; printed: string } {
  const run = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (run.error) {
    throw new Error(`${PROMTOOL} could not be run (${run.error.message}): install Debian's prometheus package (apt-get install prometheus), as .ci/run does`);
  }
  return { status: run.status, printed: `${run.stdout}${run.stderr}` };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ metricsToken: TOKEN });
});
afterAll(async () => ctx.close());

const scrape = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });
const scrapeText = async () => {
  const response = await scrape();
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('GET /metrics on loopback', () => {
  it("answers in Prometheus's text format with every series", async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    for (const name of SERIES) expect(typed(response.body, name), name).toBe(true);
    expect(valueOf(response.body, 'champions_database_up')).toBe(1);
    // PGlite: its one connection; PostgreSQL: the pool's (the mail sender's LISTEN among them), 10 at most.
    const open = valueOf(response.body, 'champions_database_pool_connections')!;
    if (usingPostgres()) expect([open >= 1, open <= 10]).toEqual([true, true]);
    else expect(open).toBe(1);
    expect(valueOf(response.body, 'champions_database_pool_idle_connections')).toBeLessThanOrEqual(open);
    expect(valueOf(response.body, 'champions_database_pool_waiting_requests')).toBe(0);
    // No backup recorded (BACKUP_DIR unset): the series are left out rather than made up.
    expect(response.body).not.toContain('champions_backup_last_success_timestamp_seconds');
    expect(response.body).not.toContain('champions_backup_last_verification_ok');
  });

  it('counts requests by route pattern, method and status, never by the raw URL', async () => {
    const id = randomUUID();
    const token = randomBytes(24).toString('base64url');
    const unknown = `/no-such-page-${randomBytes(8).toString('hex')}`;
    const review = { route: '/api/review/applications/:id', method: 'GET', status: '401' };
    const mine = { route: '/api/my-application/:token', method: 'GET', status: '404' };
    const lost = { route: UNMATCHED_ROUTE, method: 'GET', status: '404' };
    const count = (text: string, labels: Record<string, string>) => valueOf(text, 'champions_http_request_duration_seconds_count', labels) ?? 0;

    const before = await scrapeText();
    for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ method: 'GET', url: `/api/review/applications/${id}` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/my-application/${token}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: unknown, headers: { accept: 'application/json' } })).statusCode).toBe(404);
    const after = await scrapeText();

    expect(count(after, review) - count(before, review)).toBe(3);
    expect(count(after, mine) - count(before, mine)).toBe(1);
    expect(count(after, lost) - count(before, lost)).toBe(1);
    // The scrape before counts as a request too.
    expect(count(after, { route: '/metrics', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    // Durations: every request lands in the +Inf bucket, and the sum is a time in seconds.
    expect(valueOf(after, 'champions_http_request_duration_seconds_bucket', { ...review, le: '+Inf' })).toBe(count(after, review));
    expect(valueOf(after, 'champions_http_request_duration_seconds_sum', review)).toBeLessThan(60);
    for (const secret of [id, token, unknown.slice(1)]) expect(after).not.toContain(secret);
  });

  it('reads the mail outbox and the applications waiting for review from the database at each scrape', async () => {
    const at = Date.now();
    const uk1 = await submitApplication(ctx, 'uk');
    await submitApplication(ctx, 'uk');
    await submitApplication(ctx, 'it');
    const approved = await submitApplication(ctx, 'uk');
    await setStatus(ctx.database.db, approved.id, 'approved');
    await ctx.database.db
      .update(applications)
      .set({ submittedAt: new Date(at - 30 * DAY_S * 1000) })
      .where(eq(applications.id, uk1.id));
    // One message waiting for a retry an hour from now (queued an hour ago), one given up, one sent.
    const hourAgo = new Date(at - 3600_000);
    await ctx.database.db.insert(mailOutbox).values([
      { to: 'a@example.com', subject: 'waiting', text: 'x', createdAt: hourAgo, nextAttemptAt: new Date(at + 3600_000), attempts: 1 },
      { to: 'b@example.com', subject: 'failed', text: 'x', createdAt: hourAgo, attempts: 10, failedAt: new Date(at) },
      { to: 'c@example.com', subject: 'sent', text: '', createdAt: new Date(at - 2 * 3600_000), sentAt: hourAgo },
    ]);

    // The applications' 'received' mail goes out meanwhile: then the retry is all that is pending.
    await expect.poll(async () => valueOf(await scrapeText(), 'champions_mail_outbox_pending_messages'), { timeout: 15_000 }).toBe(1);
    const text = await scrapeText();
    expect(valueOf(text, 'champions_mail_outbox_failed_messages')).toBe(1);
    const oldestMail = valueOf(text, 'champions_mail_outbox_oldest_pending_age_seconds')!;
    expect(oldestMail).toBeGreaterThanOrEqual(3600);
    expect(oldestMail).toBeLessThan(3600 + 60);

    expect(valueOf(text, 'champions_applications_awaiting_review', { market: 'uk' })).toBe(2);
    expect(valueOf(text, 'champions_applications_awaiting_review', { market: 'it' })).toBe(1);
    expect(valueOf(text, 'champions_applications_awaiting_review', { market: 'de' })).toBe(0);
    const oldestUk = valueOf(text, 'champions_applications_awaiting_review_oldest_age_seconds', { market: 'uk' })!;
    expect(oldestUk).toBeGreaterThanOrEqual(30 * DAY_S);
    expect(oldestUk).toBeLessThan(30 * DAY_S + 60);
    expect(valueOf(text, 'champions_applications_awaiting_review_oldest_age_seconds', { market: 'it' })).toBeLessThan(60);
    expect(valueOf(text, 'champions_applications_awaiting_review_oldest_age_seconds', { market: 'de' })).toBe(0);
  });

  it('passes `promtool check metrics` (no lint problem)', async () => {
    await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const { status, printed } = promtool(await scrapeText());
    expect(printed).toBe('');
    expect(status).toBe(0);
  });

  it('serves the other series when the database does not answer, with champions_database_up 0', async () => {
    const execute = vi.spyOn(ctx.database.db, 'execute').mockRejectedValue(new Error('connection refused'));
    let text: string;
    try {
      text = await scrapeText();
    } finally {
      execute.mockRestore();
    }
    expect(valueOf(text, 'champions_database_up')).toBe(0);
    for (const name of SERIES.filter((n) => !DATABASE_SERIES.includes(n))) expect(typed(text, name), name).toBe(true);
    for (const name of DATABASE_SERIES) expect(typed(text, name), name).toBe(false);
    expect(promtool(text)).toEqual({ status: 0, printed: '' });
    // Back up: the next scrape has them again.
    expect(valueOf(await scrapeText(), 'champions_database_up')).toBe(1);
  });

  it('gives up on a database that does not answer in time', async () => {
    const metrics = createMetrics(ctx.database, { now: () => new Date(), log: ctx.app.log, readTimeoutMs: 50 });
    const execute = vi.spyOn(ctx.database.db, 'execute').mockReturnValue(new Promise(() => {}) as never);
    const started = performance.now();
    let text: string;
    try {
      text = await metrics.text();
    } finally {
      execute.mockRestore();
    }
    expect(performance.now() - started).toBeLessThan(1000);
    expect(valueOf(text, 'champions_database_up')).toBe(0);
    expect(typed(text, 'champions_mail_outbox_pending_messages')).toBe(false);
  });

  it('serves the last backup once something records it, and whether the last one restored', async () => {
    const lastBackup = { succeededAt: new Date(1_790_000_000_000) as Date | null, verified: true as boolean | null };
    const metrics = createMetrics(ctx.database, { now: () => new Date(), log: ctx.app.log, lastBackup: async () => lastBackup });
    let text = await metrics.text();
    expect(valueOf(text, 'champions_backup_last_success_timestamp_seconds')).toBe(1_790_000_000);
    expect(valueOf(text, 'champions_backup_last_verification_ok')).toBe(1);
    expect(promtool(text)).toEqual({ status: 0, printed: '' });
    // The last one failed, and none ever restored: the failure is served, the success left out.
    Object.assign(lastBackup, { succeededAt: null, verified: false });
    text = await metrics.text();
    expect(valueOf(text, 'champions_backup_last_verification_ok')).toBe(0);
    expect(text).not.toContain('champions_backup_last_success_timestamp_seconds');
  });
});

describe('GET /metrics from elsewhere', () => {
  const notFound = async (remoteAddress: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/no-such-path-${randomBytes(4).toString('hex')}`,
      remoteAddress,
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    return response.json() as unknown;
  };

  it('answers a client not on loopback as an unknown path, unless it sends the token', async () => {
    const unknownPath = await notFound(OUTSIDER);
    const without = await scrape({}, OUTSIDER);
    expect(without.statusCode).toBe(404);
    expect(without.json()).toEqual(unknownPath);
    const wrong = await scrape({ authorization: `Bearer ${TOKEN.slice(0, -1)}x` }, OUTSIDER);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(unknownPath);
    expect((await scrape({ authorization: TOKEN }, OUTSIDER)).statusCode).toBe(404);
    const right = await scrape({ authorization: `Bearer ${TOKEN}` }, OUTSIDER);
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE champions_http_request_duration_seconds histogram');
  });

  it("goes by the connection's own address, never X-Forwarded-For", async () => {
    // A reverse proxy on this machine connects from loopback on anybody's behalf.
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    expect((await scrape({ forwarded: 'for=127.0.0.1' })).statusCode).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1' }, OUTSIDER)).statusCode).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '198.51.100.1', authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect((await scrape({}, address)).statusCode, address).toBe(200);
  });

  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3']) expect(isLoopback(address), address).toBe(true);
    for (const address of [undefined, '', '10.0.0.1', '128.0.0.1', '::2', '::ffff:10.0.0.1', '0:0:0:0:0:0:0:2', 'localhost', '127.example.com'])
      expect(isLoopback(address), String(address)).toBe(false);
  });

  it('answers loopback only when METRICS_TOKEN is not set', async () => {
    const other = await createTestContext();
    try {
      expect(other.config.metricsToken).toBeNull();
      expect((await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDER, headers: { authorization: 'Bearer ' } })).statusCode).toBe(404);
      expect(
        (await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDER, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
      ).toBe(404);
      expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('reads METRICS_TOKEN from the environment, 32 characters at least', () => {
    const base = { DATABASE_URL: 'memory://', NODE_ENV: 'test' as const };
    expect(loadConfig(base).metricsToken).toBeNull();
    expect(loadConfig({ ...base, METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN: at least 32 characters/);
  });
});
