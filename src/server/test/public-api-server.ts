// The public API on a real socket, and Stoplight Prism in front of it as a validating proxy (issue 38
// item 9). The API tests use `inject`; Prism and the example client need a port to connect to.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { createTestContext, type TestContext } from './context.ts';
import { freePort, REPO_ROOT } from './server-process.ts';

/** The committed OpenAPI document of the public API, which the conformance tests and the example client read. */
export const PUBLIC_API_DOCUMENT = path.join(REPO_ROOT, 'docs', 'api', 'finder-v1.openapi.json');

export interface ListeningApp extends TestContext {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
}

/** The app on a fresh database (createTestContext), listening on a free loopback port. */
export async function startListeningApp(overrides: Partial<Config> = {}, options: Parameters<typeof createTestContext>[1] = {}): Promise<ListeningApp> {
  const ctx = await createTestContext(overrides, options);
  try {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await ctx.close();
    throw error;
  }
  const { port } = ctx.app.server.address() as AddressInfo;
  return { ...ctx, url: `http://127.0.0.1:${port}` };
}

export interface PrismProxy {
  /** http://127.0.0.1:<port> of the proxy. */
  url: string;
  /** Prism's log so far (stdout and stderr). */
  output(): string;
  /** Forgets the log so far, so that `violations()` reads only what came after. */
  clearOutput(): void;
  /** The log lines that report a violation of the document, by the request or by the answer. */
  violations(): string[];
  stop(): Promise<void>;
}

const prismBin = () => path.join(path.dirname(fileURLToPath(import.meta.resolve('@stoplight/prism-cli/package.json'))), 'dist', 'index.js');

/**
 * `prism proxy DOCUMENT UPSTREAM --errors` as a child process on a free port: every request and
 * answer validated against the document; with `--errors` a violation of the answer is an error answer
 * (500, Prism's problem type) and `sl-violations` names it. `validateRequest: false` lets a request the
 * document refuses through to the server, so that the server's own answer to it is validated.
 */
export async function startPrismProxy(document: string, upstream: string, options: { validateRequest?: boolean } = {}): Promise<PrismProxy> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startPrismOnce(document, upstream, await freePort(), options);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function startPrismOnce(document: string, upstream: string, port: number, options: { validateRequest?: boolean }): Promise<PrismProxy> {
  const args = [prismBin(), 'proxy', document, upstream, '--errors', '--port', String(port), '--host', '127.0.0.1', '--cors', 'false'];
  if (options.validateRequest === false) args.push('--validate-request', 'false');
  // No network but the loopback: no proxy settings are passed on, and the document is a local file.
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  while (!/Prism is listening/.test(output)) {
    if (exitedEarly || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`Prism did not start on ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    output: () => output,
    clearOutput: () => {
      output = '';
    },
    violations: () => output.split('\n').filter((line) => /violation/i.test(line)),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
