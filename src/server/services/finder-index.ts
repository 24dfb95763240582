// The public search from memory (issue 38 item 10, docs/decisions/0075): each server keeps the
// listed pharmacies of every market in memory, with a static k-d tree per market (kdbush), and
// answers GET /api/v1/finder/search from it without a statement. The model knows the listings
// version it reflects; before a search it is caught up from the change feed (finder_changes after
// its seq, each changed listing read in its state now, as the feed does) whenever the version this
// server knows is newer, so a delisting committed through any server of the fleet is gone from
// every server's answers once that server knows the new version. A new epoch (a restore) or a
// pruned horizon past the model's seq reloads it whole. The answers are the SQL search's
// (finder-search.ts, the reference): the same haversine term, ties by listing id, the same cursor.
// Each listing's JSON text is made once, when the model takes it; an answer's body is assembled from
// those texts (the same bytes JSON.stringify gives the answer), not serialised per request.
import KDBush from 'kdbush';
import { sql } from 'drizzle-orm';
import type { FinderSearchQuery } from '#shared/schemas/finder-api.ts';
import { rowsOf, type Queryable } from '../db/client.ts';
import { distanceOfTerm, EARTH_RADIUS_KM, haversineTermOf, LISTED_STATUS, LISTING_OF_A, toListing, type ListingRow } from './finder.ts';
import { encodeSearchCursor, type SearchPosition } from './finder-search.ts';
import { versionOf } from './listings-version.ts';

const RADIANS = Math.PI / 180;

/** What a listing needs in memory: its id, its answer's text, its place, and its services in lower case for the keyword. */
interface Entry {
  id: string;
  /** The listing's JSON text (FinderListing) without its closing brace: an answer's item appends its distance. */
  json: string;
  lat: number;
  lng: number;
  cosLat: number;
  services: string | null;
}

interface Market {
  byId: Map<string, Entry>;
  entries: Entry[];
  index: KDBush | null;
  /** Each entry's term for the search being answered (reused: a search runs without a pause). */
  terms: Float64Array;
  stale: boolean;
}

interface FeedRow extends Partial<ListingRow> {
  epoch: string;
  pruned_through: string | number;
  last_seq: string | number;
  seq?: string | number | null;
  change_id?: string | null;
  change_market?: string | null;
}

/** Points per leaf of the k-d trees: smaller than kdbush's 64, so that the small boxes of a search read fewer points. */
const NODE_SIZE = 16;

/** The first reach a page is looked for within (beyond the cursor's distance), and how much each next one grows. */
const FIRST_REACH_KM = 1;
const REACH_GROWTH = 3;

/** Changes read per statement while catching up. */
const CATCH_UP_BATCH = 5000;

function entryOf(row: ListingRow): Entry {
  const listing = toListing(row);
  return {
    id: listing.id,
    json: JSON.stringify(listing).slice(0, -1),
    lat: listing.lat,
    lng: listing.lng,
    cosLat: Math.cos(listing.lat * RADIANS),
    services: row.services === null ? null : row.services.toLowerCase(),
  };
}

/** A listed application of `a` (the feed's condition: approved with a pin). */
const IS_LISTED = sql`a.status = ${LISTED_STATUS} and a.lat is not null and a.lng is not null`;
const FEED_STATE = sql`f.epoch, f.pruned_through, greatest(f.pruned_through, coalesce((select max(seq) from finder_changes), 0)) as last_seq`;

export interface FinderIndex {
  /**
   * Catches up to at least `version` (a listings version) when it is newer than the model's, then
   * answers the search: `body` is the answer's JSON text (a FinderSearchAnswer), `version` the model's.
   */
  search(version: string, query: FinderSearchQuery, after: SearchPosition | null): Promise<{ version: string; body: string }>;
}

/**
 * The indexes of the points of `index` within a box around (lat, lng) that holds every point within
 * `km` (the circle's widest longitudes are poleward of the point; a box past the antimeridian is read
 * in two parts, one around a pole in every longitude).
 */
