// The running server's local admin channel: `npm run staff` and `npm run seed:demo` send their
// command here while a server holds the embedded database (docs/decisions/0006), and `npm run
// backup` receives the backup from here (POST /backup, the gzip'd file as the answer's body). It listens on
// loopback only, on a port chosen by the system, and answers only requests that carry the secret
// written with the port into DATA_DIR/db.lock (0600): whoever can read the data folder can already
// read the database itself, nobody else can use the channel.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import * as z from 'zod';
import { writeBackup } from '../db/backup/write-backup.ts';
import { CLI_COMMANDS, runCommand, type CliCommand, type CommandDeps } from './commands.ts';
import type { CliOutput, CommandInput } from './staff-cli.ts';

const MAX_BODY_BYTES = 16 * 1024;
/**
 * A backup client that stops reading for this long is cut off: on the embedded database the
 * backup's transaction holds the server's one connection until the last row is sent.
 */
const BACKUP_STALL_MS = 60_000;

/** `input`: what the command read from its own environment (a new staff key): never logged. */
const RequestSchema = z.object({
  command: z.enum(CLI_COMMANDS),
  args: z.array(z.string().max(1000)).max(50),
  input: z.object({ newStaffSecretKey: z.string().max(1000).optional() }).optional(),
});

export interface CommandAnswer {
  exitCode: number;
  output: { stream: 'log' | 'error'; line: string }[];
}

export interface AdminChannel {
  port: number;
  secret: string;
  close(): Promise<void>;
}

interface Logger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export async function startAdminChannel(deps: Omit<CommandDeps, 'out'> & { log: Logger }): Promise<AdminChannel> {
  const secret = randomBytes(32).toString('base64url');
  const expected = digest(`Bearer ${secret}`);
  /** Backups being sent: a stopping server cuts them off rather than wait (the command then says it failed). */
  const backups = new Set<http.ServerResponse>();

  const server = http.createServer({ requestTimeout: 10_000, headersTimeout: 5_000 }, (request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || (request.url !== '/commands' && request.url !== '/backup')) return answer(404, { error: 'not found' });
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) return answer(401, { error: 'unauthorised' });
    if (request.url === '/backup') {
      backups.add(response);
      response.once('close', () => backups.delete(response));
      request.resume();
      request.socket.setTimeout(BACKUP_STALL_MS, () => request.socket.destroy());
      response.setHeader('content-type', 'application/gzip');
      writeBackup(deps.db, response).then(
        ({ rows }) => deps.log.info({ command: 'backup', tables: Object.keys(rows).length }, 'backup streamed through the admin channel'),
        (error: unknown) => {
          deps.log.error({ command: 'backup', err: error }, 'backup failed');
          if (response.headersSent) response.destroy();
          else answer(500, { error: `The server could not write the backup: ${(error as Error).message}` });
        },
      );
      return;
    }

    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      let parsed;
      try {
        parsed = RequestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return answer(400, { error: 'invalid command' });
      const { command, args, input } = parsed.data;
      const output: CommandAnswer['output'] = [];
      const out: CliOutput = { log: (line) => output.push({ stream: 'log', line }), error: (line) => output.push({ stream: 'error', line }) };
      runCommand(command, args, { ...deps, out, input, runningServer: true }).then(
        (exitCode) => {
          // The command's name only: its arguments hold e-mail addresses and names.
          deps.log.info({ command, subcommand: command === 'staff' ? args[0] : undefined, exitCode }, 'console command run through the admin channel');
          answer(200, { exitCode, output } satisfies CommandAnswer);
        },
        (error: unknown) => {
          deps.log.error({ command, err: error }, 'console command failed');
          answer(200, { exitCode: 1, output: [...output, { stream: 'error', line: 'The command failed; the server log says why.' }] } satisfies CommandAnswer);
        },
      );
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    secret,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        for (const response of backups) response.destroy();
      }),
  };
}

/** Sends a command to the running server; null when the channel does not answer (the server is stopping). */
export async function sendToServer(
  admin: { port: number; secret: string },
  command: CliCommand,
  args: string[],
  input: CommandInput = {},
): Promise<CommandAnswer | null> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${admin.port}/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ command, args, input }),
    });
  } catch {
    return null;
  }
  if (!response.ok) throw new Error(`The running server refused the command (HTTP ${response.status}).`);
  return (await response.json()) as CommandAnswer;
}

/**
 * Receives the running server's backup into destination (which it ends). False when the channel
 * does not answer (the server is stopping); throws when the server refuses or the stream breaks.
 */
export async function receiveBackup(admin: { port: number; secret: string }, destination: Writable): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${admin.port}/backup`, { method: 'POST', headers: { authorization: `Bearer ${admin.secret}` } });
  } catch {
    return false;
  }
  if (!response.ok || !response.body) {
    const refusal = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(refusal?.error ?? `The running server refused the backup (HTTP ${response.status}).`);
  }
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), destination);
  } catch (error) {
    throw new Error(`The running server stopped sending the backup (${(error as Error).message}); its log says why.`, { cause: error });
  }
  return true;
}
