// What the console commands share when they open the database themselves (run.ts decides when):
// config, a migrated database, the auth service, and a clean close.
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createAuthService } from '../services/auth/auth.ts';
import { consoleLinkBase } from '../services/auth/bootstrap.ts';
import { createApplicationCopies } from '../services/application-copy.ts';
import { createMailer } from '../services/mail/outbox.ts';
import { loadServerKeys, staffSecretBox } from '../services/server-keys.ts';

/**
 * The environment a command that opens the database with its keys (`npm run staff`, `npm run
 * seed:demo`) reads: production unless NODE_ENV says otherwise, as `npm start` runs the server.
 * On PostgreSQL it then needs the servers' keys, as they do, and never generates its own into the
 * database (config.ts keysMayBeGenerated); NODE_ENV=development is for a development database.
 */
export function commandEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, NODE_ENV: env.NODE_ENV || 'production' };
}

/** Refused (ConfigError) in production on PostgreSQL without the keys: a command never generates them there (services/server-keys.ts). */
export async function openCliContext(config: Config = loadConfig(commandEnvironment())) {
  const database = await openDatabase(config);
  let keys;
  try {
    await database.migrate();
    keys = await loadServerKeys(database.db, config);
  } catch (error) {
    await database.close();
    throw error;
  }
  // A command that delivers a 'received' e-mail attaches its copy as the server does (decision 0067).
  const mailer = createMailer(database.db, config.mail, undefined, createApplicationCopies(database.db, { productName: config.productName }).attachmentsOf);
  const auth = createAuthService(database.db, {
    mailer,
    box: staffSecretBox(keys),
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
