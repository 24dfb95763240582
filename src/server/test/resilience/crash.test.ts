// Crash durability and graceful shutdown of the real server process (src/server/main.ts):
// on-disk PGlite by default, PostgreSQL with TEST_DB=postgres. The full-size run is in `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../context.ts';
import { crashDurability } from '../crash.ts';
import { createTempDatabase, type TempDatabase } from '../postgres.ts';
import { startServerProcess } from '../server-process.ts';
import { fiveMegabyteJpeg } from '../images.ts';
import { solvedTokensFrom } from '../bot-check.ts';
import { validApplication } from '../payloads.ts';

let dataDir: string;
let temp: TempDatabase | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'champions-crash-'));
  if (usingPostgres()) temp = await createTempDatabase(process.env.TEST_DATABASE_URL!);
});

afterAll(async () => {
  await temp?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash durability', () => {
  it('keeps every acknowledged application and photo through a SIGKILL mid-load, and nothing half-written', async () => {
    const report = await crashDurability({
      dataDir: path.join(dataDir, 'kill'),
      databaseUrl: temp?.url,
      registrations: 240,
      concurrency: 16,
      killAfterAcks: 60,
    });
    expect(report.acknowledged).toBeGreaterThanOrEqual(60);
    expect(report.acknowledgedPhotos).toBeGreaterThan(0);
    expect(report.missing).toEqual([]);
    expect(report.incomplete).toEqual([]);
    expect(report.photosMissing).toEqual([]);
    expect(report.halfWritten).toEqual([]);
    // A file's row and bytes are one transaction, and nothing is written under DATA_DIR/files.
    expect(report.leftovers).toEqual([]);
    // Saves that were answered are all there; saves cut off by the kill either committed or not.
    expect(report.storedAfterRestart).toBeGreaterThanOrEqual(report.acknowledged + 1);
    expect(report.storedAfterRestart).toBeLessThanOrEqual(report.acknowledged + 1 + 16);
    expect(report.restartedOk).toBe(true);
    expect(report.exitAfterRestart).toBe(0);
  }, 180_000);
});

/** A POST whose answer we wait for, from a chosen loopback address; `sent` resolves once the whole body is on the wire. */
function postRaw(url: string, body: string, localAddress = '127.0.0.1'): { sent: Promise<void>; answer: Promise<{ status: number; body: string }> } {
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (c: string) => (text += c));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body, () => markSent());
  });
  return { sent, answer };
}

describe('graceful shutdown', () => {
  it('finishes the requests in flight on SIGTERM, then exits 0 and takes no more', async () => {
    // At debug the server logs each request as it comes in, which tells the test when all are inside.
    const server = await startServerProcess({
      dataDir: path.join(dataDir, 'term'),
      databaseUrl: temp?.url,
      env: { NODE_ENV: 'development', LOG_LEVEL: 'debug' },
    });
    try {
      const jpeg = await fiveMegabyteJpeg();
      const tokens = await solvedTokensFrom(server.url, 4);
      const photoTokens = await solvedTokensFrom(server.url, 4);
      // Four 5 MB photos (each about 200 ms of decoding and re-encoding) and four saves at once.
      const inFlight = [
        // Each photo from an address of its own: one address may have two uploads in flight (decision 0043).
        ...photoTokens.map((recaptchaToken, i) =>
          postRaw(`${server.url}/api/save-temp-pharmacist-image`, JSON.stringify({ data: jpeg.toString('base64'), recaptchaToken }), `127.0.0.${10 + i}`),
        ),
        ...tokens.map((recaptchaToken, i) =>
          postRaw(
            `${server.url}/api/save-pharmacist`,
            JSON.stringify(validApplication({ country: 'uk', distinct: { run: 'term', index: 700_000 + i } }, { recaptchaToken })),
          ),
        ),
      ];
      await Promise.all(inFlight.map((r) => r.sent));
      // SIGTERM once the server has taken all eight in: a connection still waiting in the kernel's
      // queue would be refused, and on a busy machine no fixed pause is long enough.
      const taken = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('incoming request') && /\/api\/save-(temp-pharmacist-image|pharmacist)/.test(line)).length;
      await expect.poll(taken, { timeout: 60_000, interval: 20, message: `requests the server took in:\n${server.output().slice(-4000)}` }).toBe(8);
      server.child.kill('SIGTERM');
      const answers = await Promise.all(inFlight.map((r) => r.answer));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      for (const a of answers) expect(JSON.parse(a.body).status).toBe('ok');
      const exit = await server.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    } finally {
      await server.kill();
    }
  }, 120_000);
});
