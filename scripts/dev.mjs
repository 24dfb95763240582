// `npm run dev`: the API server (restarted on change) on PORT (3000) and Vite's dev server with
// hot reload on 5173, which forwards /api and /files to the API server.
import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS, serverEnvironment } from '../src/server/process-settings.ts';

const children = [
  spawn(process.execPath, [...SERVER_NODE_FLAGS, '--watch', 'src/server/main.ts'], { stdio: 'inherit', env: serverEnvironment({ ...process.env, NODE_ENV: 'development' }) }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
