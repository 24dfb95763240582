// A backup proves that it restores (docs/decisions/0049): it is restored into a scratch embedded
// database in memory (PGlite, memory://) with the restore's own code (restore-backup.ts: the
// checksum, the migration it was taken at, every row), and each table's rows are counted against
// the file's end line. The scheduled backups run it in a child process (verify-child.ts): PGlite
// works on its process's main thread, so a restore inside the server would stall its requests for
// as long as it takes.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { serializeError } from '../../http/log-serializers.ts';
import { SERVER_NODE_FLAGS, serverEnvironment } from '../../process-settings.ts';
import { openDatabase, rowsOf } from '../client.ts';
import { checkBackup, readBackup } from './read-backup.ts';
import { restoreBackup } from './restore-backup.ts';

export type Verification = { ok: true; rows: Record<string, number> } | { ok: false; error: string };

/** The script verifyInChildProcess runs, by path. */
const CHILD_SCRIPT = fileURLToPath(new URL('./verify-child.ts', import.meta.url));
/** A verification that has not answered by then is stopped and counts as failed. */
const CHILD_TIMEOUT_MS = 60 * 60_000;
/** The child's answer is one short JSON line; anything longer is not it. */
const MAX_ANSWER_CHARS = 64 * 1024;
/** The environment the child gets: nothing of the server's settings (no keys, no DATABASE_URL), only what Node and its memory use. */
const CHILD_ENVIRONMENT = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_OPTIONS', 'MALLOC_ARENA_MAX'];

/**
 * Why a verification failed, in words without values: the restore's own errors carry none
 * (restore-error.ts); anything else goes through the log's serializer (no query parameters).
 */
function failure(error: unknown): string {
  const { message, cause } = serializeError(error);
  const why = cause && typeof cause === 'object' && 'message' in cause && cause.message ? `${message}: ${String(cause.message)}` : message;
  return why.slice(0, 2000);
}

/** Restores the backup into a fresh in-memory database in this process and counts its rows; never throws. */
export async function verifyRestores(file: string): Promise<Verification> {
  let database;
  try {
    database = await openDatabase({ database: { kind: 'pglite', dataDir: null } });
    const { rows: expected } = await checkBackup(file);
    await restoreBackup(database.db, 'pglite', await readBackup(file), 'The scratch database');
    const differing: string[] = [];
    for (const [table, rows] of Object.entries(expected)) {
      const [counted] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`));
      if (counted?.n !== rows) differing.push(`${table} holds ${counted?.n ?? 'no'} rows, the end line says ${rows}`);
    }
    if (differing.length > 0) return { ok: false, error: `The restored database does not match the backup's end line: ${differing.join('; ')}.` };
    return { ok: true, rows: expected };
  } catch (error) {
    return { ok: false, error: failure(error) };
  } finally {
    await database?.close().catch(() => undefined);
  }
}

function childEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of CHILD_ENVIRONMENT) if (process.env[name] !== undefined) env[name] = process.env[name];
  return serverEnvironment(env);
}

/** The child's answer: its last line of output, when that is a verification. */
function answerOf(output: string): Verification | null {
  const last = output.trim().split('\n').at(-1) ?? '';
  try {
    const answer = JSON.parse(last) as Partial<Verification>;
    if (answer.ok === true && typeof answer.rows === 'object' && answer.rows !== null) return { ok: true, rows: answer.rows };
    if (answer.ok === false && typeof answer.error === 'string') return { ok: false, error: answer.error };
  } catch {
    // Not an answer: the process died before it wrote one.
  }
  return null;
}

/**
 * verifyRestores in a process of its own (`node verify-child.ts FILE`, with the server's node
 * flags), so that the server goes on answering meanwhile; stopped when `signal` aborts or after
 * an hour. Never throws.
 */
export function verifyInChildProcess(file: string, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Verification> {
  return new Promise((resolve) => {
    let output = '';
    let spawnError: Error | null = null;
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, CHILD_SCRIPT, file], {
      stdio: ['ignore', 'pipe', 'ignore'],
      env: childEnvironment(),
      signal: options.signal,
      timeout: options.timeoutMs ?? CHILD_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (output.length < MAX_ANSWER_CHARS) output += chunk;
    });
    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code, signal) => {
      const answer = answerOf(output);
      if (answer) return resolve(answer);
      if (options.signal?.aborted) return resolve({ ok: false, error: 'The verification was stopped: the server is stopping.' });
      const ended = signal ? `was ended by ${signal}${signal === 'SIGKILL' ? ' (out of time or memory?)' : ''}` : `exited with code ${code}`;
      resolve({
        ok: false,
        error:
          spawnError && code === null && !signal
            ? `The verification process could not start: ${spawnError.message}`
            : `The verification process ${ended} without an answer.`,
      });
    });
  });
}
