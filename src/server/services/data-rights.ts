// Data rights behind an e-mailed /my-data/{token} link (issues 13 and 23, GDPR arts. 15, 17, 20).
// A link names one mailbox (services/mailbox.ts: case, +tag and IDN spelling removed), and covers
// every record holding it: applications, field records a rep or area manager made of the person,
// drafts and the e-mails sent to it. The export is all of it as JSON. Erasure removes the personal
// data: the applications' answers and identity (the rows stay as 'erased', so the history of
// decisions keeps their ids), their files, the reviewers' free-text reasons and internal notes, the field records'
// pharmacist (the pharmacy stays with its area manager), drafts, outbox rows and their .eml files.
// Consent records stay (no personal data, proof of what was agreed). A plain VACUUM follows.
import { and, desc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MyDataExport } from '#shared/schemas/applicant-links.ts';
import { ERASED_REASON } from '#shared/schemas/review.ts';
import type { Database } from '../db/client.ts';
import { applications, dataRightsEvents, dataRightsLinks, drafts, fieldPharmacies, files, mailOutbox, pharmacies, reviewAudit, reviewSnapshots } from '../db/schema.ts';
import { newEditTokenWithHash } from './applications.ts';
import { consentsOf } from './consents.ts';
import { blankFieldPharmacist } from './field-force/field-pharmacist-erasure.ts';
import { mailboxHash, recordErasure } from './erasure-ledger.ts';
import { deleteMailsTo, removeEmlFiles } from './mail/erase.ts';
import { hashToken } from './tokens.ts';
import { vacuum } from './vacuum.ts';

/** The tables an erasure rewrites or deletes from: vacuumed after it, so that no old row version keeps the data. */
const ERASED_FROM = ['applications', 'field_pharmacies', 'files', 'file_contents', 'mail_outbox', 'drafts', 'review_audit', 'review_snapshots', 'data_rights_links'];

