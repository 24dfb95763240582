// Erasures survive a restore (issue 37 item 9, docs/decisions/0050): with BACKUP_DIR set, an erasure
// through the data-rights API appends one line to BACKUP_DIR/erasure-ledger.jsonl (0600, hashes and
// ids only), and `npm run restore` of a backup taken before it erases the person again; an entry
// older than the backup is not re-applied. An unreadable line is refused, naming it.
import { appendFileSync, createWriteStream, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig, type Config } from '../config.ts';
import { writeBackup } from '../db/backup/write-backup.ts';
import { openDatabase } from '../db/client.ts';
import { applications, mailOutbox } from '../db/schema.ts';
import { appendErasure, LEDGER_FILE, mailboxHash } from '../services/erasure-ledger.ts';
import { mailboxOf } from '../services/mailbox.ts';
import { databaseSnapshot } from '../test/backup.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { submitApplication } from '../test/listings.ts';
import { linkIn, mailsTo } from '../test/mail.ts';
import { runRestoreCommand } from './restore-cli.ts';

const work = mkdtempSync(path.join(tmpdir(), 'champions-ledger-'));
const backupDir = path.join(work, 'backups');
const ledger = path.join(backupDir, LEDGER_FILE);
const backupFile = path.join(work, 'before-the-erasure.backup.gz');

let source: TestContext;
let erased: { id: string; email: string; firstName: string; lastName: string };
let kept: { id: string; email: string };

function capture() {
  const lines: string[] = [];
  return { lines, text: () => lines.join('\n'), out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
}

const withBackupDir = (config: Config, dir: string | null): Config => ({ ...config, backup: { ...config.backup, dir } });
/** A restore's config: an embedded database in `dir`, without STAFF_SECRET_KEY, BACKUP_DIR as given. */
const restoreConfig = (dir: string, ledgerDir: string | null): Config => {
  const config = testConfig({ database: { kind: 'pglite', dataDir: path.join(dir, 'db') } });
  return withBackupDir({ ...config, staff: { ...config.staff, secretKey: null } }, ledgerDir);
};

async function snapshotText(config: Config): Promise<{ text: string; statusOf: (id: string) => Promise<string | undefined> }> {
  const database = await openDatabase(config);
  try {
    const text = JSON.stringify(await databaseSnapshot(database.db));
    const statuses = new Map(
      (await database.db.select({ id: applications.id, status: applications.status }).from(applications)).map((row) => [row.id, row.status]),
    );
    return { text, statusOf: async (id) => statuses.get(id) };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  source = await createTestContext(withBackupDir(testConfig(), backupDir), {}, null);
  const { db } = source.database;
  const a = await submitApplication(source, 'uk');
  kept = await submitApplication(source, 'uk');
  const [row] = await db.select().from(applications).where(eq(applications.id, a.id));
  erased = { ...a, firstName: row!.firstName, lastName: row!.lastName };
  await vi.waitFor(async () => expect(await db.$count(mailOutbox, and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)))).toBe(0), {
    timeout: 30_000,
    interval: 50,
  });
  await new Promise<void>((resolve, reject) => {
    writeBackup(db, createWriteStream(backupFile)).then(() => resolve(), reject);
  });
  // An entry from before the backup (the backup already holds its outcome): a restore leaves it be.
  appendErasure(backupDir, {
    at: new Date(Date.now() - 3600_000),
    kind: 'data-rights',
    mailboxes: [mailboxHash(mailboxOf(kept.email))],
    applications: [kept.id],
    fieldPharmacies: [],
  });
  await new Promise((resolve) => setTimeout(resolve, 5));

  // The person asks for their data to be erased, after the backup.
  const asked = await source.app.inject({
    method: 'POST',
    url: '/api/data-rights/request',
    payload: { email: erased.email, recaptchaToken: await solveCaptcha(source.app), basePath: '/uk' },
    headers: { host: 'localhost:3000' },
  });
  expect(asked.statusCode).toBe(200);
  await source.app.services.applicantLinks.settled();
  const link = mailsTo(source.config.mail.dir, erased.email)
    .map((mail) => linkIn(mail, /\/my-data\/[A-Za-z0-9_-]{32}/))
    .find(Boolean);
  const erase = await source.app.inject({ method: 'POST', url: `/api/data-rights/${link!.slice(-32)}/erase` });
  expect(erase.statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await source?.close();
});

