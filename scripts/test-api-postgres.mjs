// Runs the server's API tests again on PostgreSQL when TEST_DATABASE_URL names a server
// (a role allowed to create databases). Without it there is nothing to run against; say so.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('API tests on PostgreSQL: not run (TEST_DATABASE_URL is not set).');
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'node', 'src/server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(run.status ?? 1);
