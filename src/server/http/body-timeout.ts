// The body time-out of small requests. Node's request time-out (60 s) is one setting for the
// whole server and must fit the largest upload over a weak uplink; a JSON body of a few kilobytes
// that has not arrived after 10 s is a client trickling bytes to hold a connection. Routes that
// take uploads say so in their config and keep the server's time-out.
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes uploads: its body (any, or only a multipart one) may take the server's whole request time-out. */
    uploadBody?: 'any' | 'multipart';
  }
}

const ANSWER = JSON.stringify({ status: 'failed', message: 'timeout' });
// Written to the socket as Node writes its own 408: the request is still being read, so Fastify's reply cannot be used.
const REQUEST_TIMEOUT_RESPONSE =
  `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(ANSWER)}\r\n\r\n${ANSWER}`;

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function takesUpload(request: FastifyRequest): boolean {
  const upload = request.routeOptions.config.uploadBody;
  if (upload === 'any') return true;
  return upload === 'multipart' && /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}

/** Closes the connection (408 when nothing was answered yet) of a request whose body has not fully arrived `bodyMs` after its headers. */
export function limitBodyTime(app: FastifyInstance, bodyMs: number): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request) || takesUpload(request)) return;
    const { raw } = request;
    const socket = raw.socket;
    // inject() requests have no connection to hold.
    if (!(socket instanceof Socket)) return;
    const timer = setTimeout(() => {
      // `complete`: the parser has the whole body, whether or not the route has read it yet.
      if (raw.complete || socket.destroyed) return;
      request.log.info({ bodyMs }, 'request body too slow: connection closed');
      if (!reply.raw.headersSent && socket.writable) socket.write(REQUEST_TIMEOUT_RESPONSE);
      socket.destroySoon();
    }, bodyMs);
    timer.unref();
    // Both listeners go with the first of the two: a keep-alive socket carries many requests.
    const stop = () => {
      clearTimeout(timer);
      raw.off('end', stop);
      socket.off('close', stop);
    };
    raw.on('end', stop);
    socket.on('close', stop);
  });
}
