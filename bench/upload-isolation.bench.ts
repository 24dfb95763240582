// Upload isolation: can anonymous photo uploads starve registrations? The p95 of registrations
// (4 at a time, PGlite) is measured alone, then again in the same run while six uploaders each
// send 5 MB camera-like JPEGs back to back (each with its own solved bot check, as the photo
// input does). Image work runs on a one-at-a-time pool, so the target is: p95 with uploads at
// most 2 × p95 alone.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT, startServerProcess } from '../src/server/test/server-process.ts';
import type { Benchmark, Row } from './lib/report.ts';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { validApplication } from '../src/server/test/payloads.ts';
import { percentile, pool } from '../src/server/test/pool.ts';

const UPLOADERS = 6;
const CONCURRENT_REGISTRATIONS = 4;

export const uploadIsolationBenchmark: Benchmark = {
  name: 'upload isolation',
  async run(ctx) {
    const group = 'upload isolation (PGlite)';
    const count = ctx.quick ? 100 : 400;
    const warmUp = 50;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-bench-isolation-'));
    // One address uploads all day here: the per-address daily quota is raised out of the way.
    const server = await startServerProcess({ dataDir, env: { UPLOAD_DAILY_MB: '100000' } });
    try {
      const tokens = await solvedTokensFrom(server.url, warmUp + 2 * count);
      let next = 0;
      const register = async (): Promise<number> => {
        const i = next++;
        const body = JSON.stringify(validApplication({ country: 'uk', distinct: { run: 'isolation', index: 600_000 + i } }, { recaptchaToken: tokens[i] }));
        const t0 = performance.now();
        const response = await fetch(`${server.url}/api/save-pharmacist`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`registration answered ${response.status}`);
        return performance.now() - t0;
      };

      await pool(warmUp, CONCURRENT_REGISTRATIONS, register);
      ctx.log(`${group}: ${count} registrations alone, ${CONCURRENT_REGISTRATIONS} at a time`);
      const alone = await pool(count, CONCURRENT_REGISTRATIONS, register);

      ctx.log(`${group}: ${count} registrations while ${UPLOADERS} uploaders (another process) send 4.8 MB JPEGs back to back`);
      const uploaders = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'lib', 'uploaders.ts'), server.url, String(UPLOADERS)], {
        cwd: REPO_ROOT,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines = createInterface({ input: uploaders.stdout! })[Symbol.asyncIterator]();
      const nextLine = async () => String((await lines.next()).value ?? '');
      if ((await nextLine()) !== 'started') throw new Error('uploaders did not start');
      const withUploads = await pool(count, CONCURRENT_REGISTRATIONS, register);
      uploaders.stdin!.end('stop\n');
      const statuses = JSON.parse(await nextLine()) as Record<string, number>;

      const p95Alone = percentile(alone, 95);
      const p95With = percentile(withUploads, 95);
      const factor = p95With / p95Alone;
      const uploads = Object.values(statuses).reduce((a, b) => a + b, 0);
      const rows: Row[] = [
        { group, figure: 'registration p95 alone', value: p95Alone, unit: 'ms', target: '', pass: null },
        {
          group,
          figure: `registration p95 with ${UPLOADERS} uploaders`,
          value: p95With,
          unit: 'ms',
          target: '≤ 2 × alone',
          ratio: `${factor.toFixed(2)} × alone`,
          pass: factor <= 2,
        },
        {
          group,
          figure: 'uploads answered meanwhile',
          value: uploads,
          unit: '',
          target: '',
          ratio: Object.entries(statuses)
            .map(([status, n]) => `${n} × ${status}`)
            .join(', '),
          pass: null,
          note: '503 = the image pool was full (Retry-After); the photo input shows "try again"',
        },
      ];
      return rows;
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
