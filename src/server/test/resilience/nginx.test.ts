// README's nginx configuration (docs/nginx/pharmacy-champions.conf), as it stands, in front of the
// real server process with TRUST_PROXY=1: a page, an API call, a 7 MB upload, and the client's
// own address as the app sees it. Runs wherever Debian's nginx is installed (.ci/run installs it).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureWebDist } from '../context.ts';
import { freePort, REPO_ROOT, startServerProcess, type ServerProcess } from '../server-process.ts';

const NGINX = '/usr/sbin/nginx';
const SNIPPET = path.join(REPO_ROOT, 'docs', 'nginx', 'pharmacy-champions.conf');
/** Where the client is: nginx sees it, and so must the app. */
const CLIENT = '127.0.0.3';

/** The snippet with its two marked addresses changed, each exactly once. */
export function snippetFor(appPort: number, listenPort: number): string {
  const text = readFileSync(SNIPPET, 'utf8');
  const replace = (from: string, to: string, current: string) => {
    expect(current.split(from).length - 1, `"${from}" in ${SNIPPET}`).toBe(1);
    return current.replace(from, to);
  };
  return replace('listen 80;', `listen 127.0.0.1:${listenPort};`, replace('server 127.0.0.1:3000 ', `server 127.0.0.1:${appPort} `, text));
}

function nginxConf(prefix: string, snippet: string): string {
  const temp = (name: string) => path.join(prefix, 'temp', name);
  return `daemon off;
master_process off;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
${snippet}
}
`;
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers, localAddress: CLIENT, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Waits for a 200 from `url`; fails at once if nginx exits, and after 20 s with what it wrote. */
async function untilAnswering(url: string, exited: () => boolean, diagnosis: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!exited() && Date.now() < deadline) {
    if ((await send(url).catch(() => ({ status: 0 }))).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not answer ${url}:\n${diagnosis()}`);
}

let dir: string;
let server: ServerProcess | undefined;
let nginx: ChildProcess | undefined;
let nginxExited: Promise<unknown> = Promise.resolve();
let proxy: string;

describe("README's nginx configuration", () => {
  it('is the tested file, verbatim', () => {
    expect(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).toContain(`\`\`\`nginx\n${readFileSync(SNIPPET, 'utf8')}\`\`\``);
  });
});

describe.skipIf(!existsSync(NGINX))('behind nginx (docs/nginx/pharmacy-champions.conf)', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'champions-nginx-'));
    // Development logs every request with the client address the app settled on.
    server = await startServerProcess({
      dataDir: path.join(dir, 'data'),
      databaseUrl: 'memory://',
      env: { TRUST_PROXY: '1', NODE_ENV: 'development', LOG_LEVEL: 'debug', WEB_DIST: fixtureWebDist(dir) },
    });
    const prefix = path.join(dir, 'nginx');
    mkdirSync(path.join(prefix, 'temp'), { recursive: true });
    const listenPort = await freePort();
    writeFileSync(path.join(prefix, 'nginx.conf'), nginxConf(prefix, snippetFor(server.port, listenPort)));
    let output = '';
    nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    nginx.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exited = false;
    nginxExited = new Promise((resolve) => nginx!.once('exit', () => resolve((exited = true))));
    proxy = `http://127.0.0.1:${listenPort}`;
    const errorLog = () => (existsSync(path.join(prefix, 'error.log')) ? readFileSync(path.join(prefix, 'error.log'), 'utf8') : '');
    await untilAnswering(
      `${proxy}/healthz`,
      () => exited,
      () => `${output}\n${errorLog()}`,
    );
  }, 120_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) nginx.kill('SIGTERM');
    await nginxExited;
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a page and the API through nginx', async () => {
    const page = await send(`${proxy}/uk`);
    expect(page.status).toBe(200);
    expect(page.contentType).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root"></div>');

    const lookup = await send(`${proxy}/api/check_pharmacy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ placeId: 'fixture:uk:001' }),
    });
    expect(lookup.status).toBe(200);
    expect(JSON.parse(lookup.body)).toMatchObject({ status: 'ok' });
  });

  it('passes a 7 MB photo upload to the app (client_max_body_size), which answers it', async () => {
    const data = Buffer.alloc(5 * 1024 * 1024, 7).toString('base64');
    const upload = await send(`${proxy}/api/save-temp-pharmacist-image`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data, recaptchaToken: 'not solved' }),
    });
    // The app's refusal of an unsolved bot check, not nginx's 413.
    expect(upload.status).toBe(400);
    expect(JSON.parse(upload.body)).toMatchObject({ status: 'failed', errors: { recaptchaToken: expect.any(String) } });
  });

  it("makes the client's address the app's client address (X-Forwarded-For, TRUST_PROXY=1), whatever X-Forwarded-For the client sent", async () => {
    // Short: a long path segment is logged masked, as a token.
    const probe = '/api/nginx-probe';
    const answer = await send(`${proxy}${probe}`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(answer.status).toBe(404);
    const line = server!
      .output()
      .split('\n')
      .findLast((entry) => entry.includes('incoming request') && entry.includes(`"url":"${probe}"`));
    expect(line, server!.output().slice(-3000)).toBeDefined();
    expect(JSON.parse(line!).req.remoteAddress).toBe(CLIENT);
  });
});
