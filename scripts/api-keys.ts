// `npm run api-keys -- list|issue|rotate|revoke`: API keys of client apps, whether the server runs or
// not; see src/server/cli/api-keys-cli.ts (the commands) and src/server/cli/run.ts (how they reach the database).
import { runConsoleCommand } from '../src/server/cli/run.ts';

process.exitCode = await runConsoleCommand('api-keys', process.argv.slice(2), { log: console.log, error: console.error });
