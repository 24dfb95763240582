// A form's answers so far, kept in sessionStorage so that they survive a reload, the way between
// steps and a visit to the terms, and disappear with the tab or a successful submit. Every applicant
// form of a market shares one store, so a language switch to another variant keeps the answers.
// The certificate (up to 5 MB) does not fit here: it lives in IndexedDB (steps/certificate-store.ts)
// and only its name and size are here.
import type { Country } from '#shared/markets.ts';
import type { FormDef } from '#shared/forms/model.ts';

type StoredValue = string | number | boolean;
export type StoredAnswers = Record<string, StoredValue>;

export interface StoredMeta {
  /** The pharmacistId whose record has been loaded into the answers (prefill happens once). */
  prefilledFor?: string;
  /** The draft token whose answers have been loaded. */
  draftLoaded?: string;
  /** The chosen certificate (the file itself is in IndexedDB). */
  certificate?: { name: string; size: number; type: string };
  /** The answers came from a draft, which keeps no files: ask for the certificate again. */
  certificateMissingFromDraft?: boolean;
}

interface Stored {
  answers: StoredAnswers;
  meta: StoredMeta;
}

/** The store of a form in a market: the one its entry shares with others (the applicant forms), or its own. */
export const storeOf = (form: Pick<FormDef, 'id' | 'sharedStore'>, country: Country): string => `${form.sharedStore ?? form.id}.${country}`;

/** The sessionStorage key of a store (the page names it, so that main.tsx can tell kept answers without this module). */
export const keyFor = (store: string) => `pc.${store}`;

function read(store: string): Stored {
  try {
    const raw = sessionStorage.getItem(keyFor(store));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') {
      const { answers, meta } = parsed as Partial<Stored>;
      return { answers: answers && typeof answers === 'object' ? answers : {}, meta: meta && typeof meta === 'object' ? meta : {} };
    }
  } catch {
    // Unreadable or unavailable storage: start afresh.
  }
  return { answers: {}, meta: {} };
}

function write(store: string, stored: Stored) {
  try {
    sessionStorage.setItem(keyFor(store), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the answers still travel in memory between steps of this page.
  }
}

/** Keeps only values sessionStorage and the API can carry; drops empties so defaults apply. */
export function storable(values: Record<string, unknown>): StoredAnswers {
  const kept: StoredAnswers = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) kept[key] = value;
  }
  return kept;
}

export function loadAnswers(store: string): StoredAnswers {
  return read(store).answers;
}

export function loadMeta(store: string): StoredMeta {
  return read(store).meta;
}

/** Merges answers into what is stored (later steps add, a step's own fields replace). */
export function saveAnswers(store: string, answers: StoredAnswers) {
  const stored = read(store);
  write(store, { ...stored, answers: { ...stored.answers, ...answers } });
}

export function replaceAnswers(store: string, answers: StoredAnswers) {
  write(store, { ...read(store), answers });
}

export function updateMeta(store: string, change: Partial<StoredMeta>) {
  const stored = read(store);
  const meta: StoredMeta = { ...stored.meta, ...change };
  for (const key of Object.keys(meta) as (keyof StoredMeta)[]) if (meta[key] === undefined) delete meta[key];
  write(store, { ...stored, meta });
}

/** After a successful submit. */
export function clearAnswers(store: string) {
  try {
    sessionStorage.removeItem(keyFor(store));
  } catch {
    // Nothing to clear.
  }
}
