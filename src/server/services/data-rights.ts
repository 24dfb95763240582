// Data rights behind an e-mailed /my-data/{token} link (issue 13 item 6, GDPR arts. 15, 17, 20):
// everything we hold about the applicant as JSON, and erasure. Erasure removes the personal data
// (the application's answers and identity, its files, the e-mails sent to it with their .eml
// files, drafts from its mailbox, the free text of decisions about it), keeps the application row
// as 'erased' (so it is no longer listed and the history of decisions keeps its id) and records
// the erasure without any personal data. A plain VACUUM then drops the old row versions.
import { rm } from 'node:fs/promises';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MyDataExport } from '#shared/schemas/applicant-links.ts';
import { ERASED_REASON } from '#shared/schemas/review.ts';
import type { Database } from '../db/client.ts';
import { applications, dataRightsEvents, dataRightsLinks, drafts, files, mailOutbox, pharmacies, reviewAudit } from '../db/schema.ts';
import { newEditToken } from './applications.ts';
import { mailboxOf } from './mailbox.ts';
import { emlFileFor } from './mail/delivery.ts';
import { hashToken } from './tokens.ts';

/** The tables an erasure rewrites or deletes from: vacuumed after it, so that no old row version keeps the data. */
const ERASED_FROM = ['applications', 'files', 'file_contents', 'mail_outbox', 'drafts', 'review_audit', 'data_rights_links'];

export function createDataRights(db: Database, deps: { now: () => Date; mailDir: string; log?: Pick<FastifyBaseLogger, 'warn'> }) {
  /** The application a live link names, or null (unknown, expired, or already erased). */
  async function applicationOf(token: string) {
    const [row] = await db
      .select({ application: applications, expiresAt: dataRightsLinks.expiresAt })
      .from(dataRightsLinks)
      .innerJoin(applications, eq(applications.id, dataRightsLinks.applicationId))
      .where(and(eq(dataRightsLinks.tokenHash, hashToken(token)), gt(dataRightsLinks.expiresAt, deps.now())));
    if (!row || row.application.status === 'erased') return null;
    return row;
  }

  return {
    async export(token: string): Promise<MyDataExport | null> {
      const found = await applicationOf(token);
      if (!found) return null;
      const { application: a } = found;
      const [pharmacy] = await db.select({ name: pharmacies.name, address: pharmacies.address }).from(pharmacies).where(eq(pharmacies.placeId, a.placeId));
      const stored = await db.select().from(files).where(eq(files.applicationId, a.id));
      const mails = await db
        .select()
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.to}) = ${a.emailNormalized}`)
        .orderBy(mailOutbox.createdAt);
      await db.insert(dataRightsEvents).values({ applicationId: a.id, event: 'downloaded', at: deps.now() });
      return {
        application: {
          id: a.id,
          status: a.status,
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
        },
        pharmacy: pharmacy ?? null,
        files: stored.map((f) => ({ kind: f.kind, mime: f.mime, bytes: f.bytes, uploadedAt: f.createdAt.toISOString() })),
        emails: mails.map((m) => ({ subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null })),
        linkExpiresAt: found.expiresAt.toISOString(),
      };
    },

    /** Erases the application behind a live link; false when the link does not name one. */
    async erase(token: string): Promise<boolean> {
      const found = await applicationOf(token);
      if (!found) return false;
      const { id, emailNormalized } = found.application;
      const now = deps.now();
      const sentMails = await db.select({ id: mailOutbox.id, createdAt: mailOutbox.createdAt }).from(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${emailNormalized}`);
      await db.transaction(async (tx) => {
        // The files' bytes go with their rows (the foreign key cascades), in this transaction.
        await tx.delete(files).where(eq(files.applicationId, id));
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
            // The edit link stops working.
            editToken: newEditToken(),
            updatedAt: now,
          })
          .where(eq(applications.id, id));
        await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${emailNormalized}`);
        // Drafts from any spelling of the mailbox (case, a +tag, an internationalised domain).
        await tx.delete(drafts).where(eq(drafts.mailbox, mailboxOf(emailNormalized)));
        await tx.update(reviewAudit).set({ reason: ERASED_REASON }).where(and(eq(reviewAudit.applicationId, id), isNotNull(reviewAudit.reason), sql`${reviewAudit.reason} <> ''`));
        await tx.delete(dataRightsLinks).where(eq(dataRightsLinks.applicationId, id));
        await tx.insert(dataRightsEvents).values({ applicationId: id, event: 'erased', at: now });
      });
      // Without SMTP the e-mails were written as .eml files (mail/delivery.ts): they go too.
      await Promise.all(sentMails.map((mail) => rm(emlFileFor(deps.mailDir, mail), { force: true })));
      try {
        await db.execute(sql.raw(`vacuum ${ERASED_FROM.join(', ')}`));
      } catch (error) {
        // The erasure stands; the old versions go at the next vacuum (autovacuum on PostgreSQL).
        deps.log?.warn({ err: error }, 'vacuum after an erasure failed');
      }
      return true;
    },

    async purgeExpired(now = deps.now()): Promise<number> {
      const deleted = await db.delete(dataRightsLinks).where(sql`${dataRightsLinks.expiresAt} < ${now}`).returning({ hash: dataRightsLinks.tokenHash });
      return deleted.length;
    },
  };
}

export type DataRights = ReturnType<typeof createDataRights>;
