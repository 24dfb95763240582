// Data rights behind an e-mailed /my-data/{token} link (issues 13 and 23, GDPR arts. 15, 17, 20).
// A link names one mailbox, the address it was sent to (services/mailbox.ts: case and IDN spelling
// folded; a +tag spelling is another mailbox, which is sent a link of its own), and covers every
// record holding it: applications, field records a rep or area manager made of the person,
// drafts and the e-mails sent to it. The export is all of it as JSON. Erasure removes the personal
// data: the applications' answers and identity (the rows stay as 'erased', so the history of
// decisions keeps their ids), their files, the reviewers' free-text reasons and internal notes, the field records'
// pharmacist (the pharmacy stays with its area manager), drafts, outbox rows and their .eml files.
// Consent records stay (no personal data, proof of what was agreed). The reps' notes of visits to the
// person's pharmacies are exported and cleared with their field records (decision 0069), and the
// old row versions are cleaned up after the erasure (vacuum.ts).
import { and, desc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MyDataExport } from '#shared/schemas/applicant-links.ts';
import { ERASED_REASON } from '#shared/schemas/review.ts';
import type { Database } from '../db/client.ts';
import {
  applications,
  dataRightsEvents,
  dataRightsLinks,
  drafts,
  fieldExtraPharmacists,
  fieldPharmacies,
  files,
  mailOutbox,
  pharmacies,
  reviewAudit,
  reviewSnapshots,
} from '../db/schema.ts';
import { newEditTokenWithHash } from './applications.ts';
import { accessesOf } from './access-log.ts';
import { consentsOf } from './consents.ts';
import { eraseFieldRecordsOf, fieldHolderOf, fieldRecordsOf } from './field-force/field-pharmacist-records.ts';
import { mailboxHash, recordErasure } from './erasure-ledger.ts';
import { sameUntaggedMailbox } from './mailbox.ts';
import { deleteMailsTo, removeEmlFiles } from './mail/erase.ts';
import { hashToken } from './tokens.ts';
import { ERASED_FROM, vacuum } from './vacuum.ts';

