import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildOptions } from '../app.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { SERVER_TIMEOUTS } from './timeouts.ts';

let ctx: TestContext | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await ctx?.close();
  ctx = undefined;
});

async function listening(timeouts: BuildOptions['timeouts']) {
  ctx = await createTestContext({}, { timeouts });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return (ctx.app.server.address() as net.AddressInfo).port;
}

/** Connects and resolves, once the server closes the connection, with everything it sent. */
function connect(port: number, onConnect: (socket: net.Socket) => void = () => {}) {
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  socket.on('connect', () => onConnect(socket));
  return new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
}

describe('server time-outs', () => {
  it('has a request time-out and a connection cap by default', async () => {
    await listening(undefined);
    expect(ctx!.app.server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
    expect(ctx!.app.server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
    expect(ctx!.app.server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
    expect(ctx!.app.server.maxConnections).toBe(SERVER_TIMEOUTS.maxConnections + SERVER_TIMEOUTS.healthReserve);
  });

  it('disconnects a client that trickles a body after the request time-out', { timeout: 60_000 }, async () => {
    const port = await listening({ requestMs: 1_000 });
    let trickle: NodeJS.Timeout | undefined;
    const answer = await connect(port, (socket) => {
      socket.write('POST /api/drafts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{');
      // One byte at a time, for as long as the server keeps the connection open.
      trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    });
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('beyond the cap, lets a connection ask only for health, and closes one beyond the reserve at once', { timeout: 60_000 }, async () => {
    const port = await listening({ maxConnections: 1, healthReserve: 1 });
    const first = net.connect(port, '127.0.0.1');
    sockets.push(first);
    await new Promise((resolve) => first.on('connect', resolve));
    // The server only counts the first once it has accepted it: ask it something and wait for the answer.
    first.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => first.once('data', resolve));
    const ask = (path: string) => connect(port, (socket) => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    // Each answered, then closed: the reserved place is free again for the next.
    expect(await ask('/healthz')).toMatch(/^HTTP\/1\.1 200[^]*connection: close/i);
    expect(await ask('/api/captcha/challenge')).toMatch(/^HTTP\/1\.1 503/);
    // The reserve taken by a connection that asks nothing: the next one is closed without an answer.
    const idle = net.connect(port, '127.0.0.1');
    sockets.push(idle);
    await new Promise((resolve) => idle.on('connect', resolve));
    await expect.poll(() => new Promise((resolve) => ctx!.app.server.getConnections((_, count) => resolve(count)))).toBe(2);
    expect(await ask('/healthz')).toBe('');
  });
});
