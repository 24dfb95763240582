import { readFileSync } from 'node:fs';
import { and, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../test/context.ts';
import { createMailer, enqueueMail } from './outbox.ts';

let testDatabase: TestDatabase;
let database: DatabaseHandle;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = testDatabase.database;
});
afterAll(async () => {
  await testDatabase?.close();
});

describe('mail outbox', () => {
  it('records the message and writes an .eml file when there is no SMTP server', async () => {
    const config = testConfig();
    const mailer = createMailer(database.db, config.mail);
    const result = await mailer.sendMail({
      to: 'amelia@example.co.uk',
      subject: 'Your application',
      text: 'Thank you, Amelia.',
      html: '<p>Thank you, Amelia.</p>',
    });
    expect(result.sent).toBe(true);
    expect(result.file?.startsWith(config.mail.dir)).toBe(true);
    const eml = readFileSync(result.file!, 'utf8');
    expect(eml).toContain('To: amelia@example.co.uk');
    expect(eml).toContain('Subject: Your application');
    expect(eml).toContain('Thank you, Amelia.');
    expect(eml).toContain(`Message-ID: <${result.id}@example.com>`);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id));
    // Delivered: the record stays, the body (and any link in it) does not (docs/decisions/0042).
    expect(row).toMatchObject({ to: 'amelia@example.co.uk', subject: 'Your application', text: '', html: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    await mailer.close();
  });

  it('keeps the message queued for a retry, with the error, when SMTP fails', async () => {
    const config = testConfig();
    const mailer = createMailer(database.db, { ...config.mail, smtpUrl: 'smtp://127.0.0.1:1' });
    const result = await mailer.sendMail({ to: 'x@example.com', subject: 'S', text: 'T' });
    expect(result.sent).toBe(false);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id));
    // Not delivered: it keeps its body, to be sent on the next try.
    expect(row).toMatchObject({ sentAt: null, failedAt: null, claimedUntil: null, attempts: 1, text: 'T' });
    expect(row!.error).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + config.mail.retryBaseMs / 2);
    await mailer.close();
  });

  it('delivers a batch of ten, each message once, and stops between batches when asked (a server shutting down with a backlog)', async () => {
    const config = testConfig();
    const mailer = createMailer(database.db, config.mail);
    for (let i = 0; i < 25; i++) await enqueueMail(database.db, { to: `backlog.${i}@example.co.uk`, subject: `Backlog ${i}`, text: 'Queued' });
    let batches = 0;
    // Asked before each batch: the first goes out, then the pass ends.
    expect(await mailer.deliverDue(() => batches++ >= 1)).toBe(10);
    const backlog = () => database.db.select().from(mailOutbox).where(like(mailOutbox.to, 'backlog.%'));
    expect((await backlog()).filter((row) => row.sentAt)).toHaveLength(10);
    // The rest is neither sent nor held by a claim: the next pass (here or on another server) takes it.
    expect(
      await database.db
        .select()
        .from(mailOutbox)
        .where(and(like(mailOutbox.to, 'backlog.%'), isNull(mailOutbox.sentAt))),
    ).toHaveLength(15);
    expect((await backlog()).filter((row) => !row.sentAt && (row.claimToken || row.attempts > 0))).toEqual([]);
    expect(await mailer.deliverDue()).toBe(15);
    expect((await backlog()).every((row) => row.sentAt && row.attempts === 1 && !row.claimToken)).toBe(true);
    await mailer.close();
  });
});
