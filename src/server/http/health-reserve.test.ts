import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { rawConnection, statusOf, trickle, type RawConnection } from '../test/raw-http.ts';
import { SERVER_TIMEOUTS } from './timeouts.ts';

let ctx: TestContext;
let port: number;
const connections: RawConnection[] = [];

beforeAll(async () => {
  // The slow bodies are held for the whole test: their pace is not what is tested here.
  ctx = await createTestContext({}, { timeouts: { uploadGraceMs: 300_000, uploadIdleMs: 300_000 } });
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

/** One request over a fresh connection from `from`: the status of the answer (0 when closed without one). */
async function ask(from: string, request: string): Promise<number> {
  const connection = open(from);
  connection.socket.write(request);
  return statusOf(await connection.closed);
}

const openConnections = () =>
  new Promise<number>((resolve, reject) => ctx.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

describe('the connection cap with a reserve for health checks', () => {
  it('answers /healthz and /readyz while 800 slow multipart bodies from 25 addresses hold every connection', { timeout: 120_000 }, async () => {
    const boundary = 'slowslowslow';
    const head = `POST /api/save-pharmacist HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    for (let address = 0; address < 25; address++) {
      for (let i = 0; i < 32; i++) {
        const connection = open(`127.0.3.${address + 1}`);
        connection.socket.write(head);
        trickle(connection.socket, 1_000);
      }
    }
    await expect.poll(openConnections, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.maxConnections);

    // A probe from anywhere is answered, each over a connection of its own (closed after its answer).
    const probe = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
    await expect.poll(() => ask('127.0.4.1', probe('/healthz')), { timeout: 30_000, interval: 100 }).toBe(200);
    await expect.poll(() => ask('127.0.4.2', probe('/readyz')), { timeout: 30_000, interval: 100 }).toBe(200);
    // Anything else is turned away while the cap is reached.
    await expect.poll(() => ask('127.0.4.3', probe('/api/captcha/challenge')), { timeout: 30_000, interval: 100 }).toBe(503);
  });
});
