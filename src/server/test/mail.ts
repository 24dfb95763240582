// Reads the .eml files the outbox writes (no SMTP in tests): the fake mail. A delivered mail's outbox
// row keeps no body (docs/decisions/0042), so what was sent is read here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { emlFileFor } from '../services/mail/delivery.ts';
import { solveCaptcha } from './bot-check.ts';

function mailFiles(mailDir: string): string[] {
  return existsSync(mailDir)
    ? readdirSync(mailDir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
}

/** The raw messages to an address, oldest first, with quoted-printable soft breaks undone. */
export function mailsTo(mailDir: string, to: string): string[] {
  return mailFiles(mailDir)
    .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
    .filter((raw) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw))
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

/** The first link in a message matching a pattern. */
export function linkIn(raw: string, pattern: RegExp): string | null {
  return pattern.exec(raw)?.[0] ?? null;
}

/** Every raw message written, soft breaks undone as in `mailsTo`. */
export function allMails(mailDir: string): string[] {
  return mailFiles(mailDir).map((f) =>
    readFileSync(path.join(mailDir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  );
}

const decodePart = (body: string, encoding: string | undefined): string => {
  if (/^quoted-printable$/i.test(encoding ?? '')) {
    const bytes: number[] = [];
    const text = body.replace(/=\r?\n/g, '');
    for (let i = 0; i < text.length; i++) {
      const hex = text[i] === '=' ? /^[0-9A-F]{2}$/i.exec(text.slice(i + 1, i + 3))?.[0] : undefined;
      if (hex) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  if (/^base64$/i.test(encoding ?? '')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
};

/** A message's headers (names lower-cased, folded lines joined) and body. */
function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end < 0 ? normalised : normalised.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end < 0 ? '' : normalised.slice(end + 2) };
}

/** A message's leaf parts: itself, or (multipart) its parts' leaves, e.g. multipart/alternative inside the multipart/mixed of a mail with an attachment. */
function leafParts(part: { headers: Record<string, string>; body: string }): { headers: Record<string, string>; body: string }[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1];
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((child) => !child.startsWith('--'))
    .flatMap((child) => leafParts(splitMessage(child.replace(/^\n/, ''))));
}

/** The text and HTML bodies of a raw .eml as nodemailer writes them (one part, or multipart), decoded. */
function emlBodies(raw: string): { text: string; html: string | null } {
  const parts = leafParts(splitMessage(raw));
  const of = (type: string) => {
    const part = parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type));
    return part ? decodePart(part.body.replace(/\n$/, ''), part.headers['content-transfer-encoding']) : null;
  };
  return { text: of('text/plain') ?? '', html: of('text/html') };
}

/**
 * Outbox rows with the bodies that were sent: a delivered row keeps none (docs/decisions/0042), so
 * its text and HTML are read from its .eml file; a row not yet delivered still holds its own.
 */
export function withSentBodies<T extends { id: string; createdAt: Date; sentAt: Date | null; text: string; html: string | null }>(
  mailDir: string,
  rows: T[],
): T[] {
  return rows.map((row) => {
    const file = emlFileFor(mailDir, row);
    if (!row.sentAt || !existsSync(file)) return row;
    return { ...row, ...emlBodies(readFileSync(file, 'utf8')) };
  });
}

/**
 * The applicant's edit token as they get it: "e-mail me a link" (POST /api/update-link), then the
 * link in the mail. Each request mints a fresh token (the one before stops working).
 */
export async function editTokenByMail(app: FastifyInstance, mailDir: string, email: string, basePath = '/uk'): Promise<string> {
  const before = mailsTo(mailDir, email).length;
  const asked = await app.inject({
    method: 'POST',
    url: '/api/update-link',
    payload: { email, recaptchaToken: await solveCaptcha(app), basePath },
    headers: { host: 'localhost:3000' },
  });
  if (asked.statusCode !== 200) throw new Error(`update link refused: ${asked.body}`);
  await app.services.applicantLinks.settled();
  const link = mailsTo(mailDir, email)
    .slice(before)
    .map((mail) => linkIn(mail, /\/pharmacist\/edit\/[A-Za-z0-9_-]+/))
    .find(Boolean);
  if (!link) throw new Error(`no edit link was mailed to ${email}`);
  return link.split('/').at(-1)!;
}

/**
 * Waits until a mail to `to` holding `pattern` has been delivered (the sender works in the
 * background) and answers the match in the newest such mail: how a test takes a mailed token.
 */
export async function mailedMatch(mailDir: string, to: string, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpExecArray> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const match = mailsTo(mailDir, to)
      .map((mail) => pattern.exec(mail))
      .filter(Boolean)
      .at(-1);
    if (match) return match;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${String(pattern)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
