import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { solvedTokensFrom } from './test/bot-check.ts';
import { ukApplication } from './test/payloads.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';
import { tightenTree } from './data-dir.ts';

const folders: string[] = [];
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'champions-data-'));
  folders.push(dir);
  return dir;
}

/** Every file and folder under `dir` (itself included) that group or others may read, write or enter. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) open.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(dir, entry) || '.'}`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return open;
}

/** A data folder as an earlier version left it under umask 022 (or 000). */
function openDataDir(): string {
  const dataDir = folder();
  chmodSync(dataDir, 0o755);
  mkdirSync(path.join(dataDir, 'mail'), { mode: 0o777 });
  chmodSync(path.join(dataDir, 'mail'), 0o777);
  writeFileSync(path.join(dataDir, 'mail', 'old.eml'), 'Subject: hello\r\n\r\nbody\r\n');
  chmodSync(path.join(dataDir, 'mail', 'old.eml'), 0o666);
  return dataDir;
}

describe('the data folder', () => {
  it('is tightened to its owner: files 0600, folders 0700, symbolic links left alone', () => {
    const dataDir = openDataDir();
    symlinkSync('/etc/hostname', path.join(dataDir, 'link'));
    expect(openToOthers(dataDir)).toHaveLength(3);
    expect(tightenTree(dataDir)).toBe(3);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(lstatSync(path.join(dataDir, 'mail', 'old.eml')).mode & 0o777).toBe(0o600);
    expect(lstatSync(path.join(dataDir, 'mail')).mode & 0o777).toBe(0o700);
    expect(tightenTree(dataDir)).toBe(0);
  });

  it(
    'holds nothing that group or others can read after a start, an application and its e-mail, and the start says what it tightened',
    { timeout: 120_000 },
    async () => {
      const dataDir = openDataDir();
      // Not NODE_ENV=test, whose server logs nothing.
      server = await startServerProcess({ dataDir, env: { NODE_ENV: 'development' } });
      const [recaptchaToken] = await solvedTokensFrom(server.url, 1);
      const saved = await fetch(`${server.url}/api/save-pharmacist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ukApplication({ recaptchaToken })),
      });
      expect(saved.status).toBe(200);
      // The received e-mail is written under DATA_DIR/mail (no SMTP_URL here).
      await expect.poll(() => readdirSync(path.join(dataDir, 'mail')).length, { timeout: 30_000 }).toBeGreaterThan(1);
      await server.stop();
      expect(server.output()).toMatch(/data folder was open to other users/);
      server = undefined;
      expect(openToOthers(dataDir)).toEqual([]);
      expect(readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(0);
    },
  );
});
