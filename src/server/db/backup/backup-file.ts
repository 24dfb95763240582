// Where a backup is written, for `npm run backup` (cli/backup-cli.ts) and the scheduled backups
// (services/scheduled-backup.ts) alike: its folder, created 0700 when missing; FILE.part, opened
// 0600 before anything is read from the database, so that a folder that cannot be written is said
// in one sentence and nobody starts a backup for nothing; FILE.part read back through every check
// a restore makes (read-backup.ts), then renamed to FILE.
import { createWriteStream, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { BackupHeader } from './format.ts';
import { checkBackup } from './read-backup.ts';

/** The folder or the file cannot be made or written: one sentence, without a stack trace. */
export class BackupPlaceError extends Error {}

const reason = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/**
 * The folder a backup goes into, made (with any missing parents) readable by its owner only when it
 * is missing; an existing folder is left as it is. One level at a time: Node's recursive mkdir
 * never returns under a place that refuses new folders with ENOENT, such as /proc.
 */
export function ensureBackupFolder(folder: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(folder); !existsSync(at); at = path.dirname(at)) {
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const level of missing) {
    try {
      mkdirSync(level, { mode: 0o700 });
    } catch (error) {
      throw new BackupPlaceError(`cannot create the folder ${folder} (${reason(error)}).`);
    }
  }
  if (!statSync(folder).isDirectory()) throw new BackupPlaceError(`${folder} is not a folder.`);
}

/** FILE.part, in a folder made if missing, readable by its owner only (it holds personal data and keys), synced to disk on close. */
export function openPart(part: string): WriteStream {
  ensureBackupFolder(path.dirname(part));
  rmSync(part, { force: true });
  let fd: number;
  try {
    // Opened here, not by the stream: a refusal is this sentence, not an 'error' event nobody awaits yet.
    fd = openSync(part, 'wx', 0o600);
  } catch (error) {
    throw new BackupPlaceError(`cannot write ${part} (${reason(error)}).`);
  }
  return createWriteStream('', { fd, flush: true });
}

/** Removes a file if it is there (FILE.part after a failure, an old backup); a folder that cannot even be read leaves nothing to remove. */
export function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Nothing can have been written there.
  }
}

export interface KeptBackup {
  header: BackupHeader;
  /** Rows per table, as the end line counts them. */
  rows: Record<string, number>;
  bytes: number;
}

/** Reads FILE.part back through every check a restore makes; throws (BackupFileError) when it does not add up. */
export async function checkPart(part: string): Promise<KeptBackup> {
  const { header, rows } = await checkBackup(part);
  return { header, rows, bytes: statSync(part).size };
}

/** checkPart, then FILE.part renamed to FILE. */
export async function keepCheckedPart(part: string, file: string): Promise<KeptBackup> {
  const checked = await checkPart(part);
  renameSync(part, file);
  return checked;
}

/** Rows in all tables of a backup's end line. */
export const totalRows = (rows: Record<string, number>) => Object.values(rows).reduce((sum, n) => sum + n, 0);
