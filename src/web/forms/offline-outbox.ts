// Submits made without a connection (a catalogue entry with `queueOffline`: the rep's visit),
// kept in localStorage so that they survive a reload or a closed tab, and sent when the
// connection returns. Each carries the Idempotency-Key it was made with, so a send the server
// took but whose answer was lost is answered again, not written twice. One flush at a time per
// browser (Web Locks where there are several tabs).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { apiFetch, type ApiResult } from '../lib/api-client.ts';

export interface OutboxEntry {
  /** The Idempotency-Key, also the entry's id. */
  key: string;
  formId: string;
  /** The record the submit is about (the pharmacy). */
  recordId: string;
  /** A name to show while it waits (the pharmacy's). */
  label?: string;
  path: string;
  method: 'POST' | 'PUT';
  payload: Record<string, unknown>;
  queuedAt: number;
  /** A photo kept on the phone (lib/offline-photos.ts) that the payload now names by its uploaded file: dropped once the entry is done. */
  keptPhoto?: string;
}

/** An entry the server refused (it will not be sent again): shown so that it can be recorded anew. */
export interface RefusedEntry extends OutboxEntry {
  refusedAt: number;
}

interface Stored {
  pending: OutboxEntry[];
  refused: RefusedEntry[];
  /** The server answered 401: the session ended while visits waited; they go once the rep signs in again. */
  signInNeeded?: boolean;
}

const STORAGE_KEY = 'pc.outbox';
/** While entries wait, another try this often (the browser may think it is online while the server is unreachable). */
export const RETRY_MS = 30_000;

const listeners = new Set<() => void>();
let snapshot: Stored | null = null;

function read(): Stored {
  if (snapshot) return snapshot;
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    snapshot = {
      pending: Array.isArray(parsed?.pending) ? parsed.pending : [],
      refused: Array.isArray(parsed?.refused) ? parsed.refused : [],
      signInNeeded: parsed?.signInNeeded === true,
    };
  } catch {
    snapshot = { pending: [], refused: [] };
  }
  return snapshot;
}

function write(next: Stored) {
  snapshot = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or denied: the entry lives as long as the page does.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    snapshot = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Keeps a submit to send later; one waiting per record (a newer one replaces it). */
export function enqueue(entry: Omit<OutboxEntry, 'queuedAt'>): void {
  const stored = read();
  const replaced = stored.pending.find((e) => e.formId === entry.formId && e.recordId === entry.recordId);
  // The older visit's photo kept on the phone goes with it, unless the newer one still names it.
  const oldPhoto = replaced?.payload.photo;
  if (typeof oldPhoto === 'string' && oldPhoto.startsWith('offline-') && oldPhoto !== entry.payload.photo) {
    void import('../lib/offline-photos.ts').then(({ dropKeptPhoto }) => dropKeptPhoto(oldPhoto)).catch(() => undefined);
  }
  const pending = stored.pending.filter((e) => e !== replaced);
  write({ pending: [...pending, { ...entry, queuedAt: Date.now() }], refused: stored.refused.filter((e) => e.recordId !== entry.recordId) });
}

export const pendingEntries = (): OutboxEntry[] => read().pending;

/** Forgets a refused entry the user has seen. */
export function dismissRefused(key: string): void {
  const stored = read();
  write({ ...stored, refused: stored.refused.filter((e) => e.key !== key) });
}

type Sent = 'done' | 'refused' | 'later' | 'signIn';

function outcomeOf(result: ApiResult): Sent {
  if (result.ok) return 'done';
  // The session ended (it expired while the rep was offline): kept, and the rep is asked to sign in.
  if (result.httpStatus === 401) return 'signIn';
  // Timed out, rate limited or a server fault: the same request may succeed later.
  if (result.httpStatus === 408 || result.httpStatus === 409 || result.httpStatus === 429 || result.httpStatus >= 500) return 'later';
  return 'refused';
}

let flushing: Promise<void> | null = null;

/**
 * The entry ready to send: a photo kept on the phone is uploaded first and the payload names the
 * upload, written back before the visit is sent, so a retry sends the same body under the same key.
 * Throws when the upload cannot be made yet (no connection, server trouble).
 */
async function withUploadedPhoto(entry: OutboxEntry): Promise<OutboxEntry> {
  const { isKeptPhoto, uploadKeptPhoto } = await import('../lib/offline-photos.ts');
  if (!isKeptPhoto(entry.payload.photo)) return entry;
  const kept = entry.payload.photo;
  let uploaded: { filename: string; targetId: string } | null;
  try {
    uploaded = await uploadKeptPhoto(kept);
  } catch (failure) {
    // A photo the server will never take (its type, its size) does not hold back the visit.
    const reason = (failure as { reason?: unknown } | null)?.reason;
    if (reason !== 'wrongFormat' && reason !== 'tooBig') throw failure;
    uploaded = null;
  }
  const ready = { ...entry, keptPhoto: kept, payload: { ...entry.payload, photo: uploaded?.filename ?? '', photoId: uploaded?.targetId ?? '' } };
  const stored = read();
  write({ ...stored, pending: stored.pending.map((e) => (e.key === entry.key ? ready : e)) });
  return ready;
}

async function sendAll(): Promise<void> {
  for (const waiting of read().pending) {
    let sent: Sent;
    let entry = waiting;
    try {
      entry = await withUploadedPhoto(waiting);
      sent = outcomeOf(await apiFetch(entry.path, { method: entry.method, json: entry.payload, headers: { 'Idempotency-Key': entry.key } }));
    } catch {
      return; // still offline: the rest waits too
    }
    if (sent === 'signIn') {
      if (!read().signInNeeded) write({ ...read(), signInNeeded: true });
      return;
    }
    if (sent === 'later') return;
    const stored = read();
    const refused = sent === 'refused' ? [...stored.refused, { ...entry, refusedAt: Date.now() }] : stored.refused;
    write({ pending: stored.pending.filter((e) => e.key !== entry.key), refused, signInNeeded: false });
    if (entry.keptPhoto) void import('../lib/offline-photos.ts').then(({ dropKeptPhoto }) => dropKeptPhoto(entry.keptPhoto!)).catch(() => undefined);
  }
}

/** Sends every waiting entry in order, stopping at the first that cannot go yet. */
export function flushOutbox(): Promise<void> {
  if (flushing) return flushing;
  if (read().pending.length === 0) return Promise.resolve();
  // The browser knows it has no network: no try until its 'online' event.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = () => {
    snapshot = null; // another tab may have sent some meanwhile
    return sendAll();
  };
  const flush: Promise<void> = (locks ? locks.request('pc.outbox', run).then(() => undefined) : run()).finally(() => {
    flushing = null;
  });
  flushing = flush;
  return flush;
}

/**
 * The waiting and refused entries (of one form, or all), kept up to date; while mounted, sends
 * them at once, when the browser comes back online and every RETRY_MS while any wait.
 */
export function useOutbox(formId?: string): Stored {
  const stored = useSyncExternalStore(subscribe, read, read);
  const waiting = stored.pending.length > 0;
  useEffect(() => {
    const flush = () => void flushOutbox();
    flush();
    window.addEventListener('online', flush);
    const timer = waiting ? window.setInterval(flush, RETRY_MS) : undefined;
    return () => {
      window.removeEventListener('online', flush);
      if (timer) window.clearInterval(timer);
    };
  }, [waiting]);
  const [of] = useState(() => (e: OutboxEntry) => !formId || e.formId === formId);
  return { pending: stored.pending.filter(of), refused: stored.refused.filter(of), signInNeeded: stored.signInNeeded === true && waiting };
}
