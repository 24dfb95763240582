// The e-mails sent to one person, for an erasure: their outbox rows (deleted in the erasure's
// transaction) and, without SMTP, the .eml files written for them (removed after it commits).
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { emlFileFor } from './delivery.ts';

export type ErasedMail = { id: string; createdAt: Date };

/** Deletes every outbox row to the mailbox (services/mailbox.ts); answers them, for their files. */
export function deleteMailsTo(tx: Queryable, mailbox: string): Promise<ErasedMail[]> {
  return tx.delete(mailOutbox).where(eq(mailOutbox.mailbox, mailbox)).returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
}

/** Removes the .eml files of erased mails (none exist when the mail went out by SMTP). */
export async function removeEmlFiles(mailDir: string, mails: readonly ErasedMail[]): Promise<void> {
  await Promise.all(mails.map((mail) => rm(emlFileFor(mailDir, mail), { force: true })));
}
