// Who may upload a photo now, and whose turn it is to have it decoded and stored (issue 36 item 1).
// An upload is admitted before its body is read, and only while few are in flight, overall and
// from its client's address: the bodies being read or waiting hold their decoded bytes (up to
// 5 MB each), so their number bounds memory, and one address cannot take every place. Once its
// body is read, an upload waits for the one turn at the image work, which keeps a burst of image
// decodes from taking the cores from everyone else. A body is never read while holding the turn,
// so a slow or broken client cannot hold it, and the turn is given back after MAX_TURN_MS whatever
// became of its holder.

/** Uploads admitted at once (reading their body, waiting for the turn, or holding it). */
export const MAX_UPLOADS_IN_FLIGHT = 8;
/** Of those, from one client address (an IPv4 address or an IPv6 /64). */
export const MAX_UPLOADS_PER_CLIENT = 2;
/** The longest the turn is held: a 5 MB photo's decode and store take well under a second. */
export const MAX_TURN_MS = 30_000;
/** An upload waiting longer than this for the turn means the queue is stuck: readiness says so. */
export const STUCK_AFTER_MS = 2 * MAX_TURN_MS;

/** Gives a place or the turn back; calling it again does nothing. */
export type Release = () => void;

interface UploadQueueState {
  inFlight: number;
  waiting: number;
  /** How long the oldest waiting upload has waited (0 when none waits). */
  oldestWaitMs: number;
  stuck: boolean;
}

export interface UploadQueue {
  /** A place for an upload from `clientKey`, or null when too many are in flight. */
  admit(clientKey: string): Release | null;
  /** Waits for the turn at the image work. */
  turn(): Promise<Release>;
  state(): UploadQueueState;
}

function once(release: () => void): Release {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}

export function createUploadQueue(now: () => number = Date.now): UploadQueue {
  let inFlight = 0;
  const perClient = new Map<string, number>();
  let held = false;
  const waiting: Array<{ since: number; start: () => void }> = [];

  const handOver = () => {
    const next = waiting.shift();
    if (next) next.start();
    else held = false;
  };
  /** The turn, from now on, to its holder (`held` is already true). */
  const hold = (): Release => {
    const release = once(() => {
      clearTimeout(timer);
      handOver();
    });
    const timer = setTimeout(release, MAX_TURN_MS);
    timer.unref();
    return release;
  };

  return {
    admit(clientKey) {
      const fromClient = perClient.get(clientKey) ?? 0;
      if (inFlight >= MAX_UPLOADS_IN_FLIGHT || fromClient >= MAX_UPLOADS_PER_CLIENT) return null;
      inFlight++;
      perClient.set(clientKey, fromClient + 1);
      return once(() => {
        inFlight--;
        const left = (perClient.get(clientKey) ?? 1) - 1;
        if (left > 0) perClient.set(clientKey, left);
        else perClient.delete(clientKey);
      });
    },
    turn() {
      if (!held) {
        held = true;
        return Promise.resolve(hold());
      }
      return new Promise((resolve) => waiting.push({ since: now(), start: () => resolve(hold()) }));
    },
    state() {
      const oldestWaitMs = waiting.length > 0 ? now() - waiting[0]!.since : 0;
      return { inFlight, waiting: waiting.length, oldestWaitMs, stuck: oldestWaitMs > STUCK_AFTER_MS };
    },
  };
}
