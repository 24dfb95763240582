// The log as the operator meets it (issue 37 item 7): readable lines at a terminal, JSON in a pipe,
// one line per request.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, serverEnvironment } from './process-settings.ts';
import { freePort, REPO_ROOT } from './test/server-process.ts';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** The server started as `npm start` starts it; at a terminal (through script(1), which gives it a pseudo-terminal) or into a pipe. */
async function startServer(output: 'terminal' | 'pipe') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-log-'));
  const port = await freePort();
  const env = serverEnvironment({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    WEB_DIST: path.join(dataDir, 'none'),
  });
  const command = [process.execPath, ...SERVER_NODE_FLAGS, 'src/server/main.ts'];
  const child =
    output === 'terminal'
      ? spawn('script', ['-qefc', command.map((word) => `'${word}'`).join(' '), '/dev/null'], {
          cwd: REPO_ROOT,
          env,
          detached: true,
          stdio: ['pipe', 'pipe', 'pipe'],
        })
      : spawn(command[0]!, command.slice(1), { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  stops.push(async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // gone already
    }
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000, interval: 200 },
    )
    .toBe(200);
  return { port, output: () => text };
}

describe('the server log', () => {
  it('shows a person at a terminal readable lines: one per request, with method, path, status and time', { timeout: 90_000 }, async () => {
    const server = await startServer('terminal');
    await fetch(`http://127.0.0.1:${server.port}/api/review/applications`);
    await expect.poll(server.output, { timeout: 10_000 }).toMatch(/GET \/api\/review\/applications 401 \d+ ms/);
    // Times of day, levels in words, no JSON.
    expect(server.output()).toMatch(/\[\d\d:\d\d:\d\d(\.\d+)?\] .*INFO/);
    expect(server.output()).not.toMatch(/^\{"level"/m);
    expect(server.output().match(/\/api\/review\/applications/g)).toHaveLength(1);
  });

  it('writes one JSON object a line into a pipe, one line per request with its route, status and time', { timeout: 90_000 }, async () => {
    const server = await startServer('pipe');
    await fetch(`http://127.0.0.1:${server.port}/api/data-rights/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    await expect.poll(server.output, { timeout: 10_000 }).toMatch(/"url":"\/api\/data-rights\/\[token\]".*"msg":"request completed"/);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = lines.filter((line) => (line.req as { url?: string } | undefined)?.url?.startsWith('/api/data-rights/'));
    expect(requests, server.output().slice(-2000)).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      route: '/api/data-rights/:token',
      req: { method: 'GET', url: '/api/data-rights/[token]' },
      statusCode: expect.any(Number),
      responseTime: expect.any(Number),
    });
  });
});
