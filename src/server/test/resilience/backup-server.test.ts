// Backup and restore with the real server as a child process (issue #21 acceptance): a backup taken
// while the server serves, through its admin channel; a restore under the running server refused
// with nothing changed; a restore into an empty DATA_DIR, and a server started on it serves the
// same application and photo. A backup into a missing folder makes it; one that cannot be made is
// said in one sentence before the server is asked for anything.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedTokensFrom } from '../bot-check.ts';
import { linkIn, mailsTo } from '../mail.ts';
import { ukApplication } from '../payloads.ts';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../server-process.ts';

const work = mkdtempSync(path.join(tmpdir(), 'champions-backup-server-'));
const sourceDir = path.join(work, 'source');
const restoredDir = path.join(work, 'restored');
const backupFile = path.join(work, 'serving.backup.gz');

/** `npm run backup|restore -- args` on a DATA_DIR, as an operator runs it. */
function script(name: 'backup' | 'restore', dataDir: string, args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
  return spawnSync(process.execPath, [`scripts/${name}.ts`, ...args], { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 120_000 });
}

/** The applicant's edit token, as they get it: "e-mail me a link", then the link in the .eml the server writes. */
async function editTokenFor(url: string, email: string, recaptchaToken: string): Promise<string> {
  const asked = await fetch(`${url}/api/update-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, recaptchaToken, basePath: '/uk' }),
  });
  expect(asked.status).toBe(200);
  for (let attempt = 0; attempt < 100; attempt++) {
    const link = mailsTo(path.join(sourceDir, 'mail'), email)
      .map((mail) => linkIn(mail, /\/pharmacist\/edit\/[A-Za-z0-9_-]+/))
      .find(Boolean);
    if (link) return link.split('/').at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no edit link was mailed');
}

let source: ServerProcess | null = null;
let restored: ServerProcess | null = null;
let editToken: string;
let photoUrl: string;
let application: unknown;
let photo: Buffer;

beforeAll(async () => {
  source = await startServerProcess({ dataDir: sourceDir, timeoutMs: 120_000 });
  const [photoToken, saveToken, linkToken] = await solvedTokensFrom(source.url, 3);
  const png = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const uploaded = await fetch(`${source.url}/api/save-temp-pharmacist-image`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: png.toString('base64'), recaptchaToken: photoToken }),
  });
  expect(uploaded.status).toBe(200);
  const { filename, target_id: photoId } = (await uploaded.json()) as { filename: string; target_id: string };
  const payload = ukApplication({ photo: filename, photoId });
  const saved = await fetch(`${source.url}/api/save-pharmacist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...payload, recaptchaToken: saveToken }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  editToken = await editTokenFor(source.url, String(payload.email), linkToken!);
  application = await (await fetch(`${source.url}/api/get-pharmacist?id=${encodeURIComponent(editToken)}`)).json();
  photoUrl = `/files/photos/${filename}?token=${encodeURIComponent(editToken)}`;
  const served = await fetch(`${source.url}${photoUrl}`);
  expect(served.status).toBe(200);
  photo = Buffer.from(await served.arrayBuffer());
}, 180_000);

afterAll(async () => {
  await source?.stop();
  await restored?.stop();
});

describe('backup and restore beside a running server on the embedded database', () => {
  it('takes a backup while the server serves, through its admin channel', { timeout: 120_000 }, async () => {
    const health = setInterval(() => void fetch(`${source!.url}/healthz`).catch(() => undefined), 50);
    const run = script('backup', sourceDir, ['--out', backupFile]);
    clearInterval(health);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Backup written: .*serving\.backup\.gz .*pglite at migration/);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    // The server holds the lock throughout, so the backup can only have come through its channel.
    expect((await fetch(`${source!.url}/healthz`)).status).toBe(200);
  });

  it(
    'makes a missing --out folder (0700) through the running server, or says in one sentence why not; the server logs no cut-off backup',
    { timeout: 120_000 },
    async () => {
      const nested = path.join(work, 'missing', 'deeper', 'serving.backup.gz');
      const made = script('backup', sourceDir, ['--out', nested]);
      expect(made.status, made.stderr).toBe(0);
      expect(statSync(path.join(work, 'missing')).mode & 0o777).toBe(0o700);
      expect(statSync(path.dirname(nested)).mode & 0o777).toBe(0o700);
      expect(statSync(nested).mode & 0o777).toBe(0o600);
      // A folder that cannot be made: said before the server is asked for anything (it was a stack trace, and the server's log said "Premature close").
      const blocked = script('backup', sourceDir, ['--out', '/proc/no-such-folder/serving.backup.gz']);
      expect(blocked.status).toBe(1);
      expect(blocked.stderr).toBe('No backup written: cannot create the folder /proc/no-such-folder (ENOENT).\n');
      expect(blocked.stdout).toBe('');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(source!.output()).not.toMatch(/Premature close|backup failed/);
    },
  );

  it('refuses to restore under the running server, and changes nothing', { timeout: 120_000 }, async () => {
    const run = script('restore', sourceDir, ['--from', backupFile]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Restore refused: The database in .* is in use by a running server \(pid \d+\)\..*nothing was changed/);
    expect(await (await fetch(`${source!.url}/api/get-pharmacist?id=${encodeURIComponent(editToken)}`)).json()).toEqual(application);
  });

  it('restores into an empty DATA_DIR, and a server on it serves the same application and photo', { timeout: 240_000 }, async () => {
    const run = script('restore', restoredDir, ['--from', backupFile]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Restored \d+ rows in \d+ tables/);
    await source!.stop();
    source = null;

    restored = await startServerProcess({ dataDir: restoredDir, timeoutMs: 120_000 });
    expect(restored.output()).not.toContain('a main admin was created'); // the staff came with the backup
    expect(await (await fetch(`${restored.url}/api/get-pharmacist?id=${encodeURIComponent(editToken)}`)).json()).toEqual(application);

    const fileRows = JSON.parse(gunzipSync(readFileSync(backupFile)).toString('utf8').trim().split('\n').at(-1)!).rows.file_contents as number;
    if (fileRows === 0) {
      // This build still keeps uploads under DATA_DIR/files (the move into file_contents is another change of issue #21).
      console.warn('backup-server.test.ts: uploads are not stored in the database in this build, so the restored photo is not checked.');
      return;
    }
    const served = await fetch(`${restored.url}${photoUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), photo)).toBe(0);
  });
});
