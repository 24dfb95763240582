// The background sender of one server: delivers queued mail at once when a transaction that
// queued some commits (LISTEN on the outbox channel), and every pollMs for retries, for mail
// queued while it was down, and in case a notification was missed. Runs one delivery pass at a time.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { OUTBOX_CHANNEL, type OutboxMailer } from './outbox.ts';

export interface MailSender {
  /** Starts a delivery pass now (or right after the one under way). */
  wake(): void;
  /** Stops listening and polling, and waits for the pass under way. */
  stop(): Promise<void>;
}

export async function startMailSender(options: {
  database: Pick<DatabaseHandle, 'listen'>;
  mailer: OutboxMailer;
  pollMs: number;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}): Promise<MailSender> {
  const { mailer, log } = options;
  let stopped = false;
  let pass: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = stopped ? null : setTimeout(wake, options.pollMs);
  };

  function wake() {
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    pass = (async () => {
      do {
        again = false;
        if (!unlisten) await listen();
        try {
          await mailer.deliverDue(() => stopped);
        } catch (error) {
          log?.error({ err: error }, 'mail delivery pass failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      pass = null;
      schedule();
    });
  }

  async function listen() {
    try {
      unlisten = await options.database.listen(OUTBOX_CHANNEL, wake, (error) => {
        log?.warn({ err: error }, 'mail notifications lost; polling until listening again');
        unlisten = null;
      });
    } catch (error) {
      log?.warn({ err: error }, 'cannot listen for mail notifications; polling');
    }
  }

  await listen();
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await pass;
      await unlisten?.().catch(() => undefined);
      unlisten = null;
    },
  };
}
