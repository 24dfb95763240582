// Outgoing e-mail is written to mail_outbox first, in the transaction of the change it reports
// (`enqueueMail`), and delivered afterwards by a sender (sender.ts) over SMTP (SMTP_URL) or, without
// SMTP, as .eml files under DATA_DIR/mail (delivery.ts). Each message is claimed with a lease before
// it is sent, so two servers never send it both; a failure is retried with back-off; after
// MAIL_MAX_ATTEMPTS it stays in the table as failed. Semantics: src/server/README.md "Mail".
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailSettings } from '../../config.ts';
import { rowsOf, type Database, type Queryable } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { mailboxOf } from '../mailbox.ts';
import { createMailDelivery, type MailAttachment, type OutboxMail } from './delivery.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

interface MailResult {
  id: string;
  sent: boolean;
  /** The .eml file written when there is no SMTP server. */
  file?: string;
}

/** What other modules send mail with (tests may stand in a fake). */
export interface Mailer {
  /**
   * Queues the message on its own (not in a transaction of the caller's) and tries to deliver it
   * at once; a failed try stays queued and is retried. For mail that reports a state change, use
   * `enqueueMail` in that change's transaction instead.
   */
  sendMail(message: MailMessage): Promise<MailResult>;
  close(): void | Promise<void>;
}

export interface OutboxMailer extends Mailer {
  /**
   * Claims and delivers every message that is due, batch by batch; resolves to how many were sent.
   * `stopping`: asked before each batch is claimed; true ends the pass there (a server shutting down
   * with a backlog of mail leaves the rest to the next start or to another server).
   */
  deliverDue(stopping?: () => boolean): Promise<number>;
  /** Waits for deliveries under way, then closes the SMTP transport. */
  close(): Promise<void>;
}

/**
 * What a message carries besides its body, made when it is delivered from what is stored then
 * (the 'received' e-mail's copy of the answers, decision 0067): never stored in the outbox.
 */
export type MailAttachments = (mail: OutboxMail) => Promise<MailAttachment[]>;

/** The NOTIFY channel that wakes the senders when queued mail is committed. */
export const OUTBOX_CHANNEL = 'mail_outbox';

const BATCH = 10;

/**
 * Queues a message in the caller's transaction: it is sent only if that transaction commits, and
 * then promptly (the NOTIFY reaches every server's sender at commit). Resolves to the outbox id.
 */
export async function enqueueMail(tx: Queryable, message: MailMessage): Promise<string> {
  const result = await tx.execute(sql`with queued as (${mailInsert(message)} returning id) select id, ${wakeSenders} from queued`);
  return rowsOf<{ id: string }>(result)[0]!.id;
}

/**
 * The outbox row of a message, as an insert for a statement that also does other work (a save's
 * one statement); that statement must also select `wakeSenders` once, as `enqueueMail` does.
 */
export const mailInsert = (message: MailMessage) =>
  sql`insert into mail_outbox ("to", mailbox, subject, text, html) values (${message.to}, ${mailboxOf(message.to)}, ${message.subject}, ${message.text}, ${message.html ?? null})`;

/** The NOTIFY that wakes every server's sender when the statement's transaction commits. */
export const wakeSenders = sql`pg_notify(${OUTBOX_CHANNEL}, '')`;

const claimColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  text: mailOutbox.text,
  html: mailOutbox.html,
  createdAt: mailOutbox.createdAt,
};
const leaseEnd = (settings: MailSettings) => sql`now() + ${settings.leaseMs} * interval '1 millisecond'`;

/** Claims up to BATCH due messages for this sender; rows another sender holds are skipped, not waited for. */
async function claimDue(db: Database, settings: MailSettings, token: string): Promise<OutboxMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ claimedUntil: leaseEnd(settings), claimToken: token, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(sql`${mailOutbox.id} in ${due}`)
    .returning(claimColumns);
}

