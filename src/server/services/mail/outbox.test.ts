import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../test/context.ts';
import { createMailer } from './outbox.ts';

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
    const result = await mailer.sendMail({ to: 'amelia@example.co.uk', subject: 'Your application', text: 'Thank you, Amelia.', html: '<p>Thank you, Amelia.</p>' });
    expect(result.sent).toBe(true);
    expect(result.file?.startsWith(config.mail.dir)).toBe(true);
    const eml = readFileSync(result.file!, 'utf8');
    expect(eml).toContain('To: amelia@example.co.uk');
    expect(eml).toContain('Subject: Your application');
    expect(eml).toContain('Thank you, Amelia.');
    expect(eml).toContain(`Message-ID: <${result.id}@example.com>`);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id));
    expect(row).toMatchObject({ to: 'amelia@example.co.uk', subject: 'Your application', html: '<p>Thank you, Amelia.</p>' });
    expect(row!.sentAt).toBeInstanceOf(Date);
    await mailer.close();
  });

  it('keeps the message queued for a retry, with the error, when SMTP fails', async () => {
    const config = testConfig();
    const mailer = createMailer(database.db, { ...config.mail, smtpUrl: 'smtp://127.0.0.1:1' });
    const result = await mailer.sendMail({ to: 'x@example.com', subject: 'S', text: 'T' });
    expect(result.sent).toBe(false);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id));
    expect(row).toMatchObject({ sentAt: null, failedAt: null, claimedUntil: null, attempts: 1 });
    expect(row!.error).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + config.mail.retryBaseMs / 2);
    await mailer.close();
  });
});
