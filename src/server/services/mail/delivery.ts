// Hands one outbox message to SMTP (SMTP_URL) or, without SMTP, writes it as an .eml file.
// Both are repeatable: the Message-ID and the file name come from the outbox row, so a message sent
// again after a crash is recognisably the same one (and overwrites its own file).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { MAIL_SMTP_TIMEOUT_MS, type MailSettings } from '../../config.ts';
import { frameMail } from './frame.ts';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface Delivered {
  messageId: string;
  file?: string;
}

/** The Message-ID of an outbox row: its id at the sender's domain. */
function messageIdFor(id: string, from: string): string {
  const domain = /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? 'pharmacy-champions.invalid';
  return `<${id}@${domain}>`;
}

/** The .eml file of an outbox row (sorted by when it was queued). */
export function emlFileFor(dir: string, mail: Pick<OutboxMail, 'id' | 'createdAt'>): string {
  return path.join(dir, `${mail.createdAt.toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
}

export function createMailDelivery(settings: Pick<MailSettings, 'smtpUrl' | 'from' | 'dir' | 'operator'>) {
  // nodemailer loads with the first message to send, not at start (issue 27).
  let transport: Promise<Transporter> | null = null;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      settings.smtpUrl
        ? nodemailer.createTransport({
            url: settings.smtpUrl,
            connectionTimeout: MAIL_SMTP_TIMEOUT_MS,
            greetingTimeout: MAIL_SMTP_TIMEOUT_MS,
            socketTimeout: MAIL_SMTP_TIMEOUT_MS,
          })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));

  return {
    async deliver(mail: OutboxMail, attachments: readonly MailAttachment[] = []): Promise<Delivered> {
      const messageId = messageIdFor(mail.id, settings.from);
      const framed = frameMail(mail, settings.operator);
      const info = await (
        await transportOf()
      ).sendMail({
        from: settings.from,
        to: mail.to,
        replyTo: framed.replyTo,
        subject: mail.subject,
        text: framed.text,
        html: framed.html ?? undefined,
        headers: framed.headers,
        attachments: attachments.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
        messageId,
        date: mail.createdAt,
      });
      if (settings.smtpUrl) return { messageId };
      const file = emlFileFor(settings.dir, mail);
      const message = (info as unknown as { message: Buffer }).message;
      // The folder is made when a write finds it missing, not before every message.
      // Private to the server's user, whatever the process's umask (src/server/data-dir.ts).
      await writeFile(file, message, { mode: 0o600 }).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(settings.dir, { recursive: true, mode: 0o700 });
        await writeFile(file, message, { mode: 0o600 });
      });
      return { messageId, file };
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}
