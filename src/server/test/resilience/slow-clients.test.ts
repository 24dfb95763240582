// One client holding many slow connections, against the real server process: the per-client cap
// keeps it to its share, so the global cap (768) is never reached and /healthz, asked from another
// address, answers throughout. Loopback only: 127.0.0.1 is the attacker, 127.0.0.2 the monitor.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_CONNECTIONS_PER_CLIENT } from '../../config.ts';
import { postHead, rawConnection, trickle, type RawConnection } from '../raw-http.ts';
import { startServerProcess, type ServerProcess } from '../server-process.ts';

const ATTACKER = '127.0.0.1';
const MONITOR = '127.0.0.2';
const SLOW_CONNECTIONS = 800;
const BATCH = 100;

let dataDir: string;
let server: ServerProcess;
const attack: RawConnection[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'champions-slow-clients-'));
  // The default cap, which the process harness turns off for its load generators.
  server = await startServerProcess({ dataDir, databaseUrl: 'memory://', env: { MAX_CONNECTIONS_PER_CLIENT: String(DIRECT_CONNECTIONS_PER_CLIENT) } });
}, 90_000);

afterAll(async () => {
  for (const connection of attack) connection.socket.destroy();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** GET /healthz on a connection of its own from `localAddress`: the status, or 0 when refused or closed. */
function healthFrom(localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(`${server.url}/healthz`, { localAddress, agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/** A connection sending the headers of a JSON body it never finishes; resolves once connected or closed. */
function slowConnection(): Promise<void> {
  const connection = rawConnection(server.port, ATTACKER);
  attack.push(connection);
  void connection.connected.then(() => {
    connection.socket.write(`${postHead('/api/drafts', 'application/json', 50_000)}{`);
    trickle(connection.socket, 250);
  });
  return Promise.race([connection.connected, connection.closed.then(() => undefined)]);
}

describe('one client holding many slow connections', () => {
  it(`does not stop /healthz answering another client (${SLOW_CONNECTIONS} slow connections from one address)`, { timeout: 60_000 }, async () => {
    const monitor: number[] = [];
    for (let opened = 0; opened < SLOW_CONNECTIONS; opened += BATCH) {
      await Promise.all(Array.from({ length: BATCH }, slowConnection));
      // The server takes connections in the order they arrive: this one comes after the whole batch.
      monitor.push(await healthFrom(MONITOR));
    }
    for (let i = 0; i < 10; i++) monitor.push(await healthFrom(MONITOR));
    expect(monitor).toEqual(Array(monitor.length).fill(200));

    // The attacker kept its share and no more: every other connection was closed by the server.
    const stillOpen = () => attack.filter((connection) => !connection.socket.destroyed && !connection.socket.closed).length;
    await expect.poll(stillOpen, { timeout: 10_000, interval: 50 }).toBeLessThanOrEqual(DIRECT_CONNECTIONS_PER_CLIENT);
    expect(stillOpen()).toBeGreaterThan(0);
    expect(await healthFrom(MONITOR)).toBe(200);
  });
});
