// The photo upload against hostile clients, over real sockets (issue 36): no single request, and no
// crowd of slow ones from one address, may keep other people's uploads or the health check waiting.
import type net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { gifBytes } from '../test/multipart.ts';
import { solvedTokensFrom } from '../test/bot-check.ts';
import { rawConnection, statusOf, trickle, type RawConnection } from '../test/raw-http.ts';

const UPLOAD_PATH = '/api/save-temp-pharmacist-image';

let ctx: TestContext;
let port: number;
let baseUrl: string;
const connections: RawConnection[] = [];

beforeAll(async () => {
  // The slow bodies below are never cut for their pace here: what is tested is that they do not
  // keep anyone else waiting while they are still held.
  ctx = await createTestContext({}, { timeouts: { uploadGraceMs: 120_000 } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
}, 60_000);
afterEach(() => {
  for (const connection of connections.splice(0)) connection.socket.destroy();
});
afterAll(async () => {
  await ctx?.close();
});

function open(from = '127.0.0.1'): RawConnection {
  const connection = rawConnection(port, from);
  connections.push(connection);
  return connection;
}

const uploadHead = (length: number, connection: 'close' | 'keep-alive') =>
  `POST ${UPLOAD_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: ${connection}\r\n\r\n`;

async function photoBody(): Promise<Buffer> {
  const [recaptchaToken] = await solvedTokensFrom(baseUrl, 1);
  return Buffer.from(JSON.stringify({ data: `data:image/gif;base64,${gifBytes().toString('base64')}`, recaptchaToken }));
}

/** A whole upload over a fresh connection from `from`: the status of the answer (0 when the connection closed without one). */
async function uploadFrom(from: string): Promise<number> {
  const body = await photoBody();
  const connection = open(from);
  connection.socket.write(uploadHead(body.length, 'close'));
  // Not end(): a half-closed connection is one whose request Node's server aborts.
  connection.socket.write(body);
  return statusOf(await connection.closed);
}

/** Resolves with how long each GET /healthz took, asked one after another until `done` resolves. */
async function healthLatencies(done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const latencies: number[] = [];
  while (!finished) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return latencies;
}

describe('photo uploads under attack', () => {
  it('serves the next upload after an upload followed by junk bytes on the same connection', { timeout: 30_000 }, async () => {
    const body = await photoBody();
    const connection = open('127.0.0.2');
    // The body arrives whole; what follows is no request, so Node's parser refuses it and destroys the socket.
    connection.socket.write(Buffer.concat([Buffer.from(uploadHead(body.length, 'keep-alive')), body, Buffer.from(`\x00\x01junk ${'x'.repeat(140)}\r\n\r\n`)]));
    await connection.closed;
    expect(await uploadFrom('127.0.0.3')).toBe(200);
    expect(await uploadFrom('127.0.0.3')).toBe(200);
  });

  it('answers a body of 50,000 repeated data members within seconds, while /healthz keeps answering', { timeout: 60_000 }, async () => {
    const [recaptchaToken] = await solvedTokensFrom(baseUrl, 1);
    const body = Buffer.from(`{${'"data":"A",'.repeat(50_000)}"data":"${gifBytes().toString('base64')}","recaptchaToken":${JSON.stringify(recaptchaToken)}}`);
    const connection = open('127.0.0.4');
    connection.socket.write(uploadHead(body.length, 'close'));
    connection.socket.write(body);
    const latencies = await healthLatencies(connection.closed);
    // As JSON.parse reads it: the last data member counts, and it is a photo.
    expect(statusOf(await connection.closed)).toBe(200);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
  });

  it("serves another address's upload while 17 slow upload bodies from one address are held", { timeout: 60_000 }, async () => {
    const slow = Array.from({ length: 17 }, () => {
      const connection = open('127.0.0.5');
      connection.socket.write(`${uploadHead(100_000, 'close')}{"data":"`);
      trickle(connection.socket, 200);
      return connection;
    });
    await Promise.all(slow.map((connection) => connection.connected));
    expect(await uploadFrom('127.0.0.6')).toBe(200);
    // Those the server took in are still being read: they were not cut to make room.
    expect(slow.filter((connection) => !connection.socket.destroyed).length).toBeGreaterThan(0);
  });
});