describe('the erasure ledger', () => {
  it('holds one line per erasure, with hashed mailboxes and ids, no address or name; the file is 0600 in a 0700 folder', () => {
    const text = readFileSync(ledger, 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({
      at: expect.any(String),
      kind: 'data-rights',
      mailboxes: [mailboxHash(mailboxOf(erased.email))],
      applications: [erased.id],
      fieldPharmacies: [],
    });
    for (const clear of [erased.email, mailboxOf(erased.email), erased.firstName, erased.lastName])
      expect(text.toLowerCase()).not.toContain(clear.toLowerCase());
    expect(text).not.toContain('@');
    expect(statSync(ledger).mode & 0o777).toBe(0o600);
    expect(statSync(backupDir).mode & 0o777).toBe(0o700);
  });
});

describe('npm run restore with the erasure ledger', () => {
  it('erases again whoever erased their data after the backup was taken, and leaves an entry older than the backup be', { timeout: 90_000 }, async () => {
    const into = path.join(work, 'restored');
    const run = capture();
    expect(await runRestoreCommand(['--from', backupFile], run.out, restoreConfig(into, backupDir)), run.text()).toBe(0);
    expect(run.text()).toContain(`Erasures: 1 of the 2 entries of ${ledger} made after the backup was taken re-applied`);

    const restored = await snapshotText(restoreConfig(into, backupDir));
    expect(restored.text.toLowerCase()).not.toContain(erased.email.toLowerCase());
    expect(restored.text.toLowerCase()).not.toContain(mailboxOf(erased.email).toLowerCase());
    // The erasure keeps the application's row, as 'erased', so that the history of decisions keeps its id.
    expect(await restored.statusOf(erased.id)).toBe('erased');
    // The older entry's person is in the backup as they were: not erased again.
    expect(await restored.statusOf(kept.id)).toBe('submitted');
    expect(restored.text.toLowerCase()).toContain(kept.email.toLowerCase());
  });

  it('without the ledger (no BACKUP_DIR) the erased person comes back, and it says that nothing is re-applied', { timeout: 90_000 }, async () => {
    const into = path.join(work, 'restored-without');
    const run = capture();
    expect(await runRestoreCommand(['--from', backupFile], run.out, restoreConfig(into, null)), run.text()).toBe(0);
    expect(run.text()).toContain('No BACKUP_DIR and no --ledger');
    expect((await snapshotText(restoreConfig(into, null))).text.toLowerCase()).toContain(erased.email.toLowerCase());
  });

  it('reads --ledger FILE; says in one line that BACKUP_DIR holds no ledger', { timeout: 90_000 }, async () => {
    const into = path.join(work, 'restored-given');
    const run = capture();
    expect(await runRestoreCommand(['--from', backupFile, '--ledger', ledger], run.out, restoreConfig(into, null)), run.text()).toBe(0);
    expect(run.text()).toContain('Erasures: 1 of the 2 entries');
    expect((await snapshotText(restoreConfig(into, null))).text.toLowerCase()).not.toContain(erased.email.toLowerCase());

    const empty = path.join(work, 'empty-backups');
    const missing = capture();
    expect(await runRestoreCommand(['--from', backupFile], missing.out, restoreConfig(path.join(work, 'restored-missing'), empty)), missing.text()).toBe(0);
    expect(missing.text()).toContain(`No erasure ledger at ${path.join(empty, LEDGER_FILE)}: nothing to re-apply.`);
  });

  it('refuses an unreadable line, naming its number, and restores nothing', { timeout: 60_000 }, async () => {
    const broken = path.join(work, 'broken.jsonl');
    writeFileSync(broken, readFileSync(ledger));
    appendFileSync(broken, '{"at": "2026-11-27T10:00:00Z", "kind": "da\n');
    const run = capture();
    expect(await runRestoreCommand(['--from', backupFile, '--ledger', broken], run.out, restoreConfig(path.join(work, 'restored-broken'), null))).toBe(1);
    expect(run.text()).toMatch(/^Restore refused: Line 3 of the erasure ledger .*broken\.jsonl is not an erasure entry \(not JSON\); nothing was restored/);
  });
});
