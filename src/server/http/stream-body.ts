// A request body handed chunk by chunk to a reader that keeps what it needs, never whole: for a
// content-type parser of a route whose bodies are large (the photo upload, issue 27). The limits
// and errors are Fastify's own for a body it reads (its rawBody): over the limit, declared or
// received, 413 FST_ERR_CTP_BODY_TOO_LARGE; a body shorter or longer than its Content-Length,
// FST_ERR_CTP_INVALID_CONTENT_LENGTH; a stream error, 400. It settles however the body ends: a
// stream closed before its end (the client gone, or Node's parser refusing what followed the body
// on the same connection and destroying the socket) rejects (issue 36 item 1).
import type { Readable } from 'node:stream';
import { errorCodes, type FastifyRequest } from 'fastify';

const closedEarly = () => Object.assign(new Error('request body closed before its end'), { code: 'ERR_BODY_CLOSED', statusCode: 400 });

/** Resolves when the body has ended and every chunk went to `onChunk` (which must not keep it: it may be a view of the socket's buffer). */
export function streamBody(request: FastifyRequest, payload: Readable, limit: number, onChunk: (chunk: Buffer) => void): Promise<void> {
  const contentLength = Number(request.headers['content-length']);
  if (contentLength > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  /** Set by a decompressing preParsing stream: the bytes as sent. */
  const encodedLength = () => (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength ?? 0;
  return new Promise((resolve, reject) => {
    let received = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
      payload.removeListener('close', onClose);
    };
    function onData(data: Buffer | string) {
      const chunk = typeof data === 'string' ? Buffer.from(data) : data;
      received += chunk.length;
      // Not read further: the rest of the body flows away unread while the 413 is answered.
      if (received > limit || encodedLength() > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      try {
        onChunk(chunk);
      } catch (error) {
        stop();
        reject(error);
      }
    }
    function onEnd(error?: Error & { statusCode?: number }) {
      stop();
      if (error) {
        if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
        reject(error);
      } else if (!Number.isNaN(contentLength) && (encodedLength() || received) !== contentLength) reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      else resolve();
    }
    function onClose() {
      onEnd(closedEarly());
    }
    // Already destroyed before the route read it: it will send neither data nor 'close' again.
    if (payload.destroyed) return onClose();
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.on('close', onClose);
    payload.resume();
  });
}
