// The retention job, on a clock the test sets: rejected applications go with their files after
// the configured months, abandoned drafts after 30 days; nothing else is touched.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ERASED_REASON } from '#shared/schemas/review.ts';
import { applications, drafts, fileContents, files, reviewAudit } from '../db/schema.ts';
import { createTestContext, uploadPhoto, type TestContext } from '../test/context.ts';
import { setStatus, submitApplication } from '../test/listings.ts';
import { insertFile } from './files/file-store.ts';
import { LEDGER_FILE, readLedger, reapplyErasures } from './erasure-ledger.ts';
import { ABANDONED_DRAFT_DAYS, applyRetention, deleteApplications, monthsBefore } from './retention.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const NOW = new Date('2027-06-15T12:00:00Z');
const DAY = 24 * 3600_000;

/** A submitted application with a photo and a certificate, decided `status` at `decidedAt`. */
async function decided(status: 'rejected' | 'approved' | 'submitted', decidedAt: Date) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#39c' } })
    .png()
    .toBuffer();
  const photo = (await uploadPhoto(ctx.app, png.toString('base64'))).json() as { filename: string; target_id: string };
  const { id } = await submitApplication(ctx, 'uk', { photo: photo.filename, photoId: photo.target_id });
  const content = Buffer.from('%PDF-1.4\n');
  const certificateId = await ctx.database.db.transaction((tx) =>
    insertFile(tx, {
      kind: 'certificate',
      storageName: `${id}.pdf`,
      mime: 'application/pdf',
      bytes: content.length,
      applicationId: id,
      linkedAt: decidedAt,
      content,
    }),
  );
  await setStatus(ctx.database.db, id, status, decidedAt);
  return { id, fileIds: [photo.target_id, certificateId] };
}

/** How many of an application's files still have their bytes stored. */
const storedBytes = async (a: { fileIds: string[] }) =>
  (await ctx.database.db.select({ fileId: fileContents.fileId }).from(fileContents).where(inArray(fileContents.fileId, a.fileIds))).length;

