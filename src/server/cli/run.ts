// How `npm run staff` and `npm run seed:demo` reach the database (docs/decisions/0006):
// - PostgreSQL: directly (any number of processes may share it);
// - embedded PGlite held by a running server: through that server's local admin channel;
// - embedded PGlite nobody holds: the command takes the lock itself and opens the database,
//   so that a server started meanwhile refuses until the command is done.
import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { acquireDatabaseLock, describeHolder } from '../db/lock.ts';
import { sendToServer } from './admin-channel.ts';
import { runCommand, type CliCommand } from './commands.ts';
import { openCliContext } from './context.ts';
import type { CliOutput } from './staff-cli.ts';

/** A server that is starting (lock taken, admin channel not yet open) or another command gets this long. */
const WAIT_FOR_HOLDER_MS = 60_000;
const POLL_MS = 250;

async function runDirectly(config: Config, command: CliCommand, args: string[], out: CliOutput): Promise<number> {
  const context = await openCliContext(config);
  try {
    return await runCommand(command, args, { db: context.db, auth: context.auth, linkBase: context.linkBase, out });
  } finally {
    await context.close();
  }
}

export async function runConsoleCommand(command: CliCommand, args: string[], out: CliOutput, givenConfig?: Config): Promise<number> {
  let config: Config;
  try {
    config = givenConfig ?? loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out.error(error.message);
    return 1;
  }
  const dbDir = config.database.kind === 'pglite' ? config.database.dataDir : null;
  if (!dbDir) return runDirectly(config, command, args, out);

  const giveUpAt = Date.now() + WAIT_FOR_HOLDER_MS;
  let toldWaiting = false;
  for (;;) {
    const attempt = acquireDatabaseLock(dbDir, 'command');
    if (attempt.ok) {
      const release = () => attempt.lock.release();
      process.once('exit', release);
      try {
        return await runDirectly(config, command, args, out);
      } finally {
        release();
        process.off('exit', release);
      }
    }
    const { holder } = attempt;
    if (holder.role === 'server' && holder.admin) {
      const answer = await sendToServer(holder.admin, command, args);
      if (answer) {
        for (const { stream, line } of answer.output) out[stream](line);
        return answer.exitCode;
      }
    }
    if (Date.now() > giveUpAt) {
      out.error(`${describeHolder(holder, dbDir)} It was still busy after a minute: try again when it has finished.`);
      return 1;
    }
    if (!toldWaiting) {
      out.error(holder.role === 'server' ? 'Waiting for the server to finish starting…' : `Waiting for another command (pid ${holder.pid}) to finish…`);
      toldWaiting = true;
    }
    await delay(POLL_MS);
  }
}
