// Full-size crash durability (the test-sized run is src/server/test/resilience/crash.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crashDurability } from '../src/server/test/crash.ts';
import { createTempDatabase } from '../src/server/test/postgres.ts';
import type { BenchContext, Benchmark, Row } from './lib/report.ts';

async function one(kind: 'PGlite' | 'PostgreSQL', ctx: BenchContext): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-bench-crash-'));
  const temp = kind === 'PostgreSQL' ? await createTempDatabase(ctx.postgresAdminUrl!, 'champions_bench') : null;
  try {
    const total = ctx.quick ? 300 : 2000;
    ctx.log(`crash (${kind}): ${total} registrations at 32 clients, SIGKILL after ${total / 2} acknowledged`);
    const r = await crashDurability({ dataDir, databaseUrl: temp?.url, registrations: total, concurrency: 32, killAfterAcks: total / 2, log: ctx.log });
    const lost = r.missing.length + r.incomplete.length + r.photosMissing.length;
    return [
      {
        group: `crash durability (${kind})`,
        figure: 'acknowledged saves lost or incomplete after SIGKILL',
        value: lost,
        unit: '',
        target: '0',
        ratio: `${r.acknowledged} saves + ${r.acknowledgedPhotos} photos acknowledged, ${r.cutOff} cut off, ${r.storedAfterRestart} stored`,
        pass: lost === 0,
      },
      {
        group: `crash durability (${kind})`,
        figure: 'half-written records',
        value: r.halfWritten.length,
        unit: '',
        target: '0',
        ratio: r.halfWritten.slice(0, 3).join('; '),
        pass: r.halfWritten.length === 0,
      },
      {
        group: `crash durability (${kind})`,
        figure: 'restart, save, graceful stop',
        value: r.exitAfterRestart,
        unit: 'exit code',
        target: 'save ok, exit 0',
        pass: r.restartedOk && r.exitAfterRestart === 0,
      },
    ];
  } finally {
    await temp?.drop().catch(() => undefined);
    // A file the database closes late can land while the folder is removed: try again.
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

export const crashBenchmark: Benchmark = {
  name: 'crash',
  async run(ctx) {
    const rows = await one('PGlite', ctx);
    if (ctx.postgresAdminUrl) rows.push(...(await one('PostgreSQL', ctx)));
    return rows;
  },
};
