// Start-up and idle memory (issue 27): the real server as npm start runs it (node
// src/server/main.ts, web app already built), timed from the spawn to its first answered request
// (/healthz), on a fresh database (migrations included) and again on the same one; then its
// resident memory after five idle seconds. Figures, not timed tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTempDatabase } from '../src/server/test/postgres.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';
import { onBothDatabases, type Benchmark, type BenchContext, type DatabaseKind, type Row } from './lib/report.ts';

const TARGETS: Record<DatabaseKind, { startMs: number; idleMb: number }> = {
  PGlite: { startMs: 3000, idleMb: 350 },
  PostgreSQL: { startMs: 1500, idleMb: 150 },
};

async function timedStart(dataDir: string, databaseUrl: string | undefined) {
  const started = performance.now();
  const server = await startServerProcess({ dataDir, databaseUrl });
  return { server, ms: performance.now() - started };
}

async function benchOn(kind: DatabaseKind, ctx: BenchContext): Promise<Row[]> {
  const group = `start-up (${kind})`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-bench-start-'));
  const temp = kind === 'PostgreSQL' ? await createTempDatabase(ctx.postgresAdminUrl!, 'champions_bench') : null;
  try {
    const first = await timedStart(dataDir, temp?.url);
    await first.server.stop();
    const again = await timedStart(dataDir, temp?.url);
    await sleep(5000);
    const idleMb = again.server.rss() / 1024 / 1024;
    await again.server.stop();
    ctx.log(`start-up (${kind}): first ${first.ms.toFixed(0)} ms, again ${again.ms.toFixed(0)} ms, idle ${idleMb.toFixed(0)} MB`);
    const target = TARGETS[kind];
    return [
      { group, figure: 'first start to first answer (migrations included)', value: first.ms, unit: 'ms', target: '', pass: null, note: '' },
      {
        group,
        figure: 'start to first answer',
        value: again.ms,
        unit: 'ms',
        target: `≤ ${target.startMs} ms`,
        pass: again.ms <= target.startMs,
        note: 'spawn to /healthz 200',
      },
      {
        group,
        figure: 'idle resident memory',
        value: idleMb,
        unit: 'MB',
        target: `≤ ${target.idleMb} MB`,
        pass: idleMb <= target.idleMb,
        note: '5 s after start, no request',
      },
    ];
  } finally {
    await temp?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

export const startupBenchmark: Benchmark = {
  name: 'start-up',
  run: (ctx) => onBothDatabases(ctx, benchOn, { group: 'start-up (PostgreSQL)', figure: 'start to first answer', target: '≤ 1500 ms' }),
};
