// The server as an operator runs it, for src/server/main*.test.ts: real processes (`node
// src/server/main.ts`, `npm start`, `npm run staff`) on a temporary DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockFileOf, type LockHolder } from '../db/lock.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const children: ChildProcess[] = [];
/** Sockets a test opened, destroyed after it. */
export const sockets: net.Socket[] = [];
/** For afterEach: destroys the test's sockets and kills the processes it left running. */
export function killChildren() {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export function dataDirWithWeb() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-process-'));
  mkdirSync(path.join(dataDir, 'web'));
  writeFileSync(path.join(dataDir, 'web', 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  return dataDir;
}

const envFor = (dataDir: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PORT: '0',
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  WEB_DIST: path.join(dataDir, 'web'),
  REBUILD: '',
  ...extra,
});

interface Running {
  child: ChildProcess;
  /** The port, once the server prints that it is running; rejects if it exits first. */
  port: Promise<number>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** Resolves when the output matches. */
  printed(pattern: RegExp): Promise<void>;
}

export function run(dataDir: string, args: string[], extraEnv: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: envFor(dataDir, extraEnv) });
  children.push(child);
  let output = '';
  const waiting: { pattern: RegExp; resolve(): void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const w of waiting.splice(0)) {
      if (w.pattern.test(output)) w.resolve();
      else waiting.push(w);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(output)) return resolve();
      waiting.push({ pattern, resolve });
      void exited.then(() => reject(new Error(`exited before printing ${pattern}:\n${output}`)));
    });
  const port = printed(/is running:\s+http:\/\/localhost:(\d+)\/uk/).then(() => Number(/is running:\s+http:\/\/localhost:(\d+)\/uk/.exec(output)![1]));
  port.catch(() => {}); // a refused start is what some tests expect; the others await `port` and see the error
  return { child, port, exited, output: () => output, printed };
}

export const startServer = (dataDir: string, extraEnv: Record<string, string> = {}) => run(dataDir, ['src/server/main.ts'], extraEnv);
export const npmStart = (dataDir: string) => run(dataDir, ['scripts/start.mjs']);
export const staff = async (dataDir: string, args: string[], extraEnv: Record<string, string> = {}) => {
  const command = run(dataDir, ['scripts/staff.ts', ...args], extraEnv);
  const { code } = await command.exited;
  return { code, output: command.output() };
};
export const health = async (port: number) => (await fetch(`http://127.0.0.1:${port}/healthz`)).status;
export const holderOf = (dataDir: string) => JSON.parse(readFileSync(lockFileOf(path.join(dataDir, 'db')), 'utf8')) as LockHolder;
