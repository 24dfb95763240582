import { EventEmitter } from 'node:events';
import type net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_CONNECTIONS_PER_CLIENT } from '../config.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { capConnectionsPerClient } from './client-connections.ts';
import { rawConnection, statusOf, type RawConnection } from '../test/raw-http.ts';

let ctx: TestContext;
let port: number;
const connections: RawConnection[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
}, 60_000);
afterAll(async () => {
  for (const connection of connections) connection.socket.destroy();
  await ctx?.close();
});

function open(from: string): RawConnection {
  const connection = rawConnection(port, from);
  connections.push(connection);
  return connection;
}

/** Asks /healthz over the connection and resolves with the status (0: closed without an answer). */
function health(connection: RawConnection): Promise<number> {
  return new Promise((resolve) => {
    const answered = (chunk: Buffer) => {
      connection.socket.off('close', closed);
      resolve(statusOf(chunk.toString('latin1')));
    };
    const closed = () => {
      connection.socket.off('data', answered);
      resolve(0);
    };
    connection.socket.once('data', answered);
    connection.socket.once('close', closed);
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
  });
}

describe('the per-client connection cap', () => {
  it(
    `closes connection number ${DIRECT_CONNECTIONS_PER_CLIENT + 1} from one address at once, while another address still connects`,
    { timeout: 30_000 },
    async () => {
      expect(ctx.config.maxConnectionsPerClient).toBe(DIRECT_CONNECTIONS_PER_CLIENT);
      // Each one answered, so the server has counted it.
      const held = Array.from({ length: DIRECT_CONNECTIONS_PER_CLIENT }, () => open('127.0.0.1'));
      expect(await Promise.all(held.map(health))).toEqual(Array(DIRECT_CONNECTIONS_PER_CLIENT).fill(200));

      const oneTooMany = open('127.0.0.1');
      expect(await oneTooMany.closed).toBe('');

      expect(await health(open('127.0.0.2'))).toBe(200);

      // A connection closed gives its place back: once the server has seen the close, the next one is served.
      held.pop()!.socket.destroy();
      let status = 0;
      for (let attempt = 0; attempt < 100 && status !== 200; attempt++) status = await health(open('127.0.0.1'));
      expect(status).toBe(200);
    },
  );
});

describe('capConnectionsPerClient', () => {
  /** A stand-in socket: the cap only reads its address, listens for its close and may destroy it. */
  class FakeSocket extends EventEmitter {
    destroyed = false;
    readonly remoteAddress: string;
    constructor(remoteAddress: string) {
      super();
      this.remoteAddress = remoteAddress;
    }
    destroy() {
      this.destroyed = true;
      this.emit('close');
    }
  }

  it('counts an IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 address', () => {
    const server = new EventEmitter();
    const clients = capConnectionsPerClient(server as net.Server, 2, { warn() {}, info() {} } as unknown as FastifyBaseLogger);
    const connect = (address: string) => {
      const socket = new FakeSocket(address);
      server.emit('connection', socket);
      return socket;
    };
    const first = connect('2001:db8:1:2::a');
    connect('2001:db8:1:2:ffff::b');
    expect(connect('2001:db8:1:2::c').destroyed).toBe(true);
    expect(connect('2001:db8:1:3::1').destroyed).toBe(false);
    expect(clients.openFrom('2001:db8:1:2::1')).toBe(2);
    first.destroy();
    expect(clients.openFrom('2001:db8:1:2::1')).toBe(1);
    expect(connect('2001:db8:1:2::d').destroyed).toBe(false);

    connect('::ffff:192.0.2.1');
    connect('192.0.2.1');
    expect(connect('::ffff:192.0.2.1').destroyed).toBe(true);
  });
});