describe('applyRetention', () => {
  it('deletes rejected applications and their files once the months have passed, and nothing else', async () => {
    const old = await decided('rejected', monthsBefore(NOW, 13));
    const recent = await decided('rejected', monthsBefore(NOW, 11));
    const approved = await decided('approved', monthsBefore(NOW, 30));
    const waiting = await decided('submitted', monthsBefore(NOW, 30));
    for (const a of [old, recent, approved, waiting]) expect(await storedBytes(a)).toBe(2);

    const result = await applyRetention(ctx.database.db, { now: NOW, rejectedMonths: 12 });
    expect(result).toMatchObject({ applications: 1, files: 2 });

    const left = await ctx.database.db
      .select({ id: applications.id })
      .from(applications)
      .where(inArray(applications.id, [old.id, recent.id, approved.id, waiting.id]));
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, approved.id, waiting.id].sort());
    expect(await ctx.database.db.select().from(files).where(eq(files.applicationId, old.id))).toEqual([]);
    expect(await storedBytes(old)).toBe(0);
    for (const a of [recent, approved, waiting]) expect(await storedBytes(a)).toBe(2);

    // A shorter setting reaches the more recent rejection; a second run finds nothing more.
    expect(await applyRetention(ctx.database.db, { now: NOW, rejectedMonths: 6 })).toMatchObject({ applications: 1, files: 2 });
    expect(await applyRetention(ctx.database.db, { now: NOW, rejectedMonths: 6 })).toMatchObject({ applications: 0, files: 0 });
    expect(await storedBytes(recent)).toBe(0);
  });

  it("erases the reviewers' reasons and internal notes of a deleted application, which can name the applicant; the history's entries stay", async () => {
    const old = await decided('rejected', monthsBefore(NOW, 20));
    const [entry] = await ctx.database.db
      .insert(reviewAudit)
      .values({
        at: monthsBefore(NOW, 20),
        applicationId: old.id,
        action: 'reject',
        fromStatus: 'submitted',
        toStatus: 'rejected',
        reason: 'Dear Ms Quinton-Hale, your number is not on the register.',
        internalNote: 'Spoke to Ms Quinton-Hale.',
      })
      .returning({ id: reviewAudit.id });
    await applyRetention(ctx.database.db, { now: NOW, rejectedMonths: 12 });
    const [kept] = await ctx.database.db.select().from(reviewAudit).where(eq(reviewAudit.id, entry!.id));
    expect(kept).toMatchObject({ applicationId: null, action: 'reject', reason: ERASED_REASON, internalNote: ERASED_REASON });
  });

  it('records the deleted applications by id in the erasure ledger given (BACKUP_DIR), which re-applies them by the same deletion', async () => {
    const ledgerDir = path.join(mkdtempSync(path.join(tmpdir(), 'champions-retention-')), 'backups');
    const old = await decided('rejected', monthsBefore(NOW, 40));
    expect(await applyRetention(ctx.database.db, { now: NOW, rejectedMonths: 12, ledgerDir })).toMatchObject({ applications: 1 });
    // Nothing deleted, nothing recorded.
    await applyRetention(ctx.database.db, { now: NOW, rejectedMonths: 12, ledgerDir });
    const entries = readLedger(path.join(ledgerDir, LEDGER_FILE))!;
    expect(entries).toEqual([{ at: NOW.toISOString(), kind: 'retention-rejected', mailboxes: [], applications: [old.id], fieldPharmacies: [] }]);
    expect(statSync(path.join(ledgerDir, LEDGER_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(ledgerDir, LEDGER_FILE), 'utf8')).not.toContain('@');

    // As a restore of a backup that still holds it: the entry deletes it again.
    const again = await decided('rejected', monthsBefore(NOW, 40));
    const deleted: string[][] = [];
    const db = ctx.database.db;
    const count = await reapplyErasures(db, [{ ...entries[0]!, applications: [again.id] }], {
      eraseMailbox: () => Promise.reject(new Error('not a data-rights entry')),
      eraseUnconfirmedFieldPharmacist: () => Promise.reject(new Error('not a lapse entry')),
      deleteRejectedApplications: async (ids) => {
        deleted.push(ids);
        await db.transaction((tx) => deleteApplications(tx, ids));
      },
    });
    expect([count, deleted]).toEqual([1, [[again.id]]]);
    expect(await db.select().from(applications).where(eq(applications.id, again.id))).toEqual([]);
    expect(await storedBytes(again)).toBe(0);
  });

  it(`deletes drafts started more than ${ABANDONED_DRAFT_DAYS} days ago`, async () => {
    const draft = (daysAgo: number) => ({
      tokenHash: `hash-${daysAgo}-${Math.random()}`,
      email: 'someone@example.com',
      country: 'de',
      language: 'de',
      step: 2,
      data: { firstName: 'Jürgen' },
      createdAt: new Date(NOW.getTime() - daysAgo * DAY),
      // Expiry is not what decides: a draft whose expiry was pushed on still goes after 30 days.
      expiresAt: new Date(NOW.getTime() + 10 * DAY),
    });
    const [abandoned, fresh] = await ctx.database.db
      .insert(drafts)
      .values([draft(31), draft(29)])
      .returning({ id: drafts.id });
    const result = await applyRetention(ctx.database.db, { now: NOW, rejectedMonths: 12 });
    expect(result.drafts).toBe(1);
    const left = (await ctx.database.db.select({ id: drafts.id }).from(drafts)).map((d) => d.id);
    expect(left).toContain(fresh!.id);
    expect(left).not.toContain(abandoned!.id);
  });
});

describe('RETENTION_REJECTED_MONTHS', () => {
  it('defaults to 12 months and takes a whole number of months', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: ctx.config.dataDir }).retentionRejectedMonths).toBe(12);
    expect(loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: ctx.config.dataDir, RETENTION_REJECTED_MONTHS: '6' }).retentionRejectedMonths).toBe(6);
    expect(() => loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: ctx.config.dataDir, RETENTION_REJECTED_MONTHS: '0' })).toThrow();
  });
});
