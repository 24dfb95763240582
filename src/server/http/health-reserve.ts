// The connection cap with a reserve for health checks (issue 36 item 3). Past `cap` open
// connections, Node would close every new one, the probes of the load balancer and the
// orchestrator among them: a crowd of slow clients would get a healthy server taken out of service
// or restarted. Here the process accepts `reserve` more; a connection that arrives past the cap may
// only ask GET /healthz or /readyz, once, and is closed after its answer or after a few seconds.
import type { Server, Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { unavailable } from './answers.ts';

const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

/** A reserved connection that has asked nothing by then is closed. */
const RESERVED_CONNECTION_MS = 5_000;

export interface HealthReserve {
  /** Connections open now, reserved ones included. */
  open(): number;
}

export function reserveConnectionsForHealth(app: FastifyInstance, { cap, reserve }: { cap: number; reserve: number }): HealthReserve {
  const server: Server = app.server;
  // Node's own hard cap: beyond it a connection is closed before anything sees it.
  server.maxConnections = cap + reserve;
  const reserved = new WeakSet<Socket>();
  let open = 0;
  server.on('connection', (socket: Socket) => {
    // Another listener (the per-client cap) may have closed it already.
    if (socket.destroyed) return;
    if (open >= cap) {
      reserved.add(socket);
      setTimeout(() => socket.destroy(), RESERVED_CONNECTION_MS).unref();
    }
    open++;
    socket.once('close', () => open--);
  });
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    if (!socket || !reserved.has(socket)) return;
    reply.header('connection', 'close');
    if (request.method === 'GET' && HEALTH_PATHS.has(request.url.split('?')[0]!)) return;
    return unavailable(reply.header('retry-after', '5'));
  });
  return { open: () => open };
}
