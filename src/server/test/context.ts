// Test harness: a real app on a fresh database per test file. Embedded in-memory PGlite by
// default; with TEST_DB=postgres and TEST_DATABASE_URL=postgres://... a uniquely named
// PostgreSQL database that is created here and dropped afterwards (`npm run test:api:postgres`).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export const usingPostgres = () => process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `champions_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestContext(overrides: Partial<Config> = {}, options: Omit<BuildOptions, 'database'> = {}): Promise<TestContext> {
  let config = testConfig(overrides);
  let dropDatabase = async () => {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (usingPostgres() && adminUrl) {
    const created = await createPostgresDatabase(adminUrl);
    config = { ...config, database: { kind: 'postgres', url: created.url } };
    dropDatabase = created.drop;
  }
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp(config, { ...options, database });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/** Solves a challenge from the server as the widget would, and encodes it as the widget does. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

/** POST /api/save-temp-pharmacist-image as the photo input sends it: the image and its own solved bot check. */
export async function uploadPhoto(app: FastifyInstance, data: unknown, extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/api/save-temp-pharmacist-image', payload: { data, recaptchaToken: await solveCaptcha(app), ...extra } });
}

let counter = 0;
/** A valid UK application; each call gets its own e-mail and registration number unless given. */
export function ukApplication(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const unique = `${process.pid % 1000}${counter}`.padStart(4, '0').slice(-6);
  return {
    email: `pharmacist${unique}@example.co.uk`,
    firstName: 'Amelia',
    lastName: "O'Brien",
    professionalRegistrationNumber: `2${unique}`.slice(0, 7),
    areYouLocum: 'no',
    whereDidYouFindOutAboutUs: 'email',
    placeId: 'fixture:uk:001',
    lat: 53.4,
    lng: -2.99,
    address: '84 Bold Street, Liverpool L1 4DJ, United Kingdom',
    whereYouWork: 'Bold Street Chemist',
    services: 'Flu jabs, blood pressure checks',
    anythingElseAboutYou: 'Ten years in community pharmacy.',
    haveYouCompleted: 'yes',
    additionalTrainingNotes: '',
    isChecked: true,
    agreementCheck1: true,
    agreementCheck2: true,
    agreementCheck3: true,
    agreementCheck4: true,
    agreementCheck5: true,
    appStoreCountry: 'uk',
    formLanguage: 'en',
    ...overrides,
  };
}

/** A valid German three-step application (text fields only; the certificate travels as the file part). */
export function germanApplication(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const unique = `${process.pid % 1000}${counter}`.padStart(4, '0').slice(-6);
  return {
    haveYouCompleted: 'yes',
    placeId: 'fixture:de:001',
    lat: '52.52',
    lng: '13.405',
    address: 'Friedrichstraße 100, 10117 Berlin, Deutschland',
    whereYouWork: 'Apotheke am Bahnhof',
    services: 'Impfungen, Medikationsanalyse',
    email: `apotheker${unique}@example.de`,
    firstName: 'Jürgen',
    lastName: 'Müller-Lüdenscheidt',
    bodyOfRegistration: 'Apothekerkammer Berlin',
    professionalRegistrationNumber: `3${unique}`.slice(0, 7),
    isChecked: 'true',
    willUpateGoogleMapsEntry: 'true',
    howDidYouFindAboutTheProgram: 'MY EMPLOYER',
    agreementCheck1: 'on',
    agreementCheck2: 'on',
    agreementCheck3: 'on',
    agreementCheck4: 'on',
    agreementCheck5: 'on',
    appStoreCountry: 'de',
    formLanguage: 'de',
    ...overrides,
  };
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
