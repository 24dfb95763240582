// `npm run staff -- add|list|disable ...`: manage staff accounts, whether the server runs or not;
// see src/server/cli/staff-cli.ts (the commands) and src/server/cli/run.ts (how they reach the database).
import { runConsoleCommand } from '../src/server/cli/run.ts';

process.exitCode = await runConsoleCommand('staff', process.argv.slice(2), { log: console.log, error: console.error });
