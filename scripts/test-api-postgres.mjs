// Runs the server's API tests again on PostgreSQL when TEST_DATABASE_URL names a server
// (a role allowed to create databases). Without it there is nothing to run against; say so.
// Only the test files whose outcome can depend on the database run again (postgres-test-files.mjs).
import { spawnSync } from 'node:child_process';
import { postgresTestFiles } from './postgres-test-files.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.log('API tests on PostgreSQL: not run (TEST_DATABASE_URL is not set).');
  process.exit(0);
}
const files = postgresTestFiles();
console.log(`API tests on PostgreSQL: ${files.length} test files that open the test database.`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'node', ...files], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(run.status ?? 1);
