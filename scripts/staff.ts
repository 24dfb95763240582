// `npm run staff -- add|list|disable ...`: manage staff accounts; see src/server/cli/staff-cli.ts.
import { runStaffCommand } from '../src/server/cli/staff-cli.ts';
import { openCliContext } from '../src/server/cli/context.ts';

const context = await openCliContext();
try {
  process.exitCode = await runStaffCommand(process.argv.slice(2), { auth: context.auth, linkBase: context.linkBase, out: { log: console.log, error: console.error } });
} finally {
  await context.close();
}
