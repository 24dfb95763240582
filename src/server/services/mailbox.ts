// One person's mailbox, however the address is spelt: what the draft caps count and what data
// rights match (applications, field pharmacies, drafts, outbox rows).
import { domainToASCII } from 'node:url';

/**
 * The mailbox an address delivers to, for counting: lower-cased, "+tag" removed from the local
 * part, an internationalised domain in its ASCII (punycode) form, so `bücher.de` and
 * `xn--bcher-kva.de` are one mailbox. Nothing more (no Gmail dot rule): providers differ, and a
 * +tag is the common trick.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  const domain = address.slice(at + 1);
  return `${plus > 0 ? local.slice(0, plus) : local}@${domainToASCII(domain) || domain}`;
}
