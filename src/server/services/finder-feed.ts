// The finder's snapshot and change feed for apps that keep listings offline (issue 38 item 3,
// docs/decisions/0051). The trigger on applications (migration 0027) writes a row to
// finder_changes for every listing that is listed, changed or delisted, in commit order; the feed
// answers each row with the listing's state NOW (an upsert when it is listed under that id in that
// market, else a delete), so a client that applies the pages in order ends with exactly the
// finder's listings, whatever happened in between. Cursors are opaque: base64url of
// `v1.<market>.<epoch>.<seq>`; the epoch is the database's feed (a restore starts a new one, and a
// cursor of another epoch answers 410, as does one older than the pruned horizon).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isCountry, type Country } from '#shared/markets.ts';
import type { FinderChange } from '#shared/schemas/finder-api.ts';
import { rowsOf, type Database, type Queryable } from '../db/client.ts';
import { LISTING_OF_A, toListing, type ListingRow } from './finder.ts';
import type { ScheduledJob } from './scheduled-jobs.ts';
import { readFeedState, versionOf, type FeedState } from './listings-version.ts';

const CURSOR_VERSION = 'v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface FeedCursor {
  market: Country;
  epoch: string;
  seq: number;
}

export const encodeCursor = (cursor: FeedCursor) =>
  Buffer.from(`${CURSOR_VERSION}.${cursor.market}.${cursor.epoch}.${cursor.seq}`, 'utf8').toString('base64url');

/** The cursor a string encodes; null when it is not one of ours. */
export function decodeCursor(text: string): FeedCursor | null {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(text)) return null;
  const parts = Buffer.from(text, 'base64url').toString('utf8').split('.');
  if (parts.length !== 4) return null;
  const [version, market, epoch, seq] = parts as [string, string, string, string];
  if (version !== CURSOR_VERSION || !isCountry(market) || !UUID.test(epoch) || !/^(0|[1-9][0-9]{0,15})$/.test(seq)) return null;
  const n = Number(seq);
  return Number.isSafeInteger(n) ? { market, epoch, seq: n } : null;
}

/** A listed application of `a`, as SQL: approved with a pin (the finder's own condition; the trigger's too). */
const IS_LISTED = sql`a.status = 'approved' and a.lat is not null and a.lng is not null`;

export type ChangesResult = { kind: 'invalid' } | { kind: 'expired' } | { kind: 'ok'; data: FinderChange[]; next: string; version: string };

interface ChangeRow extends Partial<ListingRow> {
  epoch: string;
  pruned_through: string | number;
  last_seq: string | number;
  seq: string | number | null;
  change_id: string | null;
}

/**
 * The market's changes after `since`, oldest first, at most `limit` rows of the feed (each listing
 * once a page). One statement, so the horizon, the rows and the listings' states are one snapshot.
 */
export async function readChanges(db: Queryable, market: Country, since: string, limit: number): Promise<ChangesResult> {
  const cursor = decodeCursor(since);
  if (!cursor || cursor.market !== market) return { kind: 'invalid' };
  const rows = rowsOf<ChangeRow>(
    await db.execute(sql`
      select f.epoch, f.pruned_through, greatest(f.pruned_through, coalesce((select max(seq) from finder_changes), 0)) as last_seq,
        c.seq, c.listing_id as change_id, ${LISTING_OF_A}
      from finder_feed f
      left join lateral (
        select seq, listing_id, market from finder_changes where market = ${market} and seq > ${cursor.seq} order by seq limit ${limit}
      ) c on true
      left join applications a on a.listing_id = c.listing_id and a.country = c.market and ${IS_LISTED}
      where f.id = 1
      order by c.seq`),
  );
  const feed = rows[0];
  if (!feed) return { kind: 'expired' };
  const state: FeedState = { epoch: feed.epoch, seq: Number(feed.last_seq), prunedThrough: Number(feed.pruned_through) };
  if (feed.epoch !== cursor.epoch || cursor.seq < state.prunedThrough) return { kind: 'expired' };
  // A seq past the last one (read from a replica behind the primary that handed it out): nothing yet.
  const data: FinderChange[] = [];
  const seen = new Set<string>();
  let last = cursor.seq;
  for (const row of rows) {
    if (row.seq === null || row.change_id === null) continue;
    last = Number(row.seq);
    if (seen.has(row.change_id)) continue;
    seen.add(row.change_id);
    data.push(row.listing_id ? { op: 'upsert', id: row.change_id, listing: toListing(row as ListingRow) } : { op: 'delete', id: row.change_id });
  }
  return { kind: 'ok', data, next: encodeCursor({ market, epoch: cursor.epoch, seq: last }), version: versionOf(state) };
}

