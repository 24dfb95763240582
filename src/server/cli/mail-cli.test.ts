import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { runMailCommand } from './mail-cli.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

function output() {
  const lines: string[] = [];
  return { lines, out: { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERROR ${line}`) } };
}

/** A mail the outbox gave up on after its last attempt. */
async function failedMail(to: string) {
  const [row] = await ctx.database.db
    .insert(mailOutbox)
    .values({
      to,
      mailbox: to,
      subject: 'Your sign-in link',
      text: 'Hello',
      attempts: 8,
      failedAt: new Date(),
      error: '535 5.7.8 Authentication credentials invalid',
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

describe('npm run mail', () => {
  it('lists the failed mail with its error, and sends one again when asked', async () => {
    const id = await failedMail('rita.levi@example.com');
    const listed = output();
    expect(await runMailCommand(['failed'], { db: ctx.database.db, out: listed.out })).toBe(0);
    expect(listed.lines.join('\n')).toMatch(
      new RegExp(`${id}.*8 attempts.*rita\\.levi@example\\.com.*Your sign-in link[^]*535 5\\.7\\.8 Authentication credentials invalid`),
    );

    const retried = output();
    expect(await runMailCommand(['retry', '--id', id], { db: ctx.database.db, out: retried.out })).toBe(0);
    expect(retried.lines.join('\n')).toMatch(/1 mail goes out again/);
    // The app's sender delivers it (written as an .eml file here).
    await expect
      .poll(async () => (await ctx.database.db.select({ sentAt: mailOutbox.sentAt }).from(mailOutbox).where(eq(mailOutbox.id, id)))[0]?.sentAt, {
        timeout: 20_000,
      })
      .not.toBeNull();

    const none = output();
    await runMailCommand(['failed'], { db: ctx.database.db, out: none.out });
    expect(none.lines).toEqual(['No failed mail.']);
  });

  it('sends every failed mail again with --all, and says so when there is none or the id is not one', async () => {
    await failedMail('a@example.com');
    await failedMail('b@example.com');
    const all = output();
    expect(await runMailCommand(['retry', '--all'], { db: ctx.database.db, out: all.out })).toBe(0);
    expect(all.lines.join('\n')).toMatch(/2 mails go out again/);
    const again = output();
    expect(await runMailCommand(['retry', '--all'], { db: ctx.database.db, out: again.out })).toBe(1);
    expect(again.lines).toEqual(['ERROR No failed mail.']);
    const wrong = output();
    expect(await runMailCommand(['retry', '--id', 'nope'], { db: ctx.database.db, out: wrong.out })).toBe(1);
    expect(await runMailCommand(['retry'], { db: ctx.database.db, out: wrong.out })).toBe(2);
  });
});
