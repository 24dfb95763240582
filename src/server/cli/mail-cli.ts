// `npm run mail -- failed | retry --id ID | retry --all` (issue 37 item 7): the mail the outbox gave
// up on after its last attempt (services/mail/outbox.ts), with its error, and a way to send it again
// once the cause (an SMTP password, a full mailbox) is fixed. A retried mail starts its attempts
// afresh and goes out with the next turn of whichever server's sender.
import { parseArgs } from 'node:util';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { wakeSenders } from '../services/mail/outbox.ts';
import type { CliOutput } from './staff-cli.ts';

const MAIL_USAGE = `Usage:
  npm run mail -- failed              (the mail given up after its last attempt, with its error)
  npm run mail -- retry --id ID       (send that mail again)
  npm run mail -- retry --all         (send every failed mail again)`;

/** At most this many are listed, newest first. */
const LIST_LIMIT = 200;

export async function runMailCommand(argv: string[], deps: { db: Database; out: CliOutput }): Promise<number> {
  const { db, out } = deps;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { id: { type: 'string' }, all: { type: 'boolean' } } });
  } catch (error) {
    out.error(`${(error as Error).message}\n${MAIL_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  const failed = and(isNotNull(mailOutbox.failedAt), isNull(mailOutbox.sentAt));

  if (command === 'failed') {
    const rows = await db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        attempts: mailOutbox.attempts,
        failedAt: mailOutbox.failedAt,
        error: mailOutbox.error,
      })
      .from(mailOutbox)
      .where(failed)
      .orderBy(desc(mailOutbox.failedAt))
      .limit(LIST_LIMIT);
    if (rows.length === 0) out.log('No failed mail.');
    for (const row of rows) {
      out.log(`${row.id}  ${row.failedAt?.toISOString()}  ${row.attempts} attempts  to ${row.to}  "${row.subject}"\n    ${row.error ?? '(no error recorded)'}`);
    }
    return 0;
  }

  if (command === 'retry' && (values.all || values.id)) {
    const which = values.all ? failed : and(failed, eq(mailOutbox.id, values.id!));
    if (!values.all && !/^[0-9a-f-]{36}$/i.test(values.id!)) return fail(out, `--id must be the id that "npm run mail -- failed" shows`);
    const retried = await db.transaction(async (tx) => {
      const rows = await tx
        .update(mailOutbox)
        .set({ failedAt: null, attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null, claimToken: null })
        .where(which)
        .returning({ id: mailOutbox.id });
      if (rows.length > 0) await tx.execute(sql`select ${wakeSenders}`);
      return rows.length;
    });
    if (retried === 0) return fail(out, values.all ? 'No failed mail.' : `No failed mail ${values.id}.`);
    out.log(
      `${retried} ${retried === 1 ? 'mail goes' : 'mails go'} out again with the next turn of the sender; "npm run mail -- failed" shows any that fail again.`,
    );
    return 0;
  }

  out.error(MAIL_USAGE);
  return 2;
}

function fail(out: CliOutput, message: string): number {
  out.error(message);
  return 1;
}