export function createDataRights(
  db: Database,
  // ledgerDir: BACKUP_DIR, where each erasure is also recorded (services/erasure-ledger.ts); null = not recorded.
  deps: { now: () => Date; mailDir: string; ledgerDir?: string | null; log?: Pick<FastifyBaseLogger, 'warn' | 'error'> },
) {
  /** The mailbox a live link names (a link from before mailboxes names its application's), or null. */
  async function mailboxOfLink(token: string): Promise<{ mailbox: string; expiresAt: Date } | null> {
    const [link] = await db
      .select({ mailbox: sql<string | null>`coalesce(${dataRightsLinks.mailbox}, ${applications.mailbox})`, expiresAt: dataRightsLinks.expiresAt })
      .from(dataRightsLinks)
      .leftJoin(applications, eq(applications.id, dataRightsLinks.applicationId))
      .where(and(eq(dataRightsLinks.tokenHash, hashToken(token)), gt(dataRightsLinks.expiresAt, deps.now())));
    return link?.mailbox ? { mailbox: link.mailbox, expiresAt: link.expiresAt } : null;
  }

  /** Every record of the mailbox that still holds personal data. */
  async function recordsOf(mailbox: string) {
    const [held, fieldRows, draftRows] = await Promise.all([
      db.select().from(applications).where(and(eq(applications.mailbox, mailbox), ne(applications.status, 'erased'))),
      db.select().from(fieldPharmacies).where(and(eq(fieldPharmacies.pharmacistMailbox, mailbox), ne(fieldPharmacies.pharmacistStatus, 'erased'))),
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
      const held = await tx.select({ id: applications.id }).from(applications).where(and(eq(applications.mailbox, mailbox), ne(applications.status, 'erased'))).for('update');
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
            // A shared link to the listing (/finder/{listingId}) never leads to this row again.
            listingId: sql`gen_random_uuid()`,
            updatedAt: now,
          })
          .where(eq(applications.id, id));
        await tx.update(reviewAudit).set({ reason: ERASED_REASON }).where(and(eq(reviewAudit.applicationId, id), isNotNull(reviewAudit.reason), sql`${reviewAudit.reason} <> ''`));
        await tx.update(reviewAudit).set({ internalNote: ERASED_REASON }).where(and(eq(reviewAudit.applicationId, id), isNotNull(reviewAudit.internalNote)));
        await tx.insert(dataRightsEvents).values({ applicationId: id, event: 'erased', at: now });
      }
      const fieldRows = await tx.select().from(fieldPharmacies).where(and(eq(fieldPharmacies.pharmacistMailbox, mailbox), ne(fieldPharmacies.pharmacistStatus, 'erased'))).for('update');
      for (const row of fieldRows) {
        await blankFieldPharmacist(tx, row, false);
        await tx.insert(dataRightsEvents).values({ fieldPharmacyId: row.id, event: 'erased', at: now });
      }
      // Drafts from any spelling of the mailbox (case, a +tag, an internationalised domain).
      await tx.delete(drafts).where(eq(drafts.mailbox, mailbox));
      const heldIds = held.map((a) => a.id);
      await tx.delete(dataRightsLinks).where(heldIds.length ? or(eq(dataRightsLinks.mailbox, mailbox), inArray(dataRightsLinks.applicationId, heldIds)) : eq(dataRightsLinks.mailbox, mailbox));
      return { mails: await deleteMailsTo(tx, mailbox), applications: heldIds, fieldPharmacies: fieldRows.map((row) => row.id) };
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
      const [places, stored, mails, consents, history] = await Promise.all([
        held.length ? db.select().from(pharmacies).where(inArray(pharmacies.placeId, held.map((a) => a.placeId))) : [],
        applicationIds.length ? db.select().from(files).where(inArray(files.applicationId, applicationIds)) : [],
        db.select().from(mailOutbox).where(eq(mailOutbox.mailbox, link.mailbox)).orderBy(mailOutbox.createdAt),
        consentsOf(db, { applicationIds, fieldPharmacyIds: fieldRows.map((r) => r.id) }),
        applicationIds.length
          ? db
              .select({ applicationId: reviewAudit.applicationId, at: reviewAudit.at, action: reviewAudit.action, reason: reviewAudit.reason, internalNote: reviewAudit.internalNote })
              .from(reviewAudit)
              .where(inArray(reviewAudit.applicationId, applicationIds))
              .orderBy(reviewAudit.at)
          : [],
      ]);
      const kept = applicationIds.length
        ? await db.select().from(reviewSnapshots).where(inArray(reviewSnapshots.applicationId, applicationIds)).orderBy(reviewSnapshots.takenAt)
        : [];
      if (held.length + fieldRows.length + draftRows.length + mails.length === 0) return null;
      const now = deps.now();
      const events = [...held.map((a) => ({ applicationId: a.id })), ...fieldRows.map((r) => ({ fieldPharmacyId: r.id }))];
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
            files: stored.filter((f) => f.applicationId === a.id).map((f) => ({ kind: f.kind, mime: f.mime, bytes: f.bytes, uploadedAt: f.createdAt.toISOString() })),
            signedInField: a.signedInFieldBy !== null || fieldRows.some((r) => r.applicationId === a.id),
            answersAtChangeRequests: kept.filter((k) => k.applicationId === a.id).map((k) => ({ takenAt: k.takenAt.toISOString(), answers: k.answers })),
            reviewHistory: history.filter((h) => h.applicationId === a.id).map((h) => ({ at: h.at.toISOString(), action: h.action, reason: h.reason, internalNote: h.internalNote })),
          };
        }),
        fieldRecords: fieldRows.map((r) => ({
          id: r.id,
          pharmacyName: r.name,
          address: r.fullAddress,
          recordedAt: (r.confirmationRequestedAt ?? r.createdAt).toISOString(),
          status: r.pharmacistStatus ?? 'awaiting',
          confirmedAt: r.confirmedAt?.toISOString() ?? null,
          answers: r.answers,
        })),
        drafts: draftRows.map((d) => ({ createdAt: d.createdAt.toISOString(), expiresAt: d.expiresAt.toISOString(), answers: d.data })),
        emails: mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null })),
        consents,
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

    async purgeExpired(now = deps.now()): Promise<number> {
      const deleted = await db.delete(dataRightsLinks).where(sql`${dataRightsLinks.expiresAt} < ${now}`).returning({ hash: dataRightsLinks.tokenHash });
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
      const [field] = await db
        .select({ answers: fieldPharmacies.answers, language: fieldPharmacies.confirmationLanguage })
        .from(fieldPharmacies)
        .where(and(eq(fieldPharmacies.pharmacistMailbox, mailbox), ne(fieldPharmacies.pharmacistStatus, 'erased')))
        .orderBy(desc(fieldPharmacies.updatedAt))
        .limit(1);
      if (field && typeof field.answers.email === 'string') return { email: field.answers.email, country: 'it', language: field.language ?? 'it', applicationId: null };
      const [draft] = await db.select({ email: drafts.email, country: drafts.country, language: drafts.language }).from(drafts).where(eq(drafts.mailbox, mailbox)).orderBy(desc(drafts.createdAt)).limit(1);
      return draft ? { ...draft, applicationId: null } : null;
    },
  };
}

export type DataRights = ReturnType<typeof createDataRights>;
