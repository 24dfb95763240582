// The load generator, run as its own process (child_process) so that it does not share the
// server's event loop or CPU accounting: autocannon with a fixed list of request bodies.
//   node --import tsx bench/lib/load-client.ts <job.json>
// job: { url, method, path, connections, bodies?: string (file of JSON lines), pathsFile?: string (file of
//        paths, one a line, cycled one per request instead of `path`), amount?, durationSeconds?, headers?,
//        overallRate?: requests per second over all connections (paced; unset: as fast as answered) }
// Prints one JSON line with the result on stdout.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

interface Job {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  bodiesFile?: string;
  /** A file of request paths (with their query strings), one a line, cycled one per request. */
  pathsFile?: string;
  /** Requests per second over all connections (autocannon's overallRate); unset: each connection sends its next request when answered. */
  overallRate?: number;
  amount?: number;
  durationSeconds?: number;
  headers?: Record<string, string>;
  timeoutSeconds?: number;
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Job;
const bodies = job.bodiesFile ? readFileSync(job.bodiesFile, 'utf8').split('\n').filter(Boolean) : [];
const paths = job.pathsFile ? readFileSync(job.pathsFile, 'utf8').split('\n').filter(Boolean) : [];
let next = 0;
let nextPath = 0;
const statusCounts: Record<string, number> = {};

const instance = autocannon(
  {
    url: job.url,
    connections: job.connections,
    timeout: job.timeoutSeconds ?? 30,
    ...(job.overallRate ? { overallRate: job.overallRate } : {}),
    ...(bodies.length ? { amount: job.amount ?? bodies.length } : job.amount ? { amount: job.amount } : { duration: job.durationSeconds ?? 5 }),
    requests: [
      {
        method: job.method,
        path: job.path,
        headers: { ...(bodies.length ? { 'content-type': 'application/json' } : {}), ...job.headers },
        ...(bodies.length || paths.length
          ? {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                ...(bodies.length ? { body: bodies[next++ % bodies.length] } : {}),
                ...(paths.length ? { path: paths[nextPath++ % paths.length] } : {}),
              }),
            }
          : {}),
      },
    ],
  },
  (error, result) => {
    if (error) throw error;
    done(result);
  },
);
// autocannon notices the end on its once-a-second tick, so its own duration is rounded up:
// time the run from the start to the last response instead.
const started = performance.now();
let lastResponse = started;
instance.on('response', (_client: unknown, statusCode: number) => {
  statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
  lastResponse = performance.now();
});
function done(result: autocannon.Result) {
  const seconds = (lastResponse - started) / 1000;
  const completed = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `${JSON.stringify({
      seconds,
      completed,
      perSecond: completed / seconds,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCounts,
    })}\n`,
  );
}
