// `npm start`: build the web app if it has not been built yet, then run the server
// (which applies database migrations before it listens).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const builtIndex = new URL('../dist/web/index.html', import.meta.url);
if (!existsSync(builtIndex) || process.env.REBUILD === '1') {
  console.log('Building the web app (first start only)…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
// Pass stop signals on, so the server can finish in-flight requests before it exits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
