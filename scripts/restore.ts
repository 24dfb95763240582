// `npm run restore -- --from FILE`: a backup into an empty DATA_DIR or an empty PostgreSQL database;
// see src/server/cli/restore-cli.ts and README "Backups".
import { runRestoreCommand } from '../src/server/cli/restore-cli.ts';

process.exitCode = await runRestoreCommand(process.argv.slice(2), { log: console.log, error: console.error });
