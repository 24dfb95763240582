// The three-step form's answers so far, kept in sessionStorage so that they survive a reload
// and the way between steps, and disappear with the tab. The certificate (up to 5 MB) does not
// fit there: it lives in IndexedDB (certificate-store.ts) and only its name and size are here.
import type { Country } from '#shared/markets.ts';

export type StoredValue = string | number | boolean;
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

const keyFor = (country: Country) => `pc.steps.${country}`;

function read(country: Country): Stored {
  try {
    const raw = sessionStorage.getItem(keyFor(country));
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

function write(country: Country, stored: Stored) {
  try {
    sessionStorage.setItem(keyFor(country), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the answers still travel in memory between steps of this page.
  }
}

/** Keeps only values sessionStorage and the API can carry; drops empties so defaults apply. */
export function storable(values: Record<string, unknown>, exclude: readonly string[] = []): StoredAnswers {
  const kept: StoredAnswers = {};
  for (const [key, value] of Object.entries(values)) {
    if (exclude.includes(key)) continue;
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) kept[key] = value;
  }
  return kept;
}

export function loadAnswers(country: Country): StoredAnswers {
  return read(country).answers;
}

export function loadMeta(country: Country): StoredMeta {
  return read(country).meta;
}

/** Merges answers into what is stored (later steps add, a step's own fields replace). */
export function saveAnswers(country: Country, answers: StoredAnswers) {
  const stored = read(country);
  write(country, { ...stored, answers: { ...stored.answers, ...answers } });
}

export function replaceAnswers(country: Country, answers: StoredAnswers) {
  write(country, { ...read(country), answers });
}

export function updateMeta(country: Country, change: Partial<StoredMeta>) {
  const stored = read(country);
  const meta: StoredMeta = { ...stored.meta, ...change };
  for (const key of Object.keys(meta) as (keyof StoredMeta)[]) if (meta[key] === undefined) delete meta[key];
  write(country, { ...stored, meta });
}

/** After a successful submit. */
export function clearAnswers(country: Country) {
  try {
    sessionStorage.removeItem(keyFor(country));
  } catch {
    // Nothing to clear.
  }
}