/** Listings a snapshot reads at a time. */
const SNAPSHOT_BATCH = 1000;

export interface SnapshotHead {
  cursor: string;
  version: string;
}

/**
 * Writes a market's snapshot as JSON, `{"data":[...],"cursor":"..."}`, to `write` in pieces (a
 * batch of listings each), from one REPEATABLE READ transaction: the cursor is the feed's last seq
 * in the same snapshot as the listings, so a change is either in the listings or after the cursor.
 * Resolves to the cursor and version once the last piece is written. `write` must not wait for the client:
 * the transaction does not hold a connection (or, embedded, the database) for a slow reader.
 */
export async function writeSnapshot(db: Database, market: Country, write: (piece: string) => void): Promise<SnapshotHead> {
  return db.transaction(
    async (tx) => {
      const state = await readFeedState(tx);
      const top = { cursor: encodeCursor({ market, epoch: state.epoch, seq: state.seq }), version: versionOf(state) };
      write('{"data":[');
      let after = '00000000-0000-0000-0000-000000000000';
      let first = true;
      for (;;) {
        const rows = rowsOf<ListingRow>(
          await tx.execute(sql`select ${LISTING_OF_A} from applications a
            where a.country = ${market} and ${IS_LISTED} and a.listing_id > ${after}::uuid
            order by a.listing_id limit ${SNAPSHOT_BATCH}`),
        );
        if (rows.length === 0) break;
        const json = rows.map((row) => JSON.stringify(toListing(row))).join(',');
        write(first ? json : `,${json}`);
        first = false;
        after = rows.at(-1)!.listing_id;
        if (rows.length < SNAPSHOT_BATCH) break;
      }
      write(`],"cursor":${JSON.stringify(top.cursor)}}`);
      return top;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Deletes the changes older than `days` days, as a prefix of the feed (every seq up to the newest
 * old one: seq order is commit order, `at` is when each transaction began), and moves the horizon
 * to it in the same transaction: a cursor before it answers 410.
 */
export async function pruneFeed(db: Database, days: number): Promise<{ pruned: number; prunedThrough: number }> {
  return db.transaction(async (tx) => {
    const [cut] = rowsOf<{ seq: string | number | null }>(
      await tx.execute(sql`select max(seq) as seq from finder_changes where at < now() - make_interval(days => ${days})`),
    );
    if (cut?.seq === null || cut?.seq === undefined) return { pruned: 0, prunedThrough: (await readFeedState(tx)).prunedThrough };
    const through = Number(cut.seq);
    const deleted = rowsOf(await tx.execute(sql`delete from finder_changes where seq <= ${through} returning seq`)).length;
    await tx.execute(
      sql`insert into finder_feed (id, pruned_through) values (1, ${through}) on conflict (id) do update set pruned_through = greatest(finder_feed.pruned_through, excluded.pruned_through)`,
    );
    return { pruned: deleted, prunedThrough: through };
  });
}

/** The daily pruning of the change feed, on one server of the fleet a turn (services/scheduled-jobs.ts). */
export function finderFeedPruneJob(db: Database, days: number, log: { info(obj: object, msg: string): void }): ScheduledJob {
  return {
    name: 'finder-feed-prune',
    everyMs: 24 * 60 * 60_000,
    async run() {
      const { pruned, prunedThrough } = await pruneFeed(db, days);
      if (pruned > 0) log.info({ pruned, prunedThrough }, 'finder change feed: old changes pruned');
    },
  };
}

/** A short hash of a request's parameters, for ETags built on the listings version. */
export const queryHashOf = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
