// The listings version (issue 38 item 7, docs/decisions/0051): a short string that changes whenever
// anything the finder lists changes, in every market, on every server of the fleet at once. The
// public API builds its ETags from it, so that a conditional request answers 304 without a query.
// It is the change feed's epoch (a random id of the database's feed, new after a restore) and its
// last seq, kept in memory: the trigger on applications NOTIFYs `finder_listings` with each commit
// (migration 0027), and every server LISTENs; a notification makes the next read ask the database
// once. While the listening connection is down (PostgreSQL restarted, network), every call reads
// the database, and listening is tried again with a growing pause.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type DatabaseHandle, type Queryable } from '../db/client.ts';

/** The channel the trigger finder_changes_of_applications notifies on (migration 0027). */
export const LISTINGS_CHANNEL = 'finder_listings';

/**
 * Cache-Control of the public API's listing answers (search, snapshot, changes, a listing): a CDN
 * or the app may serve an answer for 30 s, then another 30 s while it revalidates in the
 * background, so a delisting disappears from every cache within 60 s at most.
 */
export const PUBLIC_LISTINGS_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=30';

/** The change feed's state: its epoch and the last seq any reader may see (never below the pruned horizon). */
export interface FeedState {
  epoch: string;
  seq: number;
  prunedThrough: number;
}

/** Reads the feed's state; creates the feed's row when missing (a database migrated before it existed is given one by migration 0027). */
export async function readFeedState(db: Queryable): Promise<FeedState> {
  const read = async () =>
    rowsOf<{ epoch: string; seq: string | number; pruned_through: string | number }>(
      await db.execute(
        sql`select f.epoch, greatest(f.pruned_through, coalesce((select max(seq) from finder_changes), 0)) as seq, f.pruned_through from finder_feed f where f.id = 1`,
      ),
    )[0];
  let row = await read();
  if (!row) {
    await db.execute(sql`insert into finder_feed (id) values (1) on conflict do nothing`);
    row = await read();
  }
  return { epoch: row!.epoch, seq: Number(row!.seq), prunedThrough: Number(row!.pruned_through) };
}

/** The version of a feed state: the epoch's first 8 hex digits and the seq (e.g. `3f9d0c1a.1234`). */
export const versionOf = (state: Pick<FeedState, 'epoch' | 'seq'>) => `${state.epoch.replaceAll('-', '').slice(0, 8)}.${state.seq}`;

export interface ListingsVersion {
  /** The current version; no query while the notifications are up and nothing changed since the last read. */
  current(): Promise<string>;
  /** True while this server listens for changes (false: each current() reads the database). */
  listening(): boolean;
  /** Stops listening (the app's close). */
  close(): Promise<void>;
}

const RETRY_FIRST_MS = 1_000;
const RETRY_MOST_MS = 30_000;

/**
 * The listings version of a database, kept up to date by LISTEN finder_listings. `log` gets one
 * warning when listening is lost and one line when it is back.
 */
export async function createListingsVersion(
  database: Pick<DatabaseHandle, 'db' | 'listen'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<ListingsVersion> {
  let known: string | null = null;
  /** Bumped by every notification: a read that began before one must not be kept. */
  let generation = 0;
  let listening = false;
  let closed = false;
  let stop: (() => Promise<void>) | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryMs = RETRY_FIRST_MS;

  const changed = () => {
    generation += 1;
    known = null;
  };

  const lost = (error: unknown) => {
    if (closed) return;
    if (listening)
      log.warn({ err: error }, 'listings version: the notifications of listing changes were lost; each request reads the version until they are back');
    listening = false;
    stop = null;
    changed();
    scheduleListen();
  };

  const listen = async () => {
    retryTimer = null;
    if (closed) return;
    try {
      const stopListening = await database.listen(LISTINGS_CHANNEL, changed, lost);
      if (closed) return void (await stopListening());
      stop = stopListening;
      // Anything may have changed while no one listened.
      changed();
      if (retryMs > RETRY_FIRST_MS) log.info('listings version: listening for listing changes again');
      listening = true;
      retryMs = RETRY_FIRST_MS;
    } catch (error) {
      lost(error);
    }
  };

  function scheduleListen() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => void listen(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MOST_MS);
  }

  await listen();

  return {
    async current() {
      if (listening && known !== null) return known;
      const started = generation;
      const version = versionOf(await readFeedState(database.db));
      if (listening && started === generation) known = version;
      return version;
    },
    listening: () => listening,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      listening = false;
      await stop?.();
    },
  };
}
