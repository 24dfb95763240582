// Delivery to a real SMTP server (issue 13, acceptance): queued mail goes out promptly after its
// transaction commits, stays queued while the SMTP server is down and goes out once it is back,
// each message exactly once, also across a restart of our server and with two senders on one database.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config, MailSettings } from '../../config.ts';
import { mailOutbox } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../test/context.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { createMailer, enqueueMail, type OutboxMailer } from './outbox.ts';

let smtp: TestSmtpServer;
let testDatabase: TestDatabase;
const opened: { close(): Promise<unknown> }[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await testDatabase?.close();
});
beforeEach(async () => {
  smtp = await startSmtpServer();
  await db().delete(mailOutbox);
});
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
  await smtp.stop();
});

const db = () => testDatabase.database.db;

/** Mail settings on the test SMTP server; a long poll unless a test needs retries to come quickly. */
function mailSettings(overrides: Partial<MailSettings> = {}): MailSettings {
  return { ...testDatabase.config.mail, smtpUrl: smtp.url, pollMs: 60_000, retryBaseMs: 20, retryMaxMs: 100, ...overrides };
}

/** Our server (the app with its sender) on the test database. */
async function startApp(mail: Partial<MailSettings> = {}): Promise<FastifyInstance> {
  const config: Config = { ...testDatabase.config, mail: mailSettings(mail) };
  const app = await buildApp(config, { database: testDatabase.database });
  await app.ready();
  opened.push(app);
  return app;
}

function mailer(overrides: Partial<MailSettings> = {}): OutboxMailer {
  const created = createMailer(db(), mailSettings(overrides));
  opened.push(created);
  return created;
}

async function enqueue(count: number, tag = 'mail'): Promise<string[]> {
  return db().transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push(await enqueueMail(tx, { to: `${tag}.${i}@example.co.uk`, subject: `${tag} ${i}`, text: `Message ${i}`, html: `<p>Message ${i}</p>` }));
    return ids;
  });
}

const outboxRows = () => db().select().from(mailOutbox).orderBy(mailOutbox.createdAt);
const unsent = async () => (await outboxRows()).filter((row) => !row.sentAt).length;

/** Every id delivered exactly once (by Message-ID, which names the outbox row). */
function expectEachDeliveredOnce(ids: string[]) {
  const counts = smtp.countsById();
  expect(ids.map((id) => counts.get(`<${id}@example.com>`) ?? 0)).toEqual(ids.map(() => 1));
  expect(smtp.received).toHaveLength(ids.length);
}

describe('mail sender', () => {
  it('delivers mail promptly once its transaction commits, and never mail whose transaction rolled back', async () => {
    await startApp(); // polls once a minute: what is delivered within the test came by notification
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rolled.back@example.co.uk', subject: 'Never', text: 'Never sent' });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    const [id] = await enqueue(1, 'committed');

    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
    expectEachDeliveredOnce([id!]);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['committed.0@example.co.uk']);
    expect(mail!.raw).toContain('Subject: committed 0');
    expect(mail!.raw).toContain('Content-Type: text/html');
    await expect
      .poll(async () => (await outboxRows()).map((row) => ({ to: row.to, sent: Boolean(row.sentAt), attempts: row.attempts })))
      .toEqual([{ to: 'committed.0@example.co.uk', sent: true, attempts: 1 }]);
    // Delivered over SMTP: the outbox keeps the record, not the body (docs/decisions/0042).
    expect((await outboxRows()).map((row) => ({ subject: row.subject, text: row.text, html: row.html }))).toEqual([
      { subject: 'committed 0', text: '', html: null },
    ]);
  });

  it('keeps mail queued while the SMTP server is down and sends each message once when it is back', async () => {
    await smtp.stop();
    await startApp({ pollMs: 50 });
    const ids = await enqueue(3, 'outage');

    await expect
      .poll(async () => (await outboxRows()).every((row) => row.attempts >= 2 && row.error && !row.sentAt && !row.failedAt), { timeout: 20_000 })
      .toBe(true);
    // Not delivered yet: each keeps its body, to be sent when the server is back.
    expect((await outboxRows()).every((row) => row.text.startsWith('Message ') && row.html?.startsWith('<p>Message '))).toBe(true);
    await smtp.start();

    await expect.poll(unsent, { timeout: 20_000 }).toBe(0);
    expectEachDeliveredOnce(ids);
    expect((await outboxRows()).map((row) => row.error)).toEqual([null, null, null]);
  });

  it('sends mail queued before a restart of our server once, from the new server', async () => {
    await smtp.stop();
    const first = await startApp({ retryBaseMs: 60_000, retryMaxMs: 60_000 }); // one try each while it runs
    const ids = await enqueue(2, 'restart');
    await expect.poll(async () => (await outboxRows()).every((row) => row.attempts === 1 && row.error), { timeout: 20_000 }).toBe(true);
    await first.close();

    await smtp.start();
    await db()
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` }); // its back-off is over
    await startApp();
    await expect.poll(unsent, { timeout: 20_000 }).toBe(0);
    expectEachDeliveredOnce(ids);
  });

  it('never delivers a message twice with two senders on one database', async () => {
    const ids = await enqueue(30, 'pair');
    const [a, b] = [mailer(), mailer()];
    const [sentByA, sentByB] = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(sentByA + sentByB).toBe(30);
    expectEachDeliveredOnce(ids);
    // Nothing is left to claim for a third pass.
    expect(await a.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(30);
  });

  it('never delivers a message twice with two running servers on one database', async () => {
    await startApp({ pollMs: 20 });
    await startApp({ pollMs: 20 });
    const ids = [...(await enqueue(10, 'servers')), ...(await enqueue(10, 'servers-again'))];
    await expect.poll(unsent, { timeout: 20_000 }).toBe(0);
    expectEachDeliveredOnce(ids);
  });

  it('waits longer after each failure, up to the cap, and gives up after the last attempt, keeping the error', async () => {
    await smtp.stop();
    const sender = mailer({ retryBaseMs: 60_000, retryMaxMs: 150_000, maxAttempts: 4 });
    const [id] = await enqueue(1, 'doomed');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await sender.deliverDue()).toBe(0);
      const [row] = await db()
        .select({
          attempts: mailOutbox.attempts,
          failedAt: mailOutbox.failedAt,
          error: mailOutbox.error,
          waitMs: sql<number>`(extract(epoch from next_attempt_at - now()) * 1000)::float8`,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id!));
      expect(row).toMatchObject({ attempts: attempt, error: expect.stringMatching(/ECONNREFUSED|connect/i) });
      expect(Boolean(row!.failedAt)).toBe(attempt === 4);
      waits.push(Math.round(Number(row!.waitMs) / 1000));
      // Not due again until its back-off is over.
      expect(await sender.deliverDue()).toBe(0);
      expect((await outboxRows())[0]!.attempts).toBe(attempt);
      await db()
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` });
    }
    expect(waits.slice(0, 3)).toEqual([60, 120, 150]);
    await smtp.start();
    expect(await sender.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });
});
