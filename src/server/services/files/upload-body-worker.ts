// Worker thread: reads photo upload bodies (upload-body.ts) so that the main thread, which answers
// every other request, does not parse 7 MB of JSON and base64. Messages: {id, raw} -> {id, body}.
import { parentPort } from 'node:worker_threads';
import { readUploadBody } from './upload-body.ts';

parentPort!.on('message', ({ id, raw }: { id: number; raw: Uint8Array }) => {
  const body = readUploadBody(raw);
  const bytes = body.ok && body.data.kind === 'bytes' ? body.data.bytes : null;
  // The decoded bytes move to the main thread without a copy when they own their memory (small
  // buffers share Node's pool, which cannot move).
  const owned = bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  try {
    parentPort!.postMessage({ id, body }, owned ? [bytes.buffer as ArrayBuffer] : []);
  } catch {
    parentPort!.postMessage({ id, body });
  }
});
