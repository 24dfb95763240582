// Reads upload bodies on one worker thread (started on first use, not keeping the process alive);
// if the worker cannot run, the same function runs here.
import { Worker } from 'node:worker_threads';
import { readUploadBody, type UploadBody } from './upload-body.ts';

let worker: Worker | null = null;
let failed = false;
let nextId = 0;
let answered = 0;

/** Whether any body was read on the worker thread (tests check that the thread really runs). */
export const uploadBodyWorkerUsed = () => answered > 0;
const pending = new Map<number, { raw: Buffer; resolve: (body: UploadBody) => void }>();

function startWorker(): Worker | null {
  if (failed) return null;
  if (worker) return worker;
  try {
    // No inherited flags (profilers, loaders): Node 24 runs the TypeScript file as it is.
    worker = new Worker(new URL('./upload-body-worker.ts', import.meta.url), { execArgv: [] });
  } catch {
    failed = true;
    return null;
  }
  worker.unref();
  worker.on('message', ({ id, body }: { id: number; body: UploadBody }) => {
    answered++;
    pending.get(id)?.resolve(body);
    pending.delete(id);
    if (pending.size === 0) worker?.unref();
  });
  // A worker that fails or ends: what was waiting is read here instead, and so is what comes later.
  const readHere = () => {
    failed = true;
    worker = null;
    for (const [id, { raw, resolve }] of pending) {
      pending.delete(id);
      resolve(readUploadBody(raw));
    }
  };
  worker.on('error', readHere);
  worker.on('exit', readHere);
  return worker;
}

export function readUploadBodyOffThread(raw: Buffer): Promise<UploadBody> {
  const thread = startWorker();
  if (!thread) return Promise.resolve(readUploadBody(raw));
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, { raw, resolve });
    thread.ref();
    thread.postMessage({ id, raw });
  });
}
