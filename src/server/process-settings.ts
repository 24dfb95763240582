// How the server's Node process is started (issue 27, docs/decisions/0036): `npm start`
// (scripts/start.mjs), `npm run dev` and the tests' and benchmarks' server process all use these,
// so the memory the benchmarks measure is the memory an operator gets.
import type { Server } from 'node:http';

/**
 * V8's young generation: 8 MB semi-spaces instead of the default that grows with the machine's
 * memory (64 MB each on a 24 GB machine, about 120 MB held idle). Measured: idle resident memory
 * about 100 MB lower; registrations per second unchanged within the run's noise.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--expose-gc'];

type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * A full garbage collection that also compacts the heap and gives its free pages back to the
 * system ('last-resort'). V8 alone keeps them until it needs the room: start-up (migrations,
 * loading the modules) leaves some 40 MB, a burst of requests more. Does nothing when the process
 * was started without --expose-gc.
 */
export function releaseMemory(): void {
  (globalThis as { gc?: Collect }).gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** How long without a new request counts as quiet. */
const QUIET_MS = 5_000;

/**
 * Releases memory once each time the server goes quiet after answering requests: a busy hour's
 * heap is given back when the hour is over, at the cost of one collection (tens of milliseconds)
 * when nobody is waiting. Returns the function that stops watching.
 */
export function releaseMemoryWhenQuiet(server: Server, quietMs = QUIET_MS): () => void {
  let lastRequest = 0;
  let served = false;
  const onRequest = () => {
    lastRequest = Date.now();
    served = true;
  };
  server.on('request', onRequest);
  const timer = setInterval(() => {
    if (!served || Date.now() - lastRequest < quietMs) return;
    served = false;
    releaseMemory();
  }, quietMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}

/**
 * The process's environment: glibc's malloc keeps an arena per thread that allocated (libvips'
 * and libuv's threads decoding photos), and each arena keeps what it freed. Two arenas bound that
 * (a 5 MB photo's growth: about 90 MB -> 50 MB). An operator's own MALLOC_ARENA_MAX wins.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
