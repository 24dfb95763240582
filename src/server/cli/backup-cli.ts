// `npm run backup -- --out FILE` (scripts/backup.ts): the whole database in one file, consistent at
// one moment (db/backup/). On PostgreSQL it reads the database directly; on the embedded database
// through the running server (its admin channel), or under the lock when no server runs. The file
// is written as FILE.part (0600; its folder made 0700 when missing), read back and checked (row
// counts and checksum), then renamed to FILE (db/backup/backup-file.ts, as the scheduled backups).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { NothingToBackUp, writeBackup } from '../db/backup/write-backup.ts';
import { BackupFileError } from '../db/backup/read-backup.ts';
import { BackupPlaceError, removeQuietly, ensureBackupFolder, keepCheckedPart, openPart, totalRows } from '../db/backup/backup-file.ts';
import { openDatabase } from '../db/client.ts';
import { receiveBackup } from './admin-channel.ts';
import { loadConfigFor, reachEmbeddedDatabase } from './run.ts';
import type { CliOutput } from './staff-cli.ts';

const BACKUP_USAGE = 'Usage: npm run backup -- --out FILE   (the whole database in one gzip file; README "Backups")';

/** A path as the operator typed it: relative to where they ran npm, not to the project folder npm runs in. */
function operatorPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** The file `--<option> FILE` names, as the operator meant it; null having printed the usage when it is missing or the arguments are wrong. */
function fileArgument(argv: string[], option: string, usage: string, out: CliOutput): string | null {
  let values;
  try {
    values = parseArgs({ args: argv, options: { [option]: { type: 'string' } } }).values;
  } catch (error) {
    out.error(`${(error as Error).message}\n${usage}`);
    return null;
  }
  const file = values[option];
  if (typeof file !== 'string' || !file) {
    out.error(usage);
    return null;
  }
  return operatorPath(file);
}

async function backupDirectly(config: Config, part: string): Promise<void> {
  const database = await openDatabase(config);
  try {
    await writeBackup(database.db, openPart(part));
  } finally {
    await database.close();
  }
}

/** Writes FILE.part the one way open now; false when the embedded database could not be reached (said why). */
async function writePart(config: Config, part: string, out: CliOutput): Promise<boolean> {
  const target = config.database;
  if (target.kind === 'postgres') {
    await backupDirectly(config, part);
    return true;
  }
  if (!target.dataDir) throw new NothingToBackUp('DATABASE_URL is memory://: an in-memory database lives and dies with its process.');
  if (!existsSync(target.dataDir)) throw new NothingToBackUp(`There is no database in ${target.dataDir}: check DATA_DIR.`);
  const reached = await reachEmbeddedDatabase(target.dataDir, out, {
    direct: async () => {
      await backupDirectly(config, part);
      return true;
    },
    throughServer: async (admin) => ((await receiveBackup(admin, openPart(part))) ? true : null),
  });
  return reached === true;
}

export async function runBackupCommand(argv: string[], out: CliOutput, givenConfig?: Config): Promise<number> {
  const file = fileArgument(argv, 'out', BACKUP_USAGE, out);
  if (!file) return 2;
  const config = givenConfig ?? loadConfigFor(out);
  if (!config) return 1;

  const part = `${file}.part`;
  try {
    // Before the database (or the running server) is asked for anything: a folder that cannot be made is one sentence.
    ensureBackupFolder(path.dirname(file));
    if (!(await writePart(config, part, out))) {
      removeQuietly(part);
      return 1;
    }
    const { header, rows, bytes } = await keepCheckedPart(part, file);
    const megabytes = (bytes / 1024 / 1024).toFixed(1);
    out.log(
      `Backup written: ${file} (${megabytes} MB; ${totalRows(rows)} rows in ${Object.keys(rows).length} tables; ${header.source} at migration ${header.migration.tag}).`,
    );
    out.log('It holds personal data and the keys of the staff second factors: keep it as safe as the database itself (README "Backups").');
    return 0;
  } catch (error) {
    removeQuietly(part);
    if (error instanceof NothingToBackUp || error instanceof BackupFileError || error instanceof BackupPlaceError) {
      out.error(`No backup written: ${error.message}`);
      return 1;
    }
    out.error(`No backup written: ${(error as Error).message}`);
    return 1;
  }
}
