// `npm run mail -- failed | retry --id ID | retry --all`: the mail the outbox gave up on, and sending
// it again, whether the server runs or not; see src/server/cli/mail-cli.ts and src/server/cli/run.ts.
import { runConsoleCommand } from '../src/server/cli/run.ts';

process.exitCode = await runConsoleCommand('mail', process.argv.slice(2), { log: console.log, error: console.error });
