// A real SMTP server for delivery tests (the `smtp-server` package) on 127.0.0.1 and an ephemeral
// port, which it keeps across stop() and start() so that SMTP_URL stays the same while it is down.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  raw: string;
  messageId: string;
  to: string[];
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Each Message-ID received, with how many times. */
  countsById(): Map<string, number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | null = null;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({ raw, messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '', to: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  };

  await listen();
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    countsById() {
      const counts = new Map<string, number>();
      for (const mail of received) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return counts;
    },
    start: listen,
    async stop() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