/**
 * Sent, in the one statement that ends their claim; only those this sender still holds. The body
 * goes in the same statement: a delivered mail keeps no working link at rest (docs/decisions/0042),
 * only its record (recipient, subject, times, attempts). A message sent again after a crash (the
 * lease ran out before this statement) still has its body, since this statement did not run.
 */
async function markSent(db: Database, ids: string[], token: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, claimedUntil: null, claimToken: null, error: null, text: '', html: null })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.claimToken, token)));
}

/** Records the error; the next try waits retryBaseMs · 2^(attempts−1), capped; the last attempt marks it failed. */
async function markFailed(db: Database, settings: MailSettings, id: string, token: string, error: unknown): Promise<void> {
  const backOffMs = sql`least(${settings.retryBaseMs}::float8 * power(2, ${mailOutbox.attempts} - 1), ${settings.retryMaxMs}::float8)`;
  await db
    .update(mailOutbox)
    .set({
      error: String((error as Error)?.message ?? error).slice(0, 1000),
      claimedUntil: null,
      claimToken: null,
      nextAttemptAt: sql`now() + ${backOffMs} * interval '1 millisecond'`,
      failedAt: sql`case when ${mailOutbox.attempts} >= ${settings.maxAttempts} then now() end`,
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, token)));
}

export function createMailer(
  db: Database,
  settings: MailSettings,
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>,
  attachmentsOf?: MailAttachments,
): OutboxMailer {
  const delivery = createMailDelivery(settings);
  const underWay = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    underWay.add(work);
    void work.finally(() => underWay.delete(work)).catch(() => undefined);
    return work;
  };

  /** Hands each claimed message to delivery in turn; a failed one is recorded at once, the sent ones together at the end. */
  async function attempt(mails: OutboxMail[], token: string): Promise<MailResult[]> {
    const results: MailResult[] = [];
    for (const mail of mails) {
      // A copy that cannot be made does not hold the message back (decision 0067).
      const attachments = attachmentsOf
        ? await attachmentsOf(mail).catch((error: unknown) => {
            log?.error({ mailId: mail.id, err: error }, 'mail attachment not made');
            return [];
          })
        : [];
      try {
        const delivered = await delivery.deliver(mail, attachments);
        // By id only: the recipient is personal data, and the outbox row says who it was.
        log?.info({ mailId: mail.id, messageId: delivered.messageId }, 'mail sent');
        results.push({ id: mail.id, sent: true, file: delivered.file });
      } catch (error) {
        await markFailed(db, settings, mail.id, token, error);
        log?.error({ mailId: mail.id, err: error }, 'mail not sent');
        results.push({ id: mail.id, sent: false });
      }
    }
    // Accepted by the SMTP server: should this statement fail (or the process die first), the
    // lease runs out and the batch's sent messages are sent again, with the same Message-IDs. That
    // is the one window for a duplicate; one statement per batch instead of one per message
    // (a registration's 'received' e-mail cost a statement of its own).
    await markSent(
      db,
      results.filter((r) => r.sent).map((r) => r.id),
      token,
    );
    return results;
  }

  return {
    sendMail(message) {
      return track(
        (async () => {
          const token = randomUUID();
          // Inserted already claimed (first attempt counted), so no sender takes it meanwhile.
          const [mail] = await db
            .insert(mailOutbox)
            .values({
              to: message.to,
              mailbox: mailboxOf(message.to),
              subject: message.subject,
              text: message.text,
              html: message.html ?? null,
              attempts: 1,
              claimedUntil: leaseEnd(settings),
              claimToken: token,
            })
            .returning(claimColumns);
          return (await attempt([mail!], token))[0]!;
        })(),
      );
    },

    deliverDue(stopping = () => false) {
      return track(
        (async () => {
          let sent = 0;
          while (!stopping()) {
            const token = randomUUID();
            const batch = await claimDue(db, settings, token);
            if (batch.length === 0) return sent;
            sent += (await attempt(batch, token)).filter((r) => r.sent).length;
          }
          return sent;
        })(),
      );
    },

    async close() {
      await Promise.allSettled([...underWay]);
      delivery.close();
    },
  };
}
