// Test harness: a real app on a fresh database per test file. Embedded in-memory PGlite by
// default; with TEST_DB=postgres and TEST_DATABASE_URL=postgres://... a uniquely named
// PostgreSQL database that is created here and dropped afterwards (`npm run test:api:postgres`).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { solveCaptcha } from './bot-check.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { createTempDatabase } from './postgres.ts';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export const usingPostgres = () => process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabase {
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file, and the config that names it: PGlite (in memory,
 * from the migrated template when vitest made one), or a
 * temporary PostgreSQL database made through `postgresAdminUrl` (by default when the run is on
 * PostgreSQL; `null` asks for PGlite whatever TEST_DB says).
 */
export async function createTestDatabase(
  overrides: Partial<Config> = {},
  postgresAdminUrl: string | null | undefined = usingPostgres() ? process.env.TEST_DATABASE_URL : undefined,
): Promise<TestDatabase> {
  let config = testConfig(overrides);
  let dropDatabase = async () => {};
  if (postgresAdminUrl) {
    const created = await createTempDatabase(postgresAdminUrl, 'champions_test');
    config = { ...config, database: { kind: 'postgres', url: created.url } };
    dropDatabase = created.drop;
  }
  const inMemory = config.database.kind === 'pglite' && config.database.dataDir === null;
  const database = await openDatabase(config, inMemory ? { template: pgliteTemplate() } : {});
  // From the template there is nothing left to apply: the migrator only checks.
  await database.migrate();
  return {
    config,
    database,
    async close() {
      await database.close();
      await dropDatabase();
    },
  };
}

/** The app on a fresh database (createTestDatabase), ready for `app.inject`. */
export async function createTestContext(
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'database'> = {},
  postgresAdminUrl?: string | null,
): Promise<TestContext> {
  const { config, database, close } = await createTestDatabase(overrides, postgresAdminUrl);
  const app = await buildApp(config, { ...options, database });
  await app.ready();
  // The 'received' e-mail's copy loads pdf-lib with its first delivery (decision 0067), up to a
  // second on a loaded machine: loaded here, so that a test waiting for a mail does not wait for it.
  await import('pdf-lib');
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await close();
    },
  };
}

/** POST /api/save-temp-pharmacist-image as the photo input sends it: the image and its own solved bot check. */
export async function uploadPhoto(app: FastifyInstance, data: unknown, extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/api/save-temp-pharmacist-image', payload: { data, recaptchaToken: await solveCaptcha(app), ...extra } });
}

/** A minimal built web app in a temp dir, standing in for dist/web. */
export function fixtureWebDist(dataDir: string): string {
  const dir = path.join(dataDir, 'web');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Pharmacy Champions</title><!--site-config--></head>\n<body><div id="root"></div><script type="module" src="/assets/main-abc123.js"></script></body>\n</html>\n',
  );
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log("hi");\n');
  return dir;
}
