import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.ts';

describe('mailboxOf', () => {
  it('counts +tags, letter case and an internationalised domain in either form as one mailbox', () => {
    expect(mailboxOf(' Anna+1@Example.com ')).toBe('anna@example.com');
    expect(mailboxOf('anna+x@bücher.de')).toBe('anna@xn--bcher-kva.de');
    expect(mailboxOf('anna@xn--bcher-kva.de')).toBe('anna@xn--bcher-kva.de');
    expect(mailboxOf('+only@example.com')).toBe('+only@example.com');
  });
});
