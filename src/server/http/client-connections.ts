// The per-client share of the connection cap: one address holding many connections (slow bodies,
// idle keep-alives) cannot take the whole global cap and lock everybody else out, health checks
// included. Counted on the socket's own address, never X-Forwarded-For, which a client can write.
import type { Server, Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { clientAddressKey } from '../services/daily-quota.ts';

export interface ClientConnections {
  /** Connections now open from this address's client key (an IPv4 address, or an IPv6 /64). */
  openFrom(address: string): number;
}

interface Client {
  open: number;
  /** Connections closed over the cap since this client last had none open. */
  refused: number;
}

/** Closes, at once, each connection that would take one client key over `cap`; 0 = no cap. */
export function capConnectionsPerClient(server: Server, cap: number, log: FastifyBaseLogger): ClientConnections {
  const clients = new Map<string, Client>();
  const openFrom = (address: string) => clients.get(clientAddressKey(address))?.open ?? 0;
  if (cap <= 0) return { openFrom };

  server.on('connection', (socket: Socket) => {
    if (!socket.remoteAddress) return;
    const key = clientAddressKey(socket.remoteAddress);
    const client = clients.get(key) ?? { open: 0, refused: 0 };
    if (client.open >= cap) {
      // Once per episode: a flood would otherwise write a log line per connection.
      if (client.refused++ === 0) log.warn({ client: key, cap }, 'connections over the per-client cap: closing new ones from this client');
      socket.destroy();
      return;
    }
    client.open++;
    clients.set(key, client);
    socket.once('close', () => {
      if (--client.open > 0) return;
      clients.delete(key);
      if (client.refused > 0) log.info({ client: key, refused: client.refused }, 'per-client connection cap: the client has no connection left open');
    });
  });
  return { openFrom };
}