function withinBox(index: KDBush, lat: number, lng: number, km: number): number[] {
  const angle = km / EARTH_RADIUS_KM;
  const dLat = angle / RADIANS;
  const dLng = Math.abs(lat) + dLat >= 90 ? 180 : Math.asin(Math.min(1, Math.sin(angle) / Math.cos(lat * RADIANS))) / RADIANS;
  const [latMin, latMax] = [lat - dLat, lat + dLat];
  if (dLng >= 180) return index.range(-180, latMin, 180, latMax);
  const [lngMin, lngMax] = [lng - dLng, lng + dLng];
  const found = index.range(Math.max(lngMin, -180), latMin, Math.min(lngMax, 180), latMax);
  if (lngMin < -180) found.push(...index.range(lngMin + 360, latMin, 180, latMax));
  if (lngMax > 180) found.push(...index.range(-180, latMin, lngMax - 360, latMax));
  return found;
}

const seqOf = (version: string) => Number(version.slice(version.indexOf('.') + 1));
const epochOf = (version: string) => version.slice(0, version.indexOf('.'));

export function createFinderIndex(db: Queryable): FinderIndex {
  let markets = new Map<string, Market>();
  let epoch: string | null = null;
  let seq = 0;
  let running: Promise<void> | null = null;

  const marketOf = (name: string) => {
    let market = markets.get(name);
    if (!market) markets.set(name, (market = { byId: new Map(), entries: [], index: null, terms: new Float64Array(0), stale: true }));
    return market;
  };

  const stateOf = (row: FeedRow) => ({ epoch: row.epoch, seq: Number(row.last_seq), prunedThrough: Number(row.pruned_through) });

  /** Every listing and the feed's state, in one statement (one snapshot). */
  async function load() {
    const rows = rowsOf<FeedRow>(
      await db.execute(sql`select ${FEED_STATE}, ${LISTING_OF_A} from finder_feed f left join applications a on ${IS_LISTED} where f.id = 1`),
    );
    const head = rows[0];
    if (!head) throw new Error('finder index: the change feed has no state row');
    const loaded = new Map<string, Market>();
    markets = loaded;
    for (const row of rows) if (row.listing_id) marketOf(row.country!).byId.set(row.listing_id, entryOf(row as ListingRow));
    const state = stateOf(head);
    epoch = state.epoch;
    seq = state.seq;
  }

  /** The changes after the model's seq, batch by batch, each listing in its state now; reloads on a new epoch or a pruned horizon. */
  async function catchUp() {
    if (epoch === null) return load();
    for (;;) {
      const rows = rowsOf<FeedRow>(
        await db.execute(sql`
          select ${FEED_STATE}, c.seq, c.listing_id as change_id, c.market as change_market, ${LISTING_OF_A}
          from finder_feed f
          left join lateral (select seq, listing_id, market from finder_changes where seq > ${seq} order by seq limit ${CATCH_UP_BATCH}) c on true
          left join applications a on a.listing_id = c.listing_id and a.country = c.market and ${IS_LISTED}
          where f.id = 1
          order by c.seq`),
      );
      const head = rows[0];
      if (!head) throw new Error('finder index: the change feed has no state row');
      const state = stateOf(head);
      if (state.epoch !== epoch || seq < state.prunedThrough) return load();
      let read = 0;
      for (const row of rows) {
        if (row.seq === null || row.seq === undefined || !row.change_id || !row.change_market) continue;
        read += 1;
        seq = Math.max(seq, Number(row.seq));
        const market = marketOf(row.change_market);
        if (row.listing_id) market.byId.set(row.change_id, entryOf(row as ListingRow));
        else market.byId.delete(row.change_id);
        market.stale = true;
      }
      // A replica behind a primary read before has nothing after the seq yet: the model keeps its own.
      if (read < CATCH_UP_BATCH) return;
    }
  }

  /** One catch-up at a time, shared by the searches that wait for it. */
  async function reach(version: string) {
    const behind = () => epoch === null || epochOf(version) !== epochOf(versionOf({ epoch, seq })) || seqOf(version) > seq;
    // A catch-up already running may have read before `version` was committed: then one more, begun after this search.
    for (let turn = 0; turn < 2 && behind(); turn += 1) {
      const joined = running !== null;
      const catchingUp = (running ??= catchUp().finally(() => (running = null)));
      await catchingUp;
      if (!joined) return;
    }
  }

  /** The market's k-d tree, rebuilt after the changes since the last search (kdbush is static). */
  function indexOf(market: Market) {
    if (market.stale) {
      market.entries = [...market.byId.values()];
      const index = new KDBush(Math.max(market.entries.length, 1), NODE_SIZE);
      for (const entry of market.entries) index.add(entry.lng, entry.lat);
      if (market.entries.length === 0) index.add(0, 0);
      market.index = index.finish();
      market.terms = new Float64Array(market.entries.length);
      market.stale = false;
    }
    return market;
  }

  /** The answer's JSON text: its keys in FinderSearchAnswer's order, each item's in FinderPharmacy's (the listing's, then its distance). */
  function answer(query: FinderSearchQuery, after: SearchPosition | null): string {
    const market = markets.get(query.market);
    if (!market) return JSON.stringify({ data: [], next: null, ...(query.count === 'true' ? { total: 0 } : {}) });
    const { entries, index, terms } = indexOf(market);
    const cosQuery = Math.cos((query.lat * Math.PI) / 180);
    // The SQL search's term, operation for operation (radians() is x * (π/180)).
    const termOf = (entry: Entry) =>
      Math.sin(((entry.lat - query.lat) * RADIANS) / 2) ** 2 + cosQuery * entry.cosLat * Math.sin(((entry.lng - query.lng) * RADIANS) / 2) ** 2;
    const radiusTerm = haversineTermOf(query.radiusKm);
    const service = query.service ? query.service.toLowerCase() : null;
    const keeps = (at: number) => {
      const entry = entries[at];
      if (!entry) return false;
      if (service !== null && !entry.services?.includes(service)) return false;
      const term = termOf(entry);
      if (term > radiusTerm) return false;
      if (after && (term < after.term || (term === after.term && entry.id <= after.id))) return false;
      terms[at] = term;
      return true;
    };
    // Each reach's box holds its circle with room for rounding; a reach holding more listings than
    // the page within its circle (by the term) holds the page and the one after it: any listing
    // outside is farther. The last reach is the radius.
    const boxKm = (km: number) => km * (1 + 1e-6) + 1e-6;
    const fromKm = after ? distanceOfTerm(after.term) : 0;
    let found: number[];
    for (let km = Math.min(query.radiusKm, fromKm + FIRST_REACH_KM); ; km = Math.min(query.radiusKm, fromKm + (km - fromKm) * REACH_GROWTH)) {
      found = withinBox(index!, query.lat, query.lng, boxKm(km)).filter(keeps);
      if (km >= query.radiusKm) break;
      const edgeTerm = haversineTermOf(km);
      if (found.reduce((within, at) => within + (terms[at]! <= edgeTerm ? 1 : 0), 0) > query.limit) break;
    }
    const ordered = found
      .sort((x, y) => terms[x]! - terms[y]! || (entries[x]!.id < entries[y]!.id ? -1 : entries[x]!.id > entries[y]!.id ? 1 : 0))
      .slice(0, query.limit + 1)
      .map((at) => ({ entry: entries[at]!, term: terms[at]! }));
    const page = ordered.slice(0, query.limit);
    const lastOfPage = page.at(-1);
    const next = ordered.length > query.limit && lastOfPage ? encodeSearchCursor(query, { term: lastOfPage.term, id: lastOfPage.entry.id }) : null;
    // A distance is a finite number: its text is JSON.stringify's.
    const data = page.map(({ entry, term }) => `${entry.json},"distanceKm":${Math.round(distanceOfTerm(term) * 100) / 100}}`).join(',');
    const head = `{"data":[${data}],"next":${JSON.stringify(next)}`;
    if (query.count !== 'true') return `${head}}`;
    let total = 0;
    for (const at of withinBox(index!, query.lat, query.lng, boxKm(query.radiusKm))) {
      const entry = entries[at];
      if (entry && (service === null || entry.services?.includes(service)) && termOf(entry) <= radiusTerm) total += 1;
    }
    return `${head},"total":${total}}`;
  }

  return {
    async search(version, query, after) {
      await reach(version);
      return { version: versionOf({ epoch: epoch!, seq }), body: answer(query, after) };
    },
  };
}
