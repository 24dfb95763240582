// The public API's request counts (decision 0078): every server of the fleet counts its clients'
// requests in fixed one-minute windows, in memory, and adds them to the shared `rate_limit_hits`
// rows in one statement every quarter second, reading back the fleet's totals. A request costs a
// statement of its own only when the count must be exact: when its client is near its quota, or
// when this server has counted a tenth of the quota for the client since its last flush. So a
// quota is never refused early (the fleet's count a server sees is never above the true one), and
// is overshot by at most a tenth of it per server and per flush; a client already over its quota
// is refused without a statement until its window ends.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../db/client.ts';

interface WindowCount {
  /** The client's count in the window, this request included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

export interface PublicApiCounter {
  /** Counts one request of `client` against `max` a window. */
  count(client: string, max: number): Promise<WindowCount>;
  /** Adds the counts held in memory to the database (the timer does it; shutdown and tests call it). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

interface Tally {
  /** The fleet's count as the database last answered it (all servers' flushed requests). */
  fleet: number;
  /** This server's requests not yet added to the database. */
  pending: number;
  /** This server's requests on their way to the database (in `fleet` once it answers). */
  sending: number;
  /** Requests this server let through on its own since the database last answered for the client. */
  unseen: number;
  /** The window's end, ms since the epoch. */
  endsAt: number;
}

/** Keys a flush writes in one statement. */
const FLUSH_BATCH = 500;

/** The part of a quota a server may count without a statement between two flushes. */
export const localShare = (max: number) => Math.floor(max / 10);

export function createPublicApiCounter(db: Queryable, options: { windowMs: number; flushMs?: number; now?: () => number }): PublicApiCounter {
  const { windowMs } = options;
  const flushMs = options.flushMs ?? 250;
  const now = options.now ?? Date.now;
  const tallies = new Map<string, Tally>();

  /** The row of a client's window: hashed, so the table holds no client address. */
  const rowKey = (client: string, endsAt: number) => createHash('sha256').update(`public-api ${client} ${endsAt}`).digest('base64url');

  /** Adds `hits` to each row; answers each row's new total. */
  async function add(rows: { key: string; hits: number; endsAt: number }[]): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    for (let start = 0; start < rows.length; start += FLUSH_BATCH) {
      const values: SQL[] = rows
        .slice(start, start + FLUSH_BATCH)
        .map((row) => sql`(${row.key}, ${row.hits}::integer, ${new Date(row.endsAt).toISOString()}::timestamptz)`);
      const result = await db.execute(sql`
        insert into rate_limit_hits as h (key, count, resets_at) values ${sql.join(values, sql`, `)}
        on conflict (key) do update set count = h.count + excluded.count
        returning h.key, h.count`);
      for (const row of rowsOf<{ key: string; count: number }>(result)) totals.set(row.key, Number(row.count));
    }
    return totals;
  }

  /** The database answered the fleet's total: the requests counted since are this server's pending ones. */
  function learn(tally: Tally, total: number) {
    tally.fleet = Math.max(tally.fleet, total);
    tally.unseen = tally.pending;
  }

  let flushing: Promise<void> = Promise.resolve();
  async function flushNow() {
    const at = now();
    const batch: { key: string; hits: number; endsAt: number; tally: Tally }[] = [];
    for (const [key, tally] of tallies) {
      if (tally.endsAt <= at) tallies.delete(key);
      else if (tally.pending > 0) {
        batch.push({ key, hits: tally.pending, endsAt: tally.endsAt, tally });
        tally.sending += tally.pending;
        tally.pending = 0;
      }
    }
    if (batch.length === 0) return;
    let totals: Map<string, number> | undefined;
    try {
      totals = await add(batch);
    } finally {
      for (const { key, hits, tally } of batch) {
        tally.sending -= hits;
        // Not written: kept for the next flush (a count is late, never lost while its window lasts).
        if (totals) learn(tally, totals.get(key) ?? 0);
        else tally.pending += hits;
      }
    }
  }
  const flush = () => (flushing = flushing.then(flushNow, flushNow));

  const timer = setInterval(() => flush().catch(() => undefined), flushMs);
  timer.unref();

  return {
    async count(client, max) {
      const at = now();
      const endsAt = (Math.floor(at / windowMs) + 1) * windowMs;
      const key = rowKey(client, endsAt);
      let tally = tallies.get(key);
      if (!tally) tallies.set(key, (tally = { fleet: 0, pending: 0, sending: 0, unseen: 0, endsAt }));
      const estimate = tally.fleet + tally.sending + tally.pending + 1;
      const share = localShare(max);
      // Until the database answers, a server lets through at most a share of the quota on its own.
      if (tally.fleet > max || (tally.unseen < share && estimate <= max - share)) {
        tally.pending += 1;
        tally.unseen += 1;
        return { current: estimate, ttl: endsAt - at };
      }
      const hits = tally.pending + 1;
      tally.pending = 0;
      tally.sending += hits;
      let total: number | undefined;
      try {
        total = (await add([{ key, hits, endsAt }])).get(key) ?? estimate;
      } finally {
        tally.sending -= hits;
        if (total === undefined) tally.pending += hits - 1;
        else learn(tally, total);
      }
      return { current: total, ttl: Math.max(0, endsAt - now()) };
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
