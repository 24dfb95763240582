import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '../src/server/test/server-process.ts';

const running: Array<{ pid: number; exited: Promise<number | null> }> = [];
const folders: string[] = [];
afterEach(async () => {
  // The whole group: the API server and Vite (started through npx) with it.
  for (const { pid, exited } of running.splice(0)) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function npmRunDev(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-dev-'));
  folders.push(dataDir);
  const child = spawn(process.execPath, ['scripts/dev.mjs'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  running.push({ pid: child.pid!, exited });
  return { exited, output: () => output };
}

describe('npm run dev', () => {
  it('stops as a whole, saying why, when the API server cannot start', { timeout: 60_000 }, async () => {
    const dev = npmRunDev({ PORT: String(await freePort()), DATABASE_URL: 'not-a-database' });
    expect(await dev.exited).toBe(1);
    expect(dev.output()).toMatch(/DATABASE_URL must be/);
    expect(dev.output()).toMatch(/the API server could not start.*Vite was not started/);
  });

  it('serves the UI through Vite, which forwards /api to the API server on PORT, and prints the address to open', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const dev = npmRunDev({ PORT: String(port) });
    await expect.poll(dev.output, { timeout: 100_000, interval: 250 }).toMatch(/open http:\/\/localhost:5173\/uk\//);
    expect(dev.output()).toContain(`the API server runs on http://localhost:${port}`);
    await expect
      .poll(async () => (await fetch('http://127.0.0.1:5173/api/captcha/challenge').catch(() => null))?.status, { timeout: 60_000, interval: 250 })
      .toBe(200);
  });
});
