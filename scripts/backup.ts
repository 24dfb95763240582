// `npm run backup -- --out FILE`: the whole database in one file, whether the server runs or not;
// see src/server/cli/backup-cli.ts and README "Backups".
import { runBackupCommand } from '../src/server/cli/backup-cli.ts';

process.exitCode = await runBackupCommand(process.argv.slice(2), { log: console.log, error: console.error });
