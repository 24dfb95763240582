import type net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { memoryLog } from '../test/log.ts';
import { gifBytes, multipartBody } from '../test/multipart.ts';
import { germanApplication } from '../test/payloads.ts';
import { postHead, rawConnection, statusOf, trickle, type RawConnection } from '../test/raw-http.ts';

// Short enough that no test sleeps; every wait below is for an event, never for a time.
const BODY_MS = 300;

const log = memoryLog();
let ctx: TestContext;
let port: number;
const connections: RawConnection[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { timeouts: { bodyMs: BODY_MS }, logger: { level: 'debug', stream: log.stream } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
}, 60_000);
afterEach(() => {
  for (const connection of connections.splice(0)) connection.socket.destroy();
});
afterAll(async () => {
  await ctx?.close();
});

/** How many requests to `path` the server has logged as taken in. */
const takenIn = (path: string) =>
  log
    .text()
    .split('\n')
    .filter((line) => line.includes('"incoming request"') && line.includes(`"url":"${path}"`)).length;

function open(): RawConnection {
  const connection = rawConnection(port);
  connections.push(connection);
  return connection;
}

/** A JSON body that never finishes: resolves with the server's answer when it closes the connection. */
function slowJson(path: string): Promise<string> {
  const connection = open();
  connection.socket.write(`${postHead(path, 'application/json', 50_000)}{`);
  trickle(connection.socket);
  return connection.closed;
}

describe('the body time-out of small JSON requests', () => {
  it('answers 408 and closes a JSON request whose body is still trickling in after the time-out', { timeout: 20_000 }, async () => {
    for (const path of ['/api/drafts', '/api/save-pharmacist', '/api/auth/magic-link']) {
      const answer = await slowJson(path);
      expect(statusOf(answer), path).toBe(408);
      expect(answer).toContain('"status":"failed"');
    }
  });

  it('lets an upload (the photo, the German multipart submit) take longer than the JSON time-out', { timeout: 20_000 }, async () => {
    const photo = Buffer.from(JSON.stringify({ data: gifBytes().toString('base64'), recaptchaToken: 'not solved' }));
    const form = multipartBody(germanApplication({ recaptchaToken: 'not solved' }));
    const before = { photo: takenIn('/api/save-temp-pharmacist-image'), form: takenIn('/api/save-pharmacist') };
    const uploads = [
      { path: '/api/save-temp-pharmacist-image', contentType: 'application/json', body: photo },
      { path: '/api/save-pharmacist', contentType: form.headers['content-type']!, body: form.payload },
    ].map((upload) => {
      const connection = open();
      const half = Math.floor(upload.body.length / 2);
      connection.socket.write(postHead(upload.path, upload.contentType, upload.body.length));
      connection.socket.write(upload.body.subarray(0, half));
      return { ...upload, connection, rest: upload.body.subarray(half) };
    });
    await expect.poll(() => takenIn('/api/save-temp-pharmacist-image'), { timeout: 10_000, interval: 10 }).toBe(before.photo + 1);
    await expect.poll(() => takenIn('/api/save-pharmacist'), { timeout: 10_000, interval: 10 }).toBe(before.form + 1);
    // A JSON request taken in after both uploads is cut off: their time-out, were it the same, has passed.
    expect(statusOf(await slowJson('/api/drafts'))).toBe(408);
    for (const upload of uploads) expect(upload.connection.socket.destroyed, upload.path).toBe(false);
    for (const upload of uploads) upload.connection.socket.write(upload.rest);
    const answers = await Promise.all(uploads.map((upload) => upload.connection.closed));
    // Read to the end and refused for what they hold (a bot check never solved), not for their pace.
    expect(answers.map(statusOf)).toEqual([400, 400]);
  });

  it('leaves a keep-alive connection alone once its JSON body has arrived', { timeout: 20_000 }, async () => {
    const connection = open();
    const body = JSON.stringify({ placeId: 'fixture:uk:001' });
    const ask = () =>
      connection.socket.write(
        `${postHead('/api/check_pharmacy', 'application/json', body.length).replace('Connection: close', 'Connection: keep-alive')}${body}`,
      );
    const answered = () => new Promise<string>((resolve) => connection.socket.once('data', (chunk) => resolve(chunk.toString('latin1'))));
    await connection.connected;
    let answer = answered();
    ask();
    expect(statusOf(await answer)).toBe(200);
    // The clock: a slow request sent now is cut off after the time-out.
    expect(statusOf(await slowJson('/api/drafts'))).toBe(408);
    answer = answered();
    ask();
    expect(statusOf(await answer)).toBe(200);
  });
});
