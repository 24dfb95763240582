// `npm run bench`: runs every benchmark under bench/, prints one table, and writes
// bench/results/latest.json and bench/results/latest.md.   Flags: --quick (small counts),
// --only=<name,name> (registration, photo upload, upload isolation, crash, finder, finder api, area manager, rep list, front end, review queue, churn, fleet, start-up, memory).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { areaManagerBenchmark } from './area-manager.bench.ts';
import { churnBenchmark } from './churn.bench.ts';
import { crashBenchmark } from './crash.bench.ts';
import { finderBenchmark } from './finder.bench.ts';
import { finderApiBenchmark } from './finder-api.bench.ts';
import { fleetBenchmark } from './fleet.bench.ts';
import { frontendBenchmark } from './frontend.bench.ts';
import { memoryBenchmark } from './memory.bench.ts';
import { consoleTable, markdownTable, type Benchmark, type Row } from './lib/report.ts';
import { photoBenchmark } from './photo.bench.ts';
import { registrationBenchmark } from './registration.bench.ts';
import { repListBenchmark } from './rep-list.bench.ts';
import { startupBenchmark } from './startup.bench.ts';
import { reviewQueueBenchmark } from './review-queue.bench.ts';
import { uploadIsolationBenchmark } from './upload-isolation.bench.ts';

const BENCHMARKS: Benchmark[] = [
  registrationBenchmark,
  photoBenchmark,
  uploadIsolationBenchmark,
  crashBenchmark,
  finderBenchmark,
  finderApiBenchmark,
  areaManagerBenchmark,
  repListBenchmark,
  frontendBenchmark,
  reviewQueueBenchmark,
  churnBenchmark,
  fleetBenchmark,
  startupBenchmark,
  memoryBenchmark,
];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? null;
const started = Date.now();
const log = (message: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

const rows: Row[] = [];
for (const benchmark of BENCHMARKS) {
  if (only && !only.includes(benchmark.name)) continue;
  log(`— ${benchmark.name}`);
  try {
    rows.push(...(await benchmark.run({ postgresAdminUrl, log, quick })));
  } catch (error) {
    console.error(error);
    rows.push({
      group: benchmark.name,
      figure: 'benchmark run',
      value: null,
      unit: '',
      target: 'runs',
      pass: false,
      note: `crashed: ${(error as Error).message.split('\n')[0]}`,
    });
  }
}

const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${os.platform()}`;
const summary = {
  passed: rows.filter((r) => r.pass === true).length,
  failed: rows.filter((r) => r.pass === false).length,
  informative: rows.filter((r) => r.pass === null).length,
};

console.log(`\n${consoleTable(rows)}\n`);
console.log(
  `${summary.passed} met, ${summary.failed} missed, ${summary.informative} without target or not built yet — ${machine}, commit ${commit}${quick ? ' (QUICK run)' : ''}`,
);

const dir = path.join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const when = new Date().toISOString();
writeFileSync(
  path.join(dir, 'latest.json'),
  `${JSON.stringify({ when, commit, machine, quick, postgres: Boolean(postgresAdminUrl), seconds: (Date.now() - started) / 1000, summary, rows }, null, 2)}\n`,
);
writeFileSync(
  path.join(dir, 'latest.md'),
  `# Benchmark results\n\n${when}, commit ${commit}, ${machine}${quick ? ' — QUICK run (small counts)' : ''}. PostgreSQL: ${postgresAdminUrl ? 'yes' : 'not run'}.\n\n` +
    `${summary.passed} targets met, ${summary.failed} missed. See bench/README.md for what each figure means.\n\n${markdownTable(rows)}\n`,
);
process.exit(0);
