import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, type Database } from '../../db/client.ts';
import { pgliteForDrizzle } from '../../db/pglite-for-drizzle.ts';
import { schema } from '../../db/schema.ts';
import type { MailMessage, Mailer } from '../mail/outbox.ts';
import { createAuthService, LINKS_PER_EMAIL_PER_15_MINUTES, type AuthService } from './auth.ts';
import { createSecretBox } from './secret-box.ts';

// Every statement the auth service sends to the database, as text (parameters left out).
const statements: string[] = [];
const mailed: MailMessage[] = [];
let client: PGlite;
let auth: AuthService;

beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
  const recording = new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, ...rest: unknown[]) => {
          statements.push(query);
          return (target.query as (...args: unknown[]) => unknown)(query, ...rest);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const db = drizzle(pgliteForDrizzle(recording), { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const mailer: Mailer = {
    sendMail: async (message) => {
      mailed.push(message);
      return { id: String(mailed.length), sent: true };
    },
    close: () => {},
  };
  auth = createAuthService(db as unknown as Database, {
    mailer,
    box: createSecretBox(randomBytes(32)),
    productName: 'Pharmacy Champions',
    idleMinutes: 30,
    absoluteHours: 12,
    now: () => new Date(),
  });
});
afterAll(async () => {
  await client?.close();
});

const actor = { ip: '192.0.2.1', userAgent: 'test' };

/** The statements one link request sends, and whether it finished before any mail was written. */
async function statementsOfRequest(email: string) {
  statements.length = 0;
  const mailsBefore = mailed.length;
  await auth.requestLink({ email, returnTo: null, origin: 'http://localhost:3000', basePath: '/it', binding: 'b'.repeat(43) }, actor);
  const answeredBeforeMail = mailed.length === mailsBefore;
  const sent = [...statements];
  await auth.settled();
  return { sent, answeredBeforeMail, mails: mailed.length - mailsBefore };
}

describe('requestLink', () => {
  it('does the same database work for a known, an unknown, a disabled and a throttled address, and mails after answering', async () => {
    await auth.users.add({ email: 'known@example.it', firstName: 'Anna', lastName: 'Verdi', role: 'area_manager' });
    await auth.users.add({ email: 'gone@example.it', firstName: 'Bruno', lastName: 'Neri', role: 'sales_rep' });
    await auth.users.add({ email: 'busy@example.it', firstName: 'Carla', lastName: 'Rossi', role: 'sales_rep' });
    await auth.users.disable('gone@example.it');
    for (let i = 0; i < LINKS_PER_EMAIL_PER_15_MINUTES; i++) await statementsOfRequest('busy@example.it');

    const known = await statementsOfRequest('known@example.it');
    expect(known.mails).toBe(1);
    expect(known.answeredBeforeMail).toBe(true);
    expect(known.sent.length).toBeGreaterThanOrEqual(4);
    for (const other of ['nobody@example.it', 'gone@example.it', 'busy@example.it']) {
      const result = await statementsOfRequest(other);
      expect(result.mails, other).toBe(0);
      expect(result.sent, other).toEqual(known.sent);
    }
  });
});
