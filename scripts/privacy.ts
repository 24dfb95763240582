// `npm run privacy -- record --format md|json`: the record of processing and the retention
// schedule from the data map and this environment's settings; see src/server/cli/privacy-cli.ts.
// `npm run privacy -- breach --from ISO --to ISO [--format md|json]`: the people whose records were
// touched in a window (src/server/cli/privacy-breach.ts, docs/breach.md); it reads the database, so
// it goes the way of the other console commands (through a running server on the embedded one).
import { runPrivacyCommand } from '../src/server/cli/privacy-cli.ts';
import { loadConfigFor, runConsoleCommand } from '../src/server/cli/run.ts';

const out = { log: console.log, error: console.error };
const [subcommand, ...rest] = process.argv.slice(2);
if (subcommand === 'breach') {
  process.exitCode = await runConsoleCommand('privacy-breach', rest, out);
} else {
  const config = loadConfigFor(out);
  process.exitCode = config ? runPrivacyCommand(process.argv.slice(2), { config, out }) : 1;
}
