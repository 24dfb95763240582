import { describe, expect, it } from 'vitest';
import { mailboxOf, untaggedMailboxOf } from './mailbox.ts';

describe('mailboxOf', () => {
  it('folds letter case and an internationalised domain in either form, and keeps a +tag: another mailbox', () => {
    expect(mailboxOf(' Anna+1@Example.com ')).toBe('anna+1@example.com');
    expect(mailboxOf('anna+x@bücher.de')).toBe('anna+x@xn--bcher-kva.de');
    expect(mailboxOf('Anna@BÜCHER.de')).toBe('anna@xn--bcher-kva.de');
    expect(mailboxOf('anna@xn--bcher-kva.de')).toBe('anna@xn--bcher-kva.de');
  });
});

describe('untaggedMailboxOf', () => {
  it('counts +tags, letter case and an internationalised domain in either form as one mailbox', () => {
    expect(untaggedMailboxOf(' Anna+1@Example.com ')).toBe('anna@example.com');
    expect(untaggedMailboxOf('anna+x@bücher.de')).toBe('anna@xn--bcher-kva.de');
    expect(untaggedMailboxOf('anna@xn--bcher-kva.de')).toBe('anna@xn--bcher-kva.de');
    expect(untaggedMailboxOf('+only@example.com')).toBe('+only@example.com');
  });
});
