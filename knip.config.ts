// knip: an unused file, export or dependency fails `npm run lint` (README, Dependencies). The
// entries are what starts a process or a test; every other file must be reached from one of them,
// and every export imported somewhere. Vite, Vitest, Playwright, ESLint and Drizzle configs are
// read by knip's own plugins: src/web/main.tsx, for one, is found through src/web/index.html.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The server, started by path (scripts/start.mjs, scripts/dev.mjs, src/server/test/server-process.ts).
    'src/server/main.ts',
    // npm scripts, and the benchmarks bench/run.ts loads.
    'scripts/*.{ts,mjs}',
    'bench/*.ts',
    // Bench clients, run as a second process by path (bench/lib/load.ts, bench/upload-isolation.bench.ts).
    'bench/lib/{load-client,download-client,uploaders}.ts',
    // The rep app's service worker, built on its own by scripts/service-worker-plugin.ts (decision 0026).
    'src/web/service-worker/sw.ts',
    // The server's renderer of the public pages, built by vite.ssr.config.ts (decision 0037).
    'src/web/entry-server.tsx',
    // Preloaded with `node --import` by src/server/lazy-modules.test.ts.
    'src/server/test/module-load-hook.ts',
    'examples/**/*.test.ts',
    'e2e/**/*.spec.ts',
    'src/**/*.test.{ts,tsx}',
  ],
  project: ['**/*.{ts,tsx,mjs,js}'],
  // Lint fixtures are inputs of the tests in src/lint, linted by path; the typed-answer fixtures are
  // compiled by http/answers-typed.test.ts. Neither is the product's code.
  ignore: ['src/lint/fixtures/**', 'src/server/http/__fixtures__/**'],
  // util-linux's script(1), the pseudo-terminal of src/server/logging.test.ts (Debian's base system has it);
  // systemd's systemd-analyze, which checks docs/champions.service (scripts/container-files.test.ts);
  // Debian's postgresql-common and util-linux, which make the read replica's test cluster (src/server/test/replica-cluster.ts).
  ignoreBinaries: ['script', 'systemd-analyze', 'pg_lsclusters', 'pg_createcluster', 'pg_ctlcluster', 'pg_dropcluster', 'runuser'],
};

export default config;
