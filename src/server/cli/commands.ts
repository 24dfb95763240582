// The console commands, run the same way whether the script opened the database itself or the
// running server runs them on its behalf (admin-channel.ts).
import type { Database } from '../db/client.ts';
import type { AuthService } from '../services/auth/auth.ts';
import { runApiKeysCommand } from './api-keys-cli.ts';
import { runMailCommand } from './mail-cli.ts';
import { runBreachCommand } from './privacy-breach.ts';
import { runSeedDemoCommand } from './seed-demo.ts';
import { runStaffCommand, type CliOutput, type CommandInput } from './staff-cli.ts';

export const CLI_COMMANDS = ['staff', 'seed-demo', 'mail', 'api-keys', 'privacy-breach'] as const;
export type CliCommand = (typeof CLI_COMMANDS)[number];

export interface CommandDeps {
  db: Database;
  auth: AuthService;
  linkBase: string;
  out: CliOutput;
  /** Read from the environment of the process the command was typed in (staff-cli.ts). */
  input?: CommandInput;
  /** The running server runs it, through its admin channel. */
  runningServer?: boolean;
}

/** Runs one command; returns its exit code. */
export function runCommand(command: CliCommand, args: string[], deps: CommandDeps): Promise<number> {
  if (command === 'staff') return runStaffCommand(args, deps);
  if (command === 'mail') return runMailCommand(args, deps);
  if (command === 'api-keys') return runApiKeysCommand(args, deps);
  if (command === 'privacy-breach') return runBreachCommand(deps, args);
  return runSeedDemoCommand(deps);
}