export function createDataRights(
  db: Database,
  // ledgerDir: BACKUP_DIR, where each erasure is also recorded (services/erasure-ledger.ts); null = not recorded.
  deps: { now: () => Date; mailDir: string; ledgerDir?: string | null; log?: Pick<FastifyBaseLogger, 'warn' | 'error'> },
) {
  /** The mailbox a live link names, or null. */
  async function mailboxOfLink(token: string): Promise<{ mailbox: string; expiresAt: Date } | null> {
    const [link] = await db
      .select({ mailbox: dataRightsLinks.mailbox, expiresAt: dataRightsLinks.expiresAt })
      .from(dataRightsLinks)
      .where(and(eq(dataRightsLinks.tokenHash, hashToken(token)), gt(dataRightsLinks.expiresAt, deps.now())));
    return link?.mailbox ? { mailbox: link.mailbox, expiresAt: link.expiresAt } : null;
  }

  /** The other spellings of the mailbox that hold records (its +tag spellings, or the untagged one): each proves itself with a link of its own. */
  async function otherMailboxesOf(mailbox: string): Promise<string[]> {
    const found = await Promise.all([
      db
        .selectDistinct({ mailbox: applications.mailbox })
        .from(applications)
        .where(and(sameUntaggedMailbox(applications.mailbox, mailbox), ne(applications.status, 'erased'))),
      db
        .selectDistinct({ mailbox: fieldPharmacies.pharmacistMailbox })
        .from(fieldPharmacies)
        .where(and(sameUntaggedMailbox(fieldPharmacies.pharmacistMailbox, mailbox), ne(fieldPharmacies.pharmacistStatus, 'erased'))),
      db
        .selectDistinct({ mailbox: fieldExtraPharmacists.pharmacistMailbox })
        .from(fieldExtraPharmacists)
        .where(and(sameUntaggedMailbox(fieldExtraPharmacists.pharmacistMailbox, mailbox), ne(fieldExtraPharmacists.pharmacistStatus, 'erased'))),
      db.selectDistinct({ mailbox: drafts.mailbox }).from(drafts).where(sameUntaggedMailbox(drafts.mailbox, mailbox)),
    ]);
    return [...new Set(found.flat().flatMap((row) => (row.mailbox && row.mailbox !== mailbox ? [row.mailbox] : [])))].sort();
  }

  /** Every record of the mailbox that still holds personal data. */
  async function recordsOf(mailbox: string) {
    const [held, fieldRows, draftRows] = await Promise.all([
      db
        .select()
        .from(applications)
        .where(and(eq(applications.mailbox, mailbox), ne(applications.status, 'erased'))),
      // Their own answers only, as the first or an extra pharmacist of a pharmacy: never a colleague's (issue 39 item 7).
      fieldRecordsOf(db, mailbox),
      db.select().from(drafts).where(eq(drafts.mailbox, mailbox)),
    ]);
    return { held, fieldRows, draftRows };
  }

  /**
   * Erases everything the mailbox holds (the data-rights erasure; a restore re-applies it from the
   * erasure ledger); answers the ids of the records erased.
   */
  async function eraseMailbox(mailbox: string): Promise<{ applications: string[]; fieldPharmacies: string[] }> {
    const now = deps.now();
    const { mails: sentMails, ...erased } = await db.transaction(async (tx) => {
      const held = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.mailbox, mailbox), ne(applications.status, 'erased')))
        .for('update');
      for (const { id } of held) {
        // The files' bytes go with their rows (the foreign key cascades), in this transaction.
        await tx.delete(files).where(eq(files.applicationId, id));
        // The answers kept at change requests (issue 25) are the applicant's answers too.
        await tx.delete(reviewSnapshots).where(eq(reviewSnapshots.applicationId, id));
        await tx
          .update(applications)
          .set({
            status: 'erased',
            // Not null and unique columns keep a placeholder that names only the row itself.
            email: `erased:${id}`,
            emailNormalized: `erased:${id}`,
            mailbox: null,
            firstName: '',
            lastName: '',
            registrationNumber: `erased:${id}`,
            photo: null,
            answers: {},
            // The edit link stops working, and the status link (issue 25) with its hash.
            editTokenHash: newEditTokenWithHash().hash,
            statusTokenHash: null,
            decisionStatusTokenHash: null,
            // A shared link to the listing (/finder/{listingId}) never leads to this row again.
            listingId: sql`gen_random_uuid()`,
            updatedAt: now,
          })
          .where(eq(applications.id, id));
        await tx
          .update(reviewAudit)
          .set({ reason: ERASED_REASON })
          .where(and(eq(reviewAudit.applicationId, id), isNotNull(reviewAudit.reason), sql`${reviewAudit.reason} <> ''`));
        await tx
          .update(reviewAudit)
          .set({ internalNote: ERASED_REASON })
          .where(and(eq(reviewAudit.applicationId, id), isNotNull(reviewAudit.internalNote)));
        await tx.insert(dataRightsEvents).values({ applicationId: id, event: 'erased', at: now });
      }
      const fieldRows = await eraseFieldRecordsOf(tx, mailbox);
      for (const row of fieldRows) await tx.insert(dataRightsEvents).values({ fieldPharmacyId: row.pharmacyId, event: 'erased', at: now });
      // Drafts of the mailbox however its case or domain was typed (a +tag spelling is another mailbox's).
      await tx.delete(drafts).where(eq(drafts.mailbox, mailbox));
      const heldIds = held.map((a) => a.id);
      await tx
        .delete(dataRightsLinks)
        .where(
          heldIds.length ? or(eq(dataRightsLinks.mailbox, mailbox), inArray(dataRightsLinks.applicationId, heldIds)) : eq(dataRightsLinks.mailbox, mailbox),
        );
      // The pharmacies whose first pharmacist this was: a restore erases an extra pharmacist by the mailbox, never a pharmacy's first one by its id.
      const firstOf = fieldRows.filter((row) => row.number === null).map((row) => row.pharmacyId);
      return { mails: await deleteMailsTo(tx, mailbox), applications: heldIds, fieldPharmacies: firstOf };
    });
    // Without SMTP the e-mails were written as .eml files (mail/delivery.ts): they go too.
    await removeEmlFiles(deps.mailDir, sentMails);
    await vacuum(db, ERASED_FROM, deps.log);
    return erased;
  }

  return {
    async export(token: string): Promise<MyDataExport | null> {
      const link = await mailboxOfLink(token);
      if (!link) return null;
      const { held, fieldRows, draftRows } = await recordsOf(link.mailbox);
      const applicationIds = held.map((a) => a.id);
      const [places, stored, mails, consents, history, accesses] = await Promise.all([
        held.length
          ? db
              .select()
              .from(pharmacies)
              .where(
                inArray(
                  pharmacies.placeId,
                  held.map((a) => a.placeId),
                ),
              )
          : [],
        applicationIds.length ? db.select().from(files).where(inArray(files.applicationId, applicationIds)) : [],
        db.select().from(mailOutbox).where(eq(mailOutbox.mailbox, link.mailbox)).orderBy(mailOutbox.createdAt),
        consentsOf(db, { applicationIds, fieldPharmacyIds: fieldRows.filter((r) => r.number === null).map((r) => r.pharmacyId) }),
        applicationIds.length
          ? db
              .select({
                applicationId: reviewAudit.applicationId,
                at: reviewAudit.at,
                action: reviewAudit.action,
                reason: reviewAudit.reason,
                internalNote: reviewAudit.internalNote,
              })
              .from(reviewAudit)
              .where(inArray(reviewAudit.applicationId, applicationIds))
              .orderBy(reviewAudit.at)
          : [],
        accessesOf(db, { applicationIds, fieldPharmacies: fieldRows.map((r) => ({ id: r.pharmacyId, since: new Date(r.record.recordedAt) })) }),
      ]);
      const kept = applicationIds.length
        ? await db.select().from(reviewSnapshots).where(inArray(reviewSnapshots.applicationId, applicationIds)).orderBy(reviewSnapshots.takenAt)
        : [];
      if (held.length + fieldRows.length + draftRows.length + mails.length === 0) return null;
      const now = deps.now();
      const events = [...held.map((a) => ({ applicationId: a.id })), ...fieldRows.map((r) => ({ fieldPharmacyId: r.pharmacyId }))];
      if (events.length) await db.insert(dataRightsEvents).values(events.map((subject) => ({ ...subject, event: 'downloaded' as const, at: now })));
      return {
        applications: held.map((a) => {
          const place = places.find((p) => p.placeId === a.placeId);
          return {
            id: a.id,
            reference: a.reference,
            status: a.status,
            statusLinkTokenHash: a.statusTokenHash,
            listingId: a.listingId,
            country: a.country,
            language: a.language,
            email: a.email,
            firstName: a.firstName,
            lastName: a.lastName,
            registrationBody: a.registrationBody,
            registrationNumber: a.registrationNumber,
            submittedAt: a.createdAt.toISOString(),
            updatedAt: a.updatedAt.toISOString(),
            answers: a.answers,
            pharmacy: place ? { name: place.name, address: place.address } : null,
            files: stored
              .filter((f) => f.applicationId === a.id)
              .map((f) => ({ kind: f.kind, mime: f.mime, bytes: f.bytes, uploadedAt: f.createdAt.toISOString() })),
            signedInField: a.signedInFieldBy !== null || fieldRows.some((r) => r.applicationId === a.id),
            answersAtChangeRequests: kept.filter((k) => k.applicationId === a.id).map((k) => ({ takenAt: k.takenAt.toISOString(), answers: k.answers })),
            reviewHistory: history
              .filter((h) => h.applicationId === a.id)
              .map((h) => ({ at: h.at.toISOString(), action: h.action, reason: h.reason, internalNote: h.internalNote })),
          };
        }),
        fieldRecords: fieldRows.map((r) => r.record),
        drafts: draftRows.map((d) => ({ createdAt: d.createdAt.toISOString(), expiresAt: d.expiresAt.toISOString(), answers: d.data })),
        emails: mails.map((m) => ({
          to: m.to,
          subject: m.subject,
          text: m.text,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        })),
        consents,
        otherSpellings: (await otherMailboxesOf(link.mailbox)).length > 0,
        accesses,
        linkExpiresAt: link.expiresAt.toISOString(),
      };
    },

    /** Erases everything the link's mailbox holds; false when the link does not work. */
    async erase(token: string): Promise<boolean> {
      const link = await mailboxOfLink(token);
      if (!link) return false;
      const erased = await eraseMailbox(link.mailbox);
      recordErasure(deps.ledgerDir, { at: deps.now(), kind: 'data-rights', mailboxes: [mailboxHash(link.mailbox)], ...erased }, deps.log);
      return true;
    },

    eraseMailbox,

    otherMailboxesOf,

    async purgeExpired(now = deps.now()): Promise<number> {
      const deleted = await db
        .delete(dataRightsLinks)
        .where(sql`${dataRightsLinks.expiresAt} < ${now}`)
        .returning({ hash: dataRightsLinks.tokenHash });
      return deleted.length;
    },

    /** The newest record of a mailbox to write a data-rights link to: its address, market and language; null when it holds nothing. */
    async holderOf(mailbox: string): Promise<{ email: string; country: string; language: string; applicationId: string | null } | null> {
      const [application] = await db
        .select({ id: applications.id, email: applications.email, country: applications.country, language: applications.language })
        .from(applications)
        .where(and(eq(applications.mailbox, mailbox), ne(applications.status, 'erased')))
        .orderBy(desc(applications.updatedAt))
        .limit(1);
      if (application) return { email: application.email, country: application.country, language: application.language, applicationId: application.id };
      const field = await fieldHolderOf(db, mailbox);
      if (field) return { ...field, country: 'it', applicationId: null };
      const [draft] = await db
        .select({ email: drafts.email, country: drafts.country, language: drafts.language })
        .from(drafts)
        .where(eq(drafts.mailbox, mailbox))
        .orderBy(desc(drafts.createdAt))
        .limit(1);
      return draft ? { ...draft, applicationId: null } : null;
    },
  };
}

export type DataRights = ReturnType<typeof createDataRights>;
