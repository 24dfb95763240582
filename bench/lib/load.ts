// Runs bench clients (bench/lib/load-client.ts, download-client.ts) in a second process and reads their JSON result.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/server/test/server-process.ts';

export interface LoadResult {
  seconds: number;
  completed: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCounts: Record<string, number>;
}

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** JSON bodies, one per request (each sent once when amount is unset). */
  bodies?: unknown[];
  amount?: number;
  durationSeconds?: number;
}

/** Runs a bench client script in a second process; answers the JSON of the last line it prints. */
export async function runClientProcess<Result>(script: string, args: string[]): Promise<Result> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = out.trim().split('\n').pop();
  if (code !== 0 || !line) throw new Error(`${script} failed (${code}): ${err.slice(-2000)}`);
  return JSON.parse(line) as Result;
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'champions-load-'));
  try {
    const { bodies, ...rest } = job;
    const spec: Record<string, unknown> = { ...rest };
    if (bodies) {
      const file = path.join(dir, 'bodies.jsonl');
      writeFileSync(file, bodies.map((b) => JSON.stringify(b)).join('\n'));
      spec.bodiesFile = file;
    }
    const jobFile = path.join(dir, 'job.json');
    writeFileSync(jobFile, JSON.stringify(spec));
    return await runClientProcess<LoadResult>('bench/lib/load-client.ts', [jobFile]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
