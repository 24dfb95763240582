// Upgrades (issue 37 item 4, docs/decisions/0047): migrations stay compatible with the previous
// release's server, so a fleet can be upgraded one server at a time and a new release rolled back.
// The previous release (docs/releases.json) is taken from this repository's history, started on a
// database migrated by this release, and must answer and take an application.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { SERVER_NODE_FLAGS, serverEnvironment } from './process-settings.ts';
import { solvedTokensFrom } from './test/bot-check.ts';
import { validApplication } from './test/payloads.ts';
import { freePort, REPO_ROOT } from './test/server-process.ts';

interface Release {
  version: string;
  commit: string;
}
const releases = JSON.parse(readFileSync(path.join(REPO_ROOT, 'docs', 'releases.json'), 'utf8')) as Release[];
const previous = releases.at(-1)!;

const work = mkdtempSync(path.join(tmpdir(), 'champions-previous-'));
const tree = path.join(work, 'release');
const dataDir = path.join(work, 'data');
let stop = async () => {};

beforeAll(async () => {
  // The previous release's files as they were committed, with today's installed packages.
  execFileSync('mkdir', ['-p', tree]);
  try {
    execFileSync('sh', ['-c', `git -C "$0" archive "$1" | tar -x -C "$2"`, REPO_ROOT, previous.commit, tree]);
  } catch (error) {
    throw new Error(`release ${previous.version} (commit ${previous.commit}, docs/releases.json) is not in this clone's history: clone the whole repository`, {
      cause: error,
    });
  }
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(tree, 'node_modules'));
  // This release's schema.
  const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  await database.migrate();
  await database.close();
}, 120_000);
afterAll(async () => {
  await stop();
  rmSync(work, { recursive: true, force: true });
});

describe(`the previous release (${previous.version})`, () => {
  it("answers on this release's schema and takes an application", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const env = serverEnvironment({
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      CAPTCHA_MAX_NUMBER: '1000',
      WEB_DIST: path.join(work, 'no-web'),
    });
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], { cwd: tree, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    stop = async () => {
      child.kill('SIGTERM');
      await exited;
    };
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        () =>
          fetch(`${url}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 90_000, interval: 250 },
      )
      .toBe(200);
    expect((await (await fetch(`${url}/readyz`)).json()) as Record<string, unknown>).toMatchObject({ status: 'ok' });

    const [recaptchaToken] = await solvedTokensFrom(url, 1);
    const saved = await fetch(`${url}/api/save-pharmacist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validApplication({ country: 'uk' }, { recaptchaToken })),
    });
    expect(saved.status, output).toBe(200);
    expect(((await saved.json()) as { status: string }).status).toBe('ok');
  });
});
