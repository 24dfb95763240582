// The erasure ledger (docs/decisions/0050): with BACKUP_DIR set, every erasure also appends one line
// to BACKUP_DIR/erasure-ledger.jsonl, apart from the database, so that a restore of a backup taken
// before it erases the person again (cli/restore-cli.ts). A line holds the moment, the kind, and only
// SHA-256 hashes of lower-cased mailboxes and record ids: never an address or a name. The file is
// created 0600 in a folder created 0700 and appended with O_APPEND in one write, so that several
// servers on a shared folder each add whole lines.
import { createHash } from 'node:crypto';
import { closeSync, constants, existsSync, fchmodSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { applications, drafts, fieldExtraPharmacists, fieldPharmacies, mailOutbox } from '../db/schema.ts';

export const LEDGER_FILE = 'erasure-ledger.jsonl';

/** What erased: a data-rights request (by mailbox), the retention of a rejected application, a field-signed pharmacist who did not confirm in time. */
const ERASURE_KINDS = ['data-rights', 'retention-rejected', 'unconfirmed-field-pharmacist'] as const;
type ErasureKind = (typeof ERASURE_KINDS)[number];

export interface LedgerEntry {
  /** ISO moment of the erasure (after its transaction committed). */
  at: string;
  kind: ErasureKind;
  /**
   * SHA-256 (hex) of each lower-cased mailbox erased (services/mailbox.ts). An entry written before
   * migration 0030 hashed the mailbox without its +tag: re-applied, it erases that mailbox, and the
   * tagged spellings' records by the ids the entry names.
   */
  mailboxes: string[];
  applications: string[];
  fieldPharmacies: string[];
}

export const ledgerFileIn = (dir: string) => path.join(dir, LEDGER_FILE);

/** SHA-256 (hex) of the lower-cased mailbox: what the ledger holds instead of the address. */
export function mailboxHash(mailbox: string): string {
  return createHash('sha256').update(mailbox.toLowerCase(), 'utf8').digest('hex');
}

/** Appends one line (one write, O_APPEND) to the ledger in `dir`; the folder is made 0700 and the file 0600 when missing. */
export function appendErasure(dir: string, entry: Omit<LedgerEntry, 'at'> & { at: Date }): void {
  const line: LedgerEntry = {
    at: entry.at.toISOString(),
    kind: entry.kind,
    mailboxes: entry.mailboxes,
    applications: entry.applications,
    fieldPharmacies: entry.fieldPharmacies,
  };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fd = openSync(ledgerFileIn(dir), constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, `${JSON.stringify(line)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Records an erasure that has committed; a ledger that cannot be written is logged (the erasure stands), never thrown. */
export function recordErasure(dir: string | null | undefined, entry: Omit<LedgerEntry, 'at'> & { at: Date }, log?: Pick<FastifyBaseLogger, 'error'>): void {
  if (!dir) return;
  if (entry.mailboxes.length + entry.applications.length + entry.fieldPharmacies.length === 0) return;
  try {
    appendErasure(dir, entry);
  } catch (error) {
    log?.error(
      { err: error, kind: entry.kind },
      'erasure not written to the erasure ledger: a restore of an older backup would not repeat it (docs/decisions/0050)',
    );
  }
}

/** A ledger line that is not an entry: named by its number, nothing is re-applied. */
export class LedgerError extends Error {}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function parseLine(text: string, file: string, number: number): LedgerEntry {
  const refuse = (why: string) =>
    new LedgerError(`Line ${number} of the erasure ledger ${file} is not an erasure entry (${why}); nothing was restored. Mend or remove that line.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refuse('not JSON');
  }
  if (!value || typeof value !== 'object') throw refuse('not an object');
  const entry = value as Record<string, unknown>;
  if (typeof entry.at !== 'string' || Number.isNaN(Date.parse(entry.at))) throw refuse('no moment "at"');
  if (!ERASURE_KINDS.includes(entry.kind as ErasureKind)) throw refuse(`unknown kind ${JSON.stringify(entry.kind)}`);
  if (!isStrings(entry.mailboxes) || !isStrings(entry.applications) || !isStrings(entry.fieldPharmacies))
    throw refuse('mailboxes, applications and fieldPharmacies must be lists');
  if (!entry.mailboxes.every((hash) => /^[0-9a-f]{64}$/.test(hash))) throw refuse('a mailbox is not a SHA-256 hash');
  return {
    at: entry.at,
    kind: entry.kind as ErasureKind,
    mailboxes: entry.mailboxes,
    applications: entry.applications,
    fieldPharmacies: entry.fieldPharmacies,
  };
}

/** Every entry of the ledger file, checked; null when there is no such file. Throws LedgerError naming the first unreadable line. */
export function readLedger(file: string): LedgerEntry[] | null {
  if (!existsSync(file)) return null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new LedgerError(`The erasure ledger ${file} cannot be read (${(error as Error).message}); nothing was restored.`);
  }
  const entries: LedgerEntry[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim()) entries.push(parseLine(line, file, index + 1));
  });
  return entries;
}

