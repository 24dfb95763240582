// How `npm run staff`, `npm run seed:demo` and `npm run backup` reach the database (docs/decisions/0006):
// - PostgreSQL: directly (any number of processes may share it);
// - embedded PGlite held by a running server: through that server's local admin channel;
// - embedded PGlite nobody holds: the command takes the lock itself and opens the database,
//   so that a server started meanwhile refuses until the command is done.
import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, loadConfig, newStaffSecretKeyFrom, type Config } from '../config.ts';
import { acquireDatabaseLock, describeHolder } from '../db/lock.ts';
import { sendToServer } from './admin-channel.ts';
import { runCommand, type CliCommand } from './commands.ts';
import { commandEnvironment, openCliContext } from './context.ts';
import type { CliOutput, CommandInput } from './staff-cli.ts';

/** A server that is starting (lock taken, admin channel not yet open) or another command gets this long. */
const WAIT_FOR_HOLDER_MS = 60_000;
const POLL_MS = 250;

async function runDirectly(config: Config, command: CliCommand, args: string[], out: CliOutput, input: CommandInput): Promise<number> {
  let context;
  try {
    context = await openCliContext(config);
  } catch (error) {
    // Keys it may not generate here (services/server-keys.ts): said as the server says it.
    if (!(error instanceof ConfigError)) throw error;
    out.error(error.message);
    return 1;
  }
  try {
    return await runCommand(command, args, { db: context.db, auth: context.auth, linkBase: context.linkBase, out, input });
  } finally {
    await context.close();
  }
}

/** The two ways to an embedded database: through the server that holds it, or opened here under its lock. */
export interface EmbeddedDatabaseWays<T> {
  /** The lock is held for this call. */
  direct(): Promise<T>;
  /** null: the channel did not answer (the server is stopping); the lock is tried again. */
  throughServer(admin: { port: number; secret: string }): Promise<T | null>;
}

/**
 * Reaches the embedded database in dbDir the one way open now; waits up to a minute for a server
 * that is starting or another command. Resolves to null, having said why, when it gives up.
 */
export async function reachEmbeddedDatabase<T>(dbDir: string, out: CliOutput, ways: EmbeddedDatabaseWays<T>): Promise<T | null> {
  const giveUpAt = Date.now() + WAIT_FOR_HOLDER_MS;
  let toldWaiting = false;
  for (;;) {
    const attempt = acquireDatabaseLock(dbDir, 'command');
    if (attempt.ok) {
      const release = () => attempt.lock.release();
      process.once('exit', release);
      try {
        return await ways.direct();
      } finally {
        release();
        process.off('exit', release);
      }
    }
    const { holder } = attempt;
    if (holder.role === 'server' && holder.admin) {
      const answer = await ways.throughServer(holder.admin);
      if (answer !== null) return answer;
    }
    if (Date.now() > giveUpAt) {
      out.error(`${describeHolder(holder, dbDir)} It was still busy after a minute: try again when it has finished.`);
      return null;
    }
    if (!toldWaiting) {
      out.error(holder.role === 'server' ? 'Waiting for the server to finish starting…' : `Waiting for another command (pid ${holder.pid}) to finish…`);
      toldWaiting = true;
    }
    await delay(POLL_MS);
  }
}

/** The config from the environment, or null having printed what is wrong with it. */
export function loadConfigFor(out: CliOutput, env: NodeJS.ProcessEnv = process.env): Config | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out.error(error.message);
    return null;
  }
}

/**
 * What the command reads from its own environment and hands to whoever runs it (a running server
 * does not have this environment): NEW_STAFF_SECRET_KEY for rotate-staff-key, checked here, before
 * the database is reached. Null, having said why, when it is missing or weak.
 */
function commandInput(command: CliCommand, args: string[], env: NodeJS.ProcessEnv, out: CliOutput): CommandInput | null {
  if (command !== 'staff' || args[0] !== 'rotate-staff-key') return {};
  try {
    return { newStaffSecretKey: newStaffSecretKeyFrom(env) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out.error(error.message);
    return null;
  }
}

export async function runConsoleCommand(
  command: CliCommand,
  args: string[],
  out: CliOutput,
  givenConfig?: Config,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const input = commandInput(command, args, env, out);
  if (!input) return 1;
  const config = givenConfig ?? loadConfigFor(out, commandEnvironment(env));
  if (!config) return 1;
  const dbDir = config.database.kind === 'pglite' ? config.database.dataDir : null;
  if (!dbDir) return runDirectly(config, command, args, out, input);

  const exitCode = await reachEmbeddedDatabase(dbDir, out, {
    direct: () => runDirectly(config, command, args, out, input),
    throughServer: async (admin) => {
      const answer = await sendToServer(admin, command, args, input);
      if (!answer) return null;
      for (const { stream, line } of answer.output) out[stream](line);
      return answer.exitCode;
    },
  });
  return exitCode ?? 1;
}
