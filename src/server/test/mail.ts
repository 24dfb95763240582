// Reads the .eml files the outbox writes (no SMTP in tests).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function mailFiles(mailDir: string): string[] {
  return existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')).sort() : [];
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
