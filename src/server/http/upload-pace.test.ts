import type net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { postHead, rawConnection, statusOf, trickle, type RawConnection } from '../test/raw-http.ts';

const UPLOAD_PATH = '/api/save-temp-pharmacist-image';

let ctx: TestContext;
let port: number;
const connections: RawConnection[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { timeouts: { uploadGraceMs: 1_000, uploadMinBytesPerSecond: 1_000, uploadIdleMs: 1_500 } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
}, 60_000);
afterEach(() => {
  for (const connection of connections.splice(0)) connection.socket.destroy();
});
afterAll(async () => {
  await ctx?.close();
});

function open(): RawConnection {
  const connection = rawConnection(port);
  connections.push(connection);
  return connection;
}

/** A JSON upload body of about `size` bytes (its bot check unsolved: it is refused once read whole). */
const uploadBody = (size: number) =>
  Buffer.from(JSON.stringify({ data: Buffer.alloc(Math.floor((size * 3) / 4), 7).toString('base64'), recaptchaToken: 'not solved' }));

describe("an upload body's pace", () => {
  it('cuts off a body that trickles in below the minimum pace after the grace, with 408', { timeout: 30_000 }, async () => {
    const connection = open();
    connection.socket.write(`${postHead(UPLOAD_PATH, 'application/json', 100_000)}{"data":"`);
    trickle(connection.socket, 100);
    expect(statusOf(await connection.closed)).toBe(408);
  });

  it('cuts off a body that stops arriving, with 408', { timeout: 30_000 }, async () => {
    const body = uploadBody(200_000);
    const connection = open();
    connection.socket.write(postHead(UPLOAD_PATH, 'application/json', body.length));
    // Well above the pace, then nothing.
    connection.socket.write(body.subarray(0, 50_000));
    expect(statusOf(await connection.closed)).toBe(408);
  });

  it('reads to the end a body that keeps a steady pace for longer than the grace', { timeout: 30_000 }, async () => {
    const body = uploadBody(300_000);
    const connection = open();
    connection.socket.write(postHead(UPLOAD_PATH, 'application/json', body.length));
    const chunk = 20_000;
    for (let at = 0; at < body.length; at += chunk) {
      connection.socket.write(body.subarray(at, at + chunk));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    // Refused for what it holds (an unsolved bot check), not for its pace.
    expect(statusOf(await connection.closed)).toBe(400);
  });
});
