// Photo upload: a 5 MB JPEG through POST /api/save-temp-pharmacist-image (base64 JSON, as the
// form sends it), p50/p99 time and the server's memory, against the baseline of re-encoding the
// same bytes with sharp alone in this process (the work the server cannot avoid).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reencodePhoto } from '../src/server/services/files/photos.ts';
import { fiveMegabyteJpeg } from '../src/server/test/images.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';
import type { Benchmark, Row } from './lib/report.ts';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { percentile } from '../src/server/test/pool.ts';

const MB = 1024 * 1024;

export const photoBenchmark: Benchmark = {
  name: 'photo upload',
  async run(ctx) {
    const group = 'photo upload (5 MB JPEG)';
    const count = ctx.quick ? 8 : 30;
    const jpeg = await fiveMegabyteJpeg();
    const data = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    // Each upload carries its own solved bot check, as the photo input sends it.
    const body = (recaptchaToken: string) => JSON.stringify({ data, recaptchaToken });

    const baseline: number[] = [];
    for (let i = 0; i < Math.min(count, 10); i++) {
      const t0 = performance.now();
      await reencodePhoto(jpeg, 'image/jpeg');
      baseline.push(performance.now() - t0);
    }

    const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-bench-photo-'));
    // The daily upload quota per address would stop a bench that uploads from one address all day.
    const server = await startServerProcess({ dataDir, env: { UPLOAD_DAILY_MB: '100000' } });
    try {
      const tokens = await solvedTokensFrom(server.url, count + 4);
      const rssStart = server.rss();
      let rssPeak = rssStart;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rss())), 20);
      const times: number[] = [];
      let failures = 0;
      ctx.log(`${group}: ${count} uploads of ${(jpeg.length / MB).toFixed(2)} MB, one at a time`);
      const sequentialStart = performance.now();
      for (let i = 0; i < count; i++) {
        const t0 = performance.now();
        const response = await fetch(`${server.url}/api/save-temp-pharmacist-image`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: body(tokens[i]!),
        });
        await response.arrayBuffer();
        times.push(performance.now() - t0);
        if (response.status !== 200) failures++;
      }
      const throughput = count / ((performance.now() - sequentialStart) / 1000);
      // Four at once: memory with parallel decodes.
      const parallel = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          fetch(`${server.url}/api/save-temp-pharmacist-image`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: body(tokens[count + i]!),
          }).then((r) => r.status),
        ),
      );
      failures += parallel.filter((s) => s !== 200).length;
      clearInterval(sampler);
      await new Promise((r) => setTimeout(r, 500));
      const rssEnd = server.rss();
      const p50 = percentile(times, 50);
      const base50 = percentile(baseline, 50);
      const rows: Row[] = [
        {
          group,
          figure: 'upload p50 (HTTP, base64 JSON)',
          value: p50,
          unit: 'ms',
          target: '< 500 ms',
          ratio: `${(p50 / base50).toFixed(2)} × sharp alone (${base50.toFixed(0)} ms)`,
          pass: p50 < 500,
        },
        { group, figure: 'upload p99', value: percentile(times, 99), unit: 'ms', target: '', pass: null },
        { group, figure: 'throughput, one at a time', value: throughput, unit: 'uploads/s', target: '', pass: null },
        { group, figure: 'failed uploads', value: failures, unit: '', target: '0', pass: failures === 0 },
        {
          group,
          figure: 'server RSS growth (peak − start)',
          value: (rssPeak - rssStart) / MB,
          unit: 'MB',
          target: '',
          ratio: `start ${(rssStart / MB).toFixed(0)} MB, peak ${(rssPeak / MB).toFixed(0)} MB, after ${(rssEnd / MB).toFixed(0)} MB`,
          pass: null,
        },
      ];
      return rows;
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
