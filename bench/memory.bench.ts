// Memory (issue 27): the real server as npm start runs it (src/server/process-settings.ts), on each
// database: resident memory idle, 10 s after the registration load, and the peak growth of a 5 MB
// photo upload. Figures from Linux /proc, sampled every 10 ms around the upload.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { fiveMegabyteJpeg } from '../src/server/test/images.ts';
import { validApplication } from '../src/server/test/payloads.ts';
import { createTempDatabase } from '../src/server/test/postgres.ts';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.ts';
import { runLoad } from './lib/load.ts';
import { onBothDatabases, type Benchmark, type BenchContext, type DatabaseKind, type Row } from './lib/report.ts';

const MB = 1024 * 1024;
const IDLE_TARGET_MB: Record<DatabaseKind, number> = { PGlite: 350, PostgreSQL: 150 };
const AFTER_LOAD_RATIO = 1.5;
const UPLOAD_GROWTH_TARGET_MB = 64;
const CLIENTS = 32;
const AFTER_LOAD_WAIT_MS = 10_000;

/** One upload's peak resident memory above what the server held just before it. */
async function uploadGrowth(server: ServerProcess, body: string): Promise<{ growthMb: number; status: number }> {
  const start = server.rss();
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 10);
  try {
    const response = await fetch(`${server.url}/api/save-temp-pharmacist-image`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await response.arrayBuffer();
    await sleep(200);
    return { growthMb: (Math.max(peak, server.rss()) - start) / MB, status: response.status };
  } finally {
    clearInterval(sampler);
  }
}

async function benchOn(kind: DatabaseKind, ctx: BenchContext): Promise<Row[]> {
  const group = `memory (${kind})`;
  const saves = ctx.quick ? 500 : 2000;
  const uploads = ctx.quick ? 3 : 5;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-bench-memory-'));
  const temp = kind === 'PostgreSQL' ? await createTempDatabase(ctx.postgresAdminUrl!, 'champions_bench') : null;
  const options = { dataDir, databaseUrl: temp?.url, env: { UPLOAD_DAILY_MB: '100000' } };
  try {
    // Migrated first, then started again: the figures of a server that restarts on its data.
    await (await startServerProcess(options)).stop();
    const server = await startServerProcess(options);
    try {
      await sleep(5000);
      const idle = server.rss() / MB;

      const tokens = await solvedTokensFrom(server.url, saves + uploads);
      const bodies = tokens
        .slice(0, saves)
        .map((recaptchaToken, i) => validApplication({ country: 'uk', distinct: { run: 'memory', index: 600_000 + i } }, { recaptchaToken }));
      let loadPeak = server.rss();
      const sampler = setInterval(() => (loadPeak = Math.max(loadPeak, server.rss())), 50);
      const load = await runLoad({ url: server.url, method: 'POST', path: '/api/save-pharmacist', connections: CLIENTS, bodies }).finally(() =>
        clearInterval(sampler),
      );
      // Measured once the work the load left behind is done: each save's "received" e-mail goes
      // out in the background after its answer (nodemailer loads with the first).
      await sleep(AFTER_LOAD_WAIT_MS);
      const afterLoad = server.rss() / MB;

      const jpeg = await fiveMegabyteJpeg();
      const data = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
      const growths: number[] = [];
      let failed = 0;
      for (const recaptchaToken of tokens.slice(saves)) {
        const { growthMb, status } = await uploadGrowth(server, JSON.stringify({ data, recaptchaToken }));
        growths.push(growthMb);
        if (status !== 200) failed++;
      }
      const afterUploads = server.rss() / MB;
      ctx.log(
        `${group}: idle ${idle.toFixed(0)} MB, after ${saves} saves ${afterLoad.toFixed(0)} MB (peak ${(loadPeak / MB).toFixed(0)}), upload growth ${growths.map((g) => g.toFixed(0)).join(', ')} MB, after uploads ${afterUploads.toFixed(0)} MB`,
      );
      const worstUpload = Math.max(...growths);
      return [
        {
          group,
          figure: 'idle resident memory',
          value: idle,
          unit: 'MB',
          target: `≤ ${IDLE_TARGET_MB[kind]} MB`,
          pass: idle <= IDLE_TARGET_MB[kind],
          note: '5 s after a restart, no request',
        },
        {
          group,
          figure: `after ${saves.toLocaleString('en-GB')} registrations (${CLIENTS} clients)`,
          value: afterLoad,
          unit: 'MB',
          target: `≤ ${AFTER_LOAD_RATIO} × idle`,
          ratio: `${(afterLoad / idle).toFixed(2)} × idle; peak ${(loadPeak / MB).toFixed(0)} MB; ${load.completed} saved, ${load.non2xx + load.errors} failed`,
          pass: afterLoad <= AFTER_LOAD_RATIO * idle && load.non2xx + load.errors === 0,
        },
        {
          group,
          figure: '5 MB photo upload: peak growth (worst of the uploads one at a time)',
          value: worstUpload,
          unit: 'MB',
          target: `< ${UPLOAD_GROWTH_TARGET_MB} MB`,
          ratio: `first ${growths[0]!.toFixed(0)} MB, then ${growths
            .slice(1)
            .map((g) => g.toFixed(0))
            .join(', ')} MB; after ${uploads} uploads ${afterUploads.toFixed(0)} MB`,
          pass: worstUpload < UPLOAD_GROWTH_TARGET_MB && failed === 0,
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await temp?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

export const memoryBenchmark: Benchmark = {
  name: 'memory',
  run: (ctx) => onBothDatabases(ctx, benchOn, { group: 'memory (PostgreSQL)', figure: 'idle resident memory', target: `≤ ${IDLE_TARGET_MB.PostgreSQL} MB` }),
};
