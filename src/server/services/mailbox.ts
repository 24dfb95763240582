// One person's mailbox, however the address is spelt: what data rights match (applications, field
// pharmacies, drafts, outbox rows, data-rights links) and, without its +tag, what the daily caps
// count and what the review desk flags as a possible duplicate (docs/decisions/0063).
import { domainToASCII } from 'node:url';
import { eq, like, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The mailbox an address proves: lower-cased, an internationalised domain in its ASCII (punycode)
 * form, so `bücher.de` and `xn--bcher-kva.de` are one mailbox. A +tag is kept: on mail systems where
 * `+` is not sub-addressing, `name+tag@` and `name@` are two people, and a link sent to one must
 * never show or erase the other's data.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  return `${address.slice(0, at)}@${domainToASCII(domain) || domain}`;
}

/**
 * The mailbox without its +tag, for counting and for a reviewer's hint only (never whose data is
 * whose): the caps count `name+1@` and `name+2@` as one, the review desk shows them side by side.
 * Nothing more (no Gmail dot rule): providers differ, and a +tag is the common trick.
 */
export function untaggedMailboxOf(email: string): string {
  const mailbox = mailboxOf(email);
  const at = mailbox.lastIndexOf('@');
  const plus = mailbox.indexOf('+');
  return plus > 0 && plus < at ? `${mailbox.slice(0, plus)}${mailbox.slice(at)}` : mailbox;
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A mailbox column (as `mailboxOf` writes it) holds `email`'s untagged mailbox or a +tag spelling of it. */
export function sameUntaggedMailbox(column: PgColumn, email: string): SQL {
  const untagged = untaggedMailboxOf(email);
  const at = untagged.lastIndexOf('@');
  if (at <= 0 || untagged.startsWith('+')) return eq(column, untagged);
  return or(eq(column, untagged), like(column, `${likeLiteral(untagged.slice(0, at))}+%${likeLiteral(untagged.slice(at))}`))!;
}
