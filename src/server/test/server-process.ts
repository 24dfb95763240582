// The real server as a child process (node src/server/main.ts, as npm start runs it), for load, crash and
// shutdown tests and for the benchmarks: its own PID, so it can be SIGKILLed and its memory read.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS, serverEnvironment } from '../process-settings.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Ports this suite may use (colleagues' end-to-end runs use 3100-3599). */
const PORT_RANGE = { first: 3600, last: 3699 };

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free port in 3600-3699, starting at a random offset so parallel test files rarely collide. */
/** Ports fetch() refuses ("bad port", WHATWG Fetch), e.g. 3659 in our range. */
const FETCH_BAD_PORTS = new Set([3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);

export async function freePort(): Promise<number> {
  const span = PORT_RANGE.last - PORT_RANGE.first + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = PORT_RANGE.first + ((start + i) % span);
    if (FETCH_BAD_PORTS.has(port)) continue;
    if (await portIsFree(port)) return port;
  }
  throw new Error('no free port in 3600-3699');
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** Resident memory of the server process in bytes (Linux /proc). */
  rss(): number;
  /** Output so far (stdout + stderr), for diagnosing a failed start. */
  output(): string;
  /** Resolves with the exit code and signal when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  dataDir: string;
  /** postgres://... ; unset = PGlite on disk under dataDir/db. */
  databaseUrl?: string;
  env?: Record<string, string>;
  port?: number;
  timeoutMs?: number;
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/x'] to profile the server. */
  nodeArgs?: string[];
}

function readRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function waitForHealth(url: string, exited: Promise<unknown>, timeoutMs: number): Promise<void> {
  let done = false;
  void exited.then(() => (done = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !done) {
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(done ? 'server exited before it was healthy' : `server not healthy after ${timeoutMs} ms`);
}

export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await startOnce(port, options);
    } catch (error) {
      lastError = error;
      if (options.port) break;
    }
  }
  throw lastError;
}

async function startOnce(port: number, options: StartOptions): Promise<ServerProcess> {
  const env = serverEnvironment({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    NODE_ENV: 'test',
    CAPTCHA_MAX_NUMBER: '1000',
    RATE_LIMIT_MAX: '1000000',
    // The load generators of tests and benchmarks stand in for many clients from one address.
    MAX_CONNECTIONS_PER_CLIENT: '0',
    WEB_DIST: path.join(REPO_ROOT, 'dist', 'web'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  // Started as npm start starts it (scripts/start.mjs): the same Node flags and environment.
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...(process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : []),
      ...(options.nodeArgs ?? []),
      'src/server/main.ts',
    ],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, exited, options.timeoutMs ?? 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };
  return {
    child,
    pid: child.pid!,
    port,
    url,
    rss: () => readRss(child.pid!),
    output: () => output,
    exited,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}
