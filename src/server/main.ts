// Starts the server: read config, migrate, listen, print where each market is, shut down cleanly.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { unsupportedRuntime } from './runtime.ts';
import { bootstrapMainAdmin } from './services/auth/bootstrap.ts';
import { purgeDailyQuotas } from './services/daily-quota.ts';
import { purgeTempPhotos, sweepLeftoverFiles } from './services/files/purge.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

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

  const app = await buildApp(config);
  await app.services.database.migrate();

  const purge = async () => {
    try {
      // Drafts first: a photo is kept exactly as long as a live draft refers to it.
      const drafts = await app.services.drafts.purgeExpired();
      const photos = await purgeTempPhotos(app.services.database.db, app.services.photos.dir);
      const captchas = await app.services.captcha.purgeExpired();
      const leftovers = await sweepLeftoverFiles(app.services.database.db, [app.services.photos.dir, app.services.certificates.dir]);
      await purgeDailyQuotas(app.services.database.db);
      await app.services.auth.purgeExpired();
      if (photos.length || captchas || drafts || leftovers.length) app.log.info({ photos: photos.length, captchas, drafts, leftovers: leftovers.length }, 'purged temporary uploads, leftover files, used captchas and expired drafts');
    } catch (error) {
      app.log.error({ err: error }, 'purge failed');
    }
  };
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  void purge();

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`\n${config.productName} is running:\n${marketUrls(config, port).map((u) => `  ${u}`).join('\n')}\n`);

  const bootstrapLink = await bootstrapMainAdmin(app.services.auth, { ...config, port });
  if (bootstrapLink) {
    console.log(
      `No staff account existed, so a main admin was created: ${config.staff.bootstrapAdminEmail}\n` +
        `Sign in once with this link (valid 24 hours, works once, in any browser):\n  ${bootstrapLink}\n` +
        `Then add staff with \`npm run staff -- add ...\`.\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    clearInterval(timer);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, then closes the database
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
