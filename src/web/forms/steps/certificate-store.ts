// The chosen certificate between steps and across reloads. sessionStorage holds strings of a few
// MB at most, so the file goes to IndexedDB (one record). Without IndexedDB (some private modes,
// jsdom) it is kept in memory for this page.
const DB_NAME = 'pharmacy-champions';
const STORE = 'files';
const KEY = 'certificate';

let memory: File | null = null;

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const transaction = db.transaction(STORE, mode);
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => resolve(undefined);
      transaction.onabort = () => resolve(undefined);
    });
  } finally {
    db.close();
  }
}

export async function putCertificate(file: File): Promise<void> {
  memory = file;
  await run('readwrite', (store) => store.put({ blob: file, name: file.name, type: file.type, lastModified: file.lastModified }, KEY)).catch(() => undefined);
}

export async function getCertificate(): Promise<File | null> {
  const record = (await run<unknown>('readonly', (store) => store.get(KEY)).catch(() => undefined)) as
    { blob: Blob; name: string; type: string; lastModified?: number } | undefined;
  if (record?.blob instanceof Blob) return new File([record.blob], record.name, { type: record.type, lastModified: record.lastModified });
  return memory;
}

export async function deleteCertificate(): Promise<void> {
  memory = null;
  await run('readwrite', (store) => store.delete(KEY)).catch(() => undefined);
}
