// Outgoing e-mail: every message is recorded in mail_outbox, then sent over SMTP (SMTP_URL)
// or, without SMTP, written as an .eml file under DATA_DIR/mail for a person or test to read.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailResult {
  id: string;
  sent: boolean;
  /** The .eml file written when there is no SMTP server. */
  file?: string;
}

export interface Mailer {
  sendMail(message: MailMessage): Promise<MailResult>;
  close(): void;
}

export function createMailer(
  db: Database,
  options: { smtpUrl: string | null; from: string; dir: string },
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async sendMail(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
        .returning({ id: mailOutbox.id });
      const id = row!.id;
      try {
        const info = await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        let file: string | undefined;
        if (!options.smtpUrl) {
          await mkdir(options.dir, { recursive: true });
          file = path.join(options.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
          await writeFile(file, (info as unknown as { message: Buffer }).message);
        }
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
        // By id only: the recipient is personal data, and the outbox row says who it was.
        log?.info({ mailId: id, messageId: info.messageId }, 'mail sent');
        return { id, sent: true, file };
      } catch (error) {
        await db.update(mailOutbox).set({ error: String((error as Error).message).slice(0, 1000) }).where(eq(mailOutbox.id, id));
        log?.error({ mailId: id, err: error }, 'mail not sent');
        return { id, sent: false };
      }
    },
    close() {
      transport.close();
    },
  };
}
