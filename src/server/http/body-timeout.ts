// The body time-outs. Node's request time-out (60 s) is one setting for the whole server and must
// fit the largest upload over a weak uplink; a JSON body of a few kilobytes that has not arrived
// after 10 s is a client trickling bytes to hold a connection. Routes that take uploads say so in
// their config: they keep the server's time-out, but their body must keep a minimum pace.
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerTimeouts } from './timeouts.ts';

/** How often an upload's pace is looked at. */
const UPLOAD_PACE_CHECK_MS = 500;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes uploads: its body (any, or only a multipart one) may take the server's whole request time-out. */
    uploadBody?: 'any' | 'multipart';
  }
}

const ANSWER = JSON.stringify({ status: 'failed', message: 'timeout' });
// Written to the socket as Node writes its own 408: the request is still being read, so Fastify's reply cannot be used.
const REQUEST_TIMEOUT_RESPONSE = `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(ANSWER)}\r\n\r\n${ANSWER}`;

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function takesUpload(request: FastifyRequest): boolean {
  const upload = request.routeOptions.config.uploadBody;
  if (upload === 'any') return true;
  return upload === 'multipart' && /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}

/** Answers 408 (when nothing was answered yet) and closes the connection. */
function cutOff(request: FastifyRequest, reply: FastifyReply, socket: Socket, why: string, detail: Record<string, number>) {
  request.log.info(detail, `${why}: connection closed`);
  if (!reply.raw.headersSent && socket.writable) socket.write(REQUEST_TIMEOUT_RESPONSE);
  socket.destroySoon();
}

/** Calls `stop` once, with the first of the request's end and its connection's close (a keep-alive socket carries many requests). */
function untilBodyEnds(request: FastifyRequest, socket: Socket, stop: () => void) {
  const { raw } = request;
  const done = () => {
    stop();
    raw.off('end', done);
    socket.off('close', done);
  };
  raw.on('end', done);
  socket.on('close', done);
}

/**
 * Small bodies must arrive whole within `bodyMs` of their headers. An upload's body (which may take
 * the server's whole request time-out) must keep moving: nothing for `uploadIdleMs`, or less than
 * `uploadMinBytesPerSecond` on average after `uploadGraceMs`, and it is cut off, so that slow
 * bodies from many addresses cannot hold every connection for a minute (issue 36 item 3).
 */
export function limitBodyTime(
  app: FastifyInstance,
  timeouts: Pick<ServerTimeouts, 'bodyMs' | 'uploadGraceMs' | 'uploadMinBytesPerSecond' | 'uploadIdleMs'>,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request)) return;
    const { raw } = request;
    const socket = raw.socket;
    // inject() requests have no connection to hold.
    if (!(socket instanceof Socket)) return;
    if (!takesUpload(request)) {
      const { bodyMs } = timeouts;
      const timer = setTimeout(() => {
        // `complete`: the parser has the whole body, whether or not the route has read it yet.
        if (raw.complete || socket.destroyed) return;
        cutOff(request, reply, socket, 'request body too slow', { bodyMs });
      }, bodyMs);
      timer.unref();
      untilBodyEnds(request, socket, () => clearTimeout(timer));
      return;
    }
    const started = Date.now();
    const startBytes = socket.bytesRead;
    let lastBytes = startBytes;
    let lastMoved = started;
    const check = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(check);
      const now = Date.now();
      if (socket.bytesRead !== lastBytes) {
        lastBytes = socket.bytesRead;
        lastMoved = now;
      }
      const elapsed = now - started;
      const perSecond = ((lastBytes - startBytes) * 1000) / Math.max(elapsed, 1);
      const stalled = now - lastMoved >= timeouts.uploadIdleMs;
      const tooSlow = elapsed >= timeouts.uploadGraceMs && perSecond < timeouts.uploadMinBytesPerSecond;
      if (!stalled && !tooSlow) return;
      clearInterval(check);
      cutOff(request, reply, socket, stalled ? 'upload body stalled' : 'upload body too slow', { elapsedMs: elapsed, bytesPerSecond: Math.round(perSecond) });
    }, UPLOAD_PACE_CHECK_MS);
    check.unref();
    untilBodyEnds(request, socket, () => clearInterval(check));
  });
}
