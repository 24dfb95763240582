// Issue 27: the server started as npm start starts it loads sharp, pdf-lib, nodemailer and the
// bundled places with the first request that needs each, never at start: a site that gets no photo
// holds no libvips. (pdf-lib comes with the first 'received' e-mail, which carries a PDF: issue 41.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedTokensFrom } from './test/bot-check.ts';
import { validApplication } from './test/payloads.ts';
import { REPO_ROOT, startServerProcess, type ServerProcess } from './test/server-process.ts';

const HOOK = path.join(REPO_ROOT, 'src', 'server', 'test', 'module-load-hook.ts');
let dataDir: string;
let server: ServerProcess;

const loaded = () => [...server.output().matchAll(/module-loaded:([\w-]+)/g)].map((m) => m[1]).sort();
const post = (url: string, body: unknown) =>
  fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'champions-lazy-'));
  server = await startServerProcess({ dataDir, nodeArgs: ['--import', HOOK] });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('heavy modules load on first use', () => {
  it('loads none of them at start, nor for a page', async () => {
    expect((await fetch(`${server.url}/uk/`)).status).toBe(200);
    expect(loaded()).toEqual([]);
  });

  it("loads sharp with the first photo, and nodemailer and pdf-lib with the first 'received' e-mail (its copy of the answers, decision 0067)", async () => {
    const [photoToken, formToken] = await solvedTokensFrom(server.url, 2);
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    expect((await post('/api/save-temp-pharmacist-image', { data: photo.toString('base64'), recaptchaToken: photoToken })).status).toBe(200);
    expect(loaded()).toEqual(['sharp']);

    expect((await post('/api/save-pharmacist', { ...validApplication({ country: 'uk' }), recaptchaToken: formToken })).status).toBe(200);
    // The "received" e-mail is sent in the background, after the answer.
    await expect.poll(loaded, { timeout: 20_000 }).toEqual(['nodemailer', 'pdf-lib', 'sharp']);
  });

  it('runs with the memory settings npm start gives it (decision 0036)', () => {
    const args = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    const env = readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0');
    expect(args).toEqual(expect.arrayContaining(['--max-semi-space-size=8', '--expose-gc', 'src/server/main.ts']));
    expect(env).toContain('MALLOC_ARENA_MAX=2');
  });

  it('loads the bundled places with the first place search', async () => {
    const response = await fetch(`${server.url}/api/places/search?q=pharmacy&market=uk`);
    expect(response.status).toBe(200);
    expect(loaded()).toContain('places-fixture');
  });
});
