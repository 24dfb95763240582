// How the server's Node process is started (issue 27, docs/decisions/0036): `npm start`
// (scripts/start.mjs), `npm run dev` and the tests' and benchmarks' server process all use these,
// so the memory the benchmarks measure is the memory an operator gets.

/**
 * V8's young generation: 8 MB semi-spaces instead of the default that grows with the machine's
 * memory (64 MB each on a 24 GB machine, about 120 MB held idle). Measured: idle resident memory
 * about 100 MB lower; registrations per second unchanged within the run's noise.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--expose-gc'];

/**
 * One full garbage collection once the server is up: start-up (migrations, loading the modules)
 * leaves some 40 MB of garbage that V8 would keep until it needs the room. Does nothing when the
 * process was started without --expose-gc.
 */
export function releaseStartupGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * The process's environment: glibc's malloc keeps an arena per thread that allocated (libvips'
 * and libuv's threads decoding photos), and each arena keeps what it freed. Two arenas bound that
 * (a 5 MB photo's growth: about 90 MB -> 50 MB). An operator's own MALLOC_ARENA_MAX wins.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
