// HTTP spoken by hand over a socket, for tests of what a slow or hostile client does: requests
// whose body arrives late or never, from a chosen loopback address.
import net from 'node:net';

export interface RawConnection {
  socket: net.Socket;
  /** Resolves once connected. */
  connected: Promise<void>;
  /** Resolves, once the server closes the connection, with everything it sent. */
  closed: Promise<string>;
}

/** A connection to 127.0.0.1:`port`, from `localAddress` (any 127.x.y.z is this machine on Linux). */
export function rawConnection(port: number, localAddress = '127.0.0.1'): RawConnection {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return { socket, connected, closed };
}

/** The request line and headers of a POST whose body of `length` bytes the caller sends. */
export function postHead(path: string, contentType: string, length: number): string {
  return `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
}

/** Writes one byte every `everyMs` while the socket is open (a body that never finishes). */
export function trickle(socket: net.Socket, everyMs = 100): () => void {
  const timer = setInterval(() => socket.writable && socket.write(' '), everyMs);
  socket.once('close', () => clearInterval(timer));
  return () => clearInterval(timer);
}

/** The status code of the first answer in `received` (0 when none). */
export function statusOf(received: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
}
