// `npm start`: build the web app if it has not been built from the sources as they are, then run the server
// (which applies database migrations before it listens).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS, serverEnvironment } from '../src/server/process-settings.ts';
import { buildIsCurrent } from './build-stamp.ts';

// WEB_DIST may name another build (the server reads the same setting); only the default one is built here.
const defaultDist = fileURLToPath(new URL('../dist/web', import.meta.url));
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : defaultDist;
if (webDist !== defaultDist && !existsSync(path.join(webDist, 'index.html'))) {
  console.error(`WEB_DIST=${process.env.WEB_DIST} holds no index.html: build the web app there first, or unset WEB_DIST.`);
  process.exit(1);
}
// Built again when the build is not that of the sources as they are now (an upgrade, a local
// change: scripts/build-stamp.mjs), or from before the server renderer (dist/web/.ssr, decision 0037).
const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(path.join(defaultDist, 'index.html')) && existsSync(path.join(defaultDist, '.ssr', 'entry-server.js'));
if (webDist === defaultDist && (!built || !buildIsCurrent(root, defaultDist) || process.env.REBUILD === '1')) {
  console.log(built ? 'Building the web app again: its sources have changed since the last build…' : 'Building the web app (first start only)…');
  // The browser's bundle, then the server's renderer of the public pages (decision 0037), as `npm run build`.
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Node runs the TypeScript sources itself (type stripping; erasable syntax only, docs/decisions/0001),
// with the memory settings of src/server/process-settings.ts (docs/decisions/0036).
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
  stdio: 'inherit',
  env: serverEnvironment({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' }),
});
// Pass stop signals on, so the server can finish in-flight requests before it exits.
const forwarded = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    forwarded.add(signal);
    server.kill(signal);
  });
}
// The server's own exit code; a death by a signal nobody here sent (out-of-memory kill, crash) is a
// failure, 128 + the signal's number as a shell reports it, so that a supervisor restarts the site.
server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  if (signal && forwarded.has(signal)) process.exit(0);
  process.exit(128 + (constants.signals[signal] ?? 0));
});
