// The PGlite client as drizzle gets it. Two things make the embedded database serve a busy
// server better:
// - drizzle-orm's PGlite driver sends its own result parsers with every query (dates, times and
//   intervals left as PostgreSQL's text, which drizzle maps itself). PGlite then copies its whole
//   parser table, about 320 types, for that one query: 0.15 ms each time, a tenth of the server's
//   work for a registration. Here the same parsers are set on the client once, and each query (in
//   a transaction too) goes to PGlite without them: same results, no copy.
// - PGlite runs in the server's own thread. Queued statements ran back to back, and the event
//   loop read new requests only between runs of them, so under load one request in each run
//   waited for two (p99 twice p50). Statements and transactions now take turns: each starts one
//   turn of the event loop after the one before it ended, so the server reads the requests that
//   arrived meanwhile and serves them in the order they came.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

const asText = (value: string) => value;

/** Exactly the parsers drizzle-orm/pglite passes with each query (session.js). */
const DRIZZLE_PARSERS: Record<number, (value: string) => unknown> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

type Queries = Pick<PGlite | Transaction, 'query'>;

/** Pieces of work waiting for their turn, and whether one runs (GET /metrics: services/metrics.ts). */
interface TurnState {
  waiting: number;
  running: boolean;
}

/** Runs work one piece at a time, each a turn of the event loop after the one before it ended. */
export function turnQueue() {
  let last: Promise<unknown> = Promise.resolve();
  const state: TurnState = { waiting: 0, running: false };
  const inTurn = <R>(work: () => Promise<R>): Promise<R> => {
    state.waiting++;
    const result = last
      .then(() => nextTurn())
      .then(async () => {
        state.waiting--;
        state.running = true;
        try {
          return await work();
        } finally {
          state.running = false;
        }
      });
    last = result.catch(() => undefined);
    return result;
  };
  return Object.assign(inTurn, { state: (): TurnState => ({ ...state }) });
}

function forDrizzle<T extends Queries>(target: T, inTurn: (<R>(work: () => Promise<R>) => Promise<R>) | null): T {
  const run = inTurn ?? (<R>(work: () => Promise<R>) => work());
  return new Proxy(target, {
    get(object, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: Record<string, unknown>) =>
          run(() => object.query(query, params, options && { ...options, parsers: undefined }));
      }
      if (property === 'transaction' && 'transaction' in object) {
        return <R>(work: (tx: Transaction) => Promise<R>) =>
          run(() => (object as unknown as Pick<PGlite, 'transaction'>).transaction((tx) => work(forDrizzle(tx, null))));
      }
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** The client to hand to drizzle: call after `waitReady` (PGlite fills its array parsers then). `queue`: the caller's, to read its state. */
export function pgliteForDrizzle(client: PGlite, queue: <R>(work: () => Promise<R>) => Promise<R> = turnQueue()): PGlite {
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  return forDrizzle(client, queue);
}
