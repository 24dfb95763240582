// `npm run seed:demo`: load the demo staff and Italian pharmacies (idempotent) and print sign-in links,
// whether the server runs or not (src/server/cli/run.ts).
import { runConsoleCommand } from '../src/server/cli/run.ts';

process.exitCode = await runConsoleCommand('seed-demo', process.argv.slice(2), { log: console.log, error: console.error });
