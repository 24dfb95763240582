// `npm run dev`: the API server (restarted on change) on PORT (3000) and Vite's dev server with
// hot reload on 5173, which forwards /api and /files to the API server on PORT (vite.config.ts).
// Vite starts once the API answers; an API that cannot start stops the whole command with its
// reason, rather than leaving a UI whose every call fails.
import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS, serverEnvironment } from '../src/server/process-settings.ts';

const port = Number(process.env.PORT ?? 3000);
const VITE_PORT = 5173;
/** Migrations on a first start take a while; longer than this, and the API is not coming. */
const API_START_MS = 120_000;

const children = [];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// Node's --watch keeps a crashed server's process alive, waiting for a change: its output says so.
const api = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--watch', 'src/server/main.ts'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: serverEnvironment({ ...process.env, NODE_ENV: 'development' }),
});
children.push(api);
let apiStarted = false;
const apiFailed = new Promise((resolve) => {
  const watch = (chunk) => {
    if (!apiStarted && /Failed running/.test(chunk.toString())) resolve('it stopped with the error above');
  };
  api.stdout.on('data', (chunk) => (process.stdout.write(chunk), watch(chunk)));
  api.stderr.on('data', (chunk) => (process.stderr.write(chunk), watch(chunk)));
  api.on('exit', (code) => resolve(`it exited (${code})`));
});

async function apiAnswers() {
  const deadline = Date.now() + API_START_MS;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const started = await Promise.race([apiAnswers().then((ok) => (ok ? 'ok' : `it did not answer on port ${port} within ${API_START_MS / 1000} s`)), apiFailed]);
if (started !== 'ok') {
  console.error(`\nnpm run dev: the API server could not start: ${started}. Vite was not started; fix the error and run npm run dev again.`);
  stop(1);
} else if (!stopping) {
  apiStarted = true;
  const vite = spawn('npx', ['vite', '--port', String(VITE_PORT), '--strictPort'], { stdio: 'inherit', env: { ...process.env, PORT: String(port) } });
  children.push(vite);
  vite.on('exit', (code) => stop(code ?? 0));
  api.on('exit', (code) => stop(code ?? 0));
  console.log(`\nnpm run dev: open http://localhost:${VITE_PORT}/uk/ (also /it/ and /de/); the API server runs on http://localhost:${port}.\n`);
}
