// What the console commands share when they open the database themselves (run.ts decides when):
// config, a migrated database, the auth service, and a clean close.
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createAuthService } from '../services/auth/auth.ts';
import { consoleLinkBase } from '../services/auth/bootstrap.ts';
import { createSecretBox } from '../services/auth/secret-box.ts';
import { createMailer } from '../services/mail/outbox.ts';
import { loadServerKeys } from '../services/server-keys.ts';

export async function openCliContext(config: Config = loadConfig()) {
  const database = await openDatabase(config);
  await database.migrate();
  const keys = await loadServerKeys(database.db, config);
  const mailer = createMailer(database.db, config.mail);
  const auth = createAuthService(database.db, {
    mailer,
    box: createSecretBox(keys.staffSecretKey),
    productName: config.productName,
    idleMinutes: config.staff.idleMinutes,
    absoluteHours: config.staff.absoluteHours,
    now: () => new Date(),
  });
  return {
    config,
    db: database.db,
    auth,
    linkBase: consoleLinkBase(config),
    async close() {
      await mailer.close();
      await database.close();
    },
  };
}
