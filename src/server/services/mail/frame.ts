// What every e-mail we send carries besides its own words (issue 39 item 4, docs/decisions/0061):
// replies go to the operator's support address (MAIL_FROM is a no-reply address), it says it was
// sent automatically (Auto-Submitted, RFC 3834, so that auto-responders stay quiet), and it ends
// with the operator's name and postal address and the support address, which the HTML part makes a
// mailto: link wherever it appears. Added at delivery, so no kind of mail can go without it; the
// footer is in the mail's own language, the `lang` of its HTML part.
import type { OperatorDetails } from '#shared/api/site-config.ts';
import { isLanguage, type Language } from '#shared/markets.ts';
import { texts } from '../texts.ts';
import { escapeHtml } from '../tokens.ts';

export type MailOperator = Pick<OperatorDetails, 'company' | 'address' | 'supportEmail'>;

export interface FramedMail {
  text: string;
  html: string | null;
  replyTo?: string;
  headers: Record<string, string>;
}

/** The language of a mail: its HTML part's `lang` (every mail we write has one); English without. */
function mailLanguage(html: string | null): Language {
  const lang = html && /<html[^>]*\slang="([a-z]{2})/i.exec(html)?.[1]?.toLowerCase();
  return isLanguage(lang) ? lang : 'en';
}

/** The support address as a mailto: link in the HTML's text, except where it is already inside a link. */
function linkSupport(html: string, support: string): string {
  const address = escapeHtml(support);
  const link = `<a href="mailto:${address}">${address}</a>`;
  let inLink = false;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) inLink = true;
        else if (/^<\/a\s*>/i.test(part)) inLink = false;
        return part;
      }
      return inLink ? part : part.split(address).join(link);
    })
    .join('');
}

export function frameMail(mail: { text: string; html: string | null }, operator: MailOperator): FramedMail {
  const support = operator.supportEmail.trim();
  const t = texts(mailLanguage(mail.html));
  // The footer's last line: that the mail was sent automatically, and where a reply goes.
  const lines = [operator.company.trim(), operator.address.trim(), support ? t('mail.footer.sentWithSupport', { support }) : t('mail.footer.sent')].filter(
    Boolean,
  );
  // "-- " is the signature separator: mail programs show what follows as the signature.
  const text = `${mail.text.trimEnd()}\n\n-- \n${lines.join('\n')}\n`;
  let html = mail.html;
  if (html !== null) {
    const footer = `<hr style="border:none;border-top:1px solid #ccc;margin-top:2em"><p style="font-size:0.875em;color:#555">${lines.map(escapeHtml).join('<br>')}</p>`;
    html = /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${footer}</body>`) : `${html}${footer}`;
    if (support) html = linkSupport(html, support);
  }
  return { text, html, ...(support ? { replyTo: support } : {}), headers: { 'Auto-Submitted': 'auto-generated' } };
}