/** The entries after the moment a backup was taken. */
export const entriesAfter = (entries: LedgerEntry[], takenAt: string) => entries.filter((entry) => Date.parse(entry.at) > Date.parse(takenAt));

/** The erasure code the ledger's kinds stand for (services/data-rights.ts, retention.ts, field-force/pharmacist-confirmation.ts). */
export interface Erasers {
  eraseMailbox(mailbox: string): Promise<void>;
  deleteRejectedApplications(ids: string[]): Promise<void>;
  /** The pharmacy's first pharmacist (`number` null), or its extra pharmacist `number`. */
  eraseUnconfirmedFieldPharmacist(id: string, number: number | null): Promise<void>;
}

const hashed = (
  column:
    | typeof applications.mailbox
    | typeof fieldPharmacies.pharmacistMailbox
    | typeof fieldExtraPharmacists.pharmacistMailbox
    | typeof drafts.mailbox
    | typeof mailOutbox.mailbox,
  hashes: string[],
) =>
  sql`encode(sha256(convert_to(lower(${column}), 'UTF8')), 'hex') in (${sql.join(
    hashes.map((hash) => sql`${hash}`),
    sql`, `,
  )})`;

/** The mailboxes in the database an entry names: by hash, and those of its records by id. */
async function mailboxesOf(db: Database, entry: LedgerEntry): Promise<Set<string>> {
  const found = new Set<string>();
  const add = (rows: { mailbox: string | null }[]) => rows.forEach((row) => row.mailbox && found.add(row.mailbox));
  if (entry.mailboxes.length) {
    const hashes = entry.mailboxes;
    add(await db.selectDistinct({ mailbox: applications.mailbox }).from(applications).where(hashed(applications.mailbox, hashes)));
    add(await db.selectDistinct({ mailbox: fieldPharmacies.pharmacistMailbox }).from(fieldPharmacies).where(hashed(fieldPharmacies.pharmacistMailbox, hashes)));
    add(
      await db
        .selectDistinct({ mailbox: fieldExtraPharmacists.pharmacistMailbox })
        .from(fieldExtraPharmacists)
        .where(hashed(fieldExtraPharmacists.pharmacistMailbox, hashes)),
    );
    add(await db.selectDistinct({ mailbox: drafts.mailbox }).from(drafts).where(hashed(drafts.mailbox, hashes)));
    add(await db.selectDistinct({ mailbox: mailOutbox.mailbox }).from(mailOutbox).where(hashed(mailOutbox.mailbox, hashes)));
  }
  if (entry.applications.length) {
    add(
      await db
        .select({ mailbox: applications.mailbox })
        .from(applications)
        .where(and(inArray(applications.id, entry.applications), ne(applications.status, 'erased'))),
    );
  }
  if (entry.fieldPharmacies.length) {
    add(await db.select({ mailbox: fieldPharmacies.pharmacistMailbox }).from(fieldPharmacies).where(inArray(fieldPharmacies.id, entry.fieldPharmacies)));
  }
  return found;
}

/** Re-applies the entries, oldest first, with the same erasure code; answers how many. */
export async function reapplyErasures(db: Database, entries: LedgerEntry[], erasers: Erasers): Promise<number> {
  const ordered = [...entries].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  for (const entry of ordered) {
    if (entry.kind === 'data-rights') {
      for (const mailbox of await mailboxesOf(db, entry)) await erasers.eraseMailbox(mailbox);
    } else if (entry.kind === 'retention-rejected') {
      if (entry.applications.length) await erasers.deleteRejectedApplications(entry.applications);
    } else {
      for (const id of entry.fieldPharmacies) {
        // An extra pharmacist's lapse names their mailbox; the first pharmacist's names none (field-force/pharmacist-confirmation.ts).
        if (entry.mailboxes.length) {
          const extras = await db
            .select({ number: fieldExtraPharmacists.number })
            .from(fieldExtraPharmacists)
            .where(
              and(
                eq(fieldExtraPharmacists.fieldPharmacyId, id),
                eq(fieldExtraPharmacists.pharmacistStatus, 'awaiting'),
                hashed(fieldExtraPharmacists.pharmacistMailbox, entry.mailboxes),
              ),
            );
          for (const { number } of extras) await erasers.eraseUnconfirmedFieldPharmacist(id, number);
          continue;
        }
        const [row] = await db
          .select({ id: fieldPharmacies.id })
          .from(fieldPharmacies)
          .where(and(eq(fieldPharmacies.id, id), ne(fieldPharmacies.pharmacistStatus, 'erased')));
        if (row) await erasers.eraseUnconfirmedFieldPharmacist(id, null);
      }
    }
  }
  return ordered.length;
}
