// Starts the server: read config, lock the embedded database, migrate, listen, print where each
// market is, open the local admin channel for the console commands, shut down cleanly.
import { buildApp } from './app.ts';
import { startAdminChannel, type AdminChannel } from './cli/admin-channel.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { acquireDatabaseLock, describeHolder, type DatabaseLock } from './db/lock.ts';
import { serializeError } from './http/log-serializers.ts';
import { offlineServiceWarnings } from './offline-service-warnings.ts';
import { unsupportedRuntime } from './runtime.ts';
import { bootstrapMainAdmin, consoleLinkBase } from './services/auth/bootstrap.ts';
import { moveFilesIntoDatabase } from './services/files/move-into-database.ts';
import { startScheduler } from './services/scheduled-jobs.ts';
import { erasureRewriteJob } from './services/vacuum.ts';
import { finderFeedPruneJob } from './services/finder-feed.ts';
import { upkeepJob } from './services/upkeep.ts';
import { embeddedAnalyzeJob } from './services/embedded-upkeep.ts';
import { joinsDigestJob } from './services/field-force/joins-digest.ts';
import { reviewDigestJob } from './services/review/review-digest.ts';
import { scheduledBackupJob } from './services/scheduled-backup.ts';
import { releaseMemory, releaseMemoryWhenQuiet } from './process-settings.ts';
import { exampleSettingWarnings } from './startup-warnings.ts';
import { DATA_DIR_TIGHTENED, protectDataDir } from './data-dir.ts';

/** On SIGTERM, requests in flight get this long to finish; connections still open then are closed. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** Closing the database and the rest after the deadline; a process still alive then exits 1. */
const SHUTDOWN_GRACE_MS = 5_000;

/** The embedded database's lock, or null when there is nothing to lock (PostgreSQL, in memory). */
function lockDatabase(config: Config): DatabaseLock | null {
  if (config.database.kind !== 'pglite' || !config.database.dataDir) return null;
  const attempt = acquireDatabaseLock(config.database.dataDir, 'server');
  if (!attempt.ok) {
    console.error(
      `${describeHolder(attempt.holder, config.database.dataDir)}\n` +
        (attempt.holder.role === 'server'
          ? 'This server was not started. Staff commands (`npm run staff`, `npm run seed:demo`) work through the running server; to run several servers, use PostgreSQL (DATABASE_URL).'
          : 'This server was not started: start it again when the command has finished.'),
    );
    process.exit(1);
  }
  // Released however the process ends, except SIGKILL; then the next start takes the stale lock over.
  process.once('exit', () => attempt.lock.release());
  return attempt.lock;
}

let closing = false;

function marketUrls(config: Config, port: number): string[] {
  const base = `http://localhost:${port}`;
  const urls = [`${base}/uk`, `${base}/it`, `${base}/de`];
  for (const [host, country] of config.marketHosts) urls.push(`http://${host}:${port}/  (${country})`);
  return urls;
}

async function main() {
  const runtimeProblem = unsupportedRuntime();
  if (runtimeProblem) {
    console.error(runtimeProblem);
    process.exit(1);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Before anything is written there: the data folder is the server user's alone.
  const openEntries = protectDataDir(config.dataDir);
  const lock = lockDatabase(config);
  const app = await buildApp(config);
  if (openEntries > 0) app.log.warn({ dataDir: config.dataDir, tightened: openEntries }, DATA_DIR_TIGHTENED);
  if (config.production) for (const warning of exampleSettingWarnings(config)) app.log.warn(warning);
  for (const warning of offlineServiceWarnings(config)) app.log.warn(warning);

  // Files an earlier version kept under DATA_DIR/files move into the database, once.
  await moveFilesIntoDatabase(app.services.database.db, config.dataDir, app.log);

  // Background jobs: each turn runs on one server of the fleet (services/scheduled-jobs.ts).
  const { db } = app.services.database;
  // On PostgreSQL the tables an erasure touched are rewritten daily (on PGlite right after it: vacuum.ts).
  const embeddedJobs = config.database.kind === 'pglite' ? [embeddedAnalyzeJob(db, app.log)] : [erasureRewriteJob(db, app.log)];
  const backupJobs = config.backup.dir ? [scheduledBackupJob(app, config)] : [];
  const scheduler = startScheduler(
    db,
    [
      upkeepJob(app, config),
      joinsDigestJob(app, config),
      reviewDigestJob(app, config),
      finderFeedPruneJob(db, config.finderFeedDays, app.log),
      ...embeddedJobs,
      ...backupJobs,
    ],
    app.log,
  );

  // Stop signals are handled from here on, so that a stop during start-up still closes the database.
  let admin: AdminChannel | null = null;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    app.services.lifecycle.draining = true;
    const cutOff = setTimeout(() => {
      app.log.warn('shutdown deadline reached: closing the connections still open');
      app.server.closeAllConnections();
    }, SHUTDOWN_DEADLINE_MS);
    const giveUp = setTimeout(() => {
      app.log.error('shutdown did not finish: exiting without a clean close');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS + SHUTDOWN_GRACE_MS);
    cutOff.unref();
    giveUp.unref();
    try {
      await admin?.close();
      await scheduler.stop();
      await app.close(); // stops accepting, waits for in-flight requests, then closes the database
      lock?.release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (closing) return;
  admin = await startAdminChannel({ db: app.services.database.db, auth: app.services.auth, linkBase: consoleLinkBase({ ...config, port }), log: app.log });
  lock?.setAdmin({ port: admin.port, secret: admin.secret });

  // The "is running" line comes last: whoever waits for it (an operator, a test) finds everything ready.
  const bootstrapLink = await bootstrapMainAdmin(app.services.auth, { ...config, port });
  // Start-up's garbage (migrations, the modules' loading) would otherwise sit in the heap until
  // V8 needs the room: given back now, and again whenever the server goes quiet after requests.
  releaseMemory();
  releaseMemoryWhenQuiet(app.server);
  console.log(
    `\n${config.productName} is running:\n${marketUrls(config, port)
      .map((u) => `  ${u}`)
      .join('\n')}\n`,
  );
  if (bootstrapLink) {
    console.log(
      `No staff account existed, so a main admin was created: ${config.staff.bootstrapAdminEmail}\n` +
        `Sign in once with this link (valid 24 hours, works once, in any browser):\n  ${bootstrapLink}\n` +
        `Then add staff with \`npm run staff -- add ...\` in another terminal, while this server runs.\n`,
    );
  }
}

main().catch((error: unknown) => {
  if (closing) return; // a stop signal during start-up: shutdown() decides the exit code
  // Through the log serializer: a failed migration or query must not print its parameters.
  console.error('The server could not start:', serializeError(error));
  process.exit(1);
});
