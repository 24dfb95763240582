// Duplicate flags on the review desk (issue 25 item 4): the other applications, of any status but
// erased, that share with this one its registration number, its pharmacy (the same place, or the
// same address written alike), its mailbox or a +tag spelling of it (services/mailbox.ts) or its
// photo (the same bytes, by `files.sha256`). Each flag names the other application, which the page links.
import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Country } from '#shared/markets.ts';
import type { DuplicateFlag, DuplicateKind } from '#shared/schemas/review-checks.ts';
import type { ApplicationStatus } from '#shared/schemas/review.ts';
import type { Queryable } from '../../db/client.ts';
import { applications, files, pharmacies } from '../../db/schema.ts';
import { sameUntaggedMailbox } from '../mailbox.ts';

/** Flags shown per kind: enough to see a pattern, never a page of thousands. */
const PER_KIND = 10;

/** An address without case, spaces or punctuation: the expression of the index `pharmacies_address_key_idx`. */
const addressKey = (address: SQL | typeof pharmacies.address) => sql`regexp_replace(lower(${address}), '[^[:alnum:]]+', '', 'g')`;

export async function duplicatesOf(db: Queryable, applicationId: string): Promise<DuplicateFlag[]> {
  const [self] = await db
    .select({
      registrationNumber: applications.registrationNumber,
      placeId: applications.placeId,
      mailbox: applications.mailbox,
      photo: applications.photo,
      status: applications.status,
      address: pharmacies.address,
    })
    .from(applications)
    .innerJoin(pharmacies, eq(pharmacies.placeId, applications.placeId))
    .where(eq(applications.id, applicationId));
  if (!self || self.status === 'erased') return [];

  const photoHash = self.photo
    ? ((
        await db
          .select({ sha256: files.sha256 })
          .from(files)
          .where(and(eq(files.storageName, self.photo), eq(files.kind, 'photo')))
      )[0]?.sha256 ?? null)
    : null;
  const samePlaces = db
    .select({ placeId: pharmacies.placeId })
    .from(pharmacies)
    .where(sql`${addressKey(pharmacies.address)} = ${addressKey(sql`${self.address}`)}`);
  const conditions: Record<DuplicateKind, SQL | null> = {
    registrationNumber: sql`lower(${applications.registrationNumber}) = lower(${self.registrationNumber})`,
    place: or(eq(applications.placeId, self.placeId), inArray(applications.placeId, samePlaces))!,
    mailbox: self.mailbox ? sameUntaggedMailbox(applications.mailbox, self.mailbox) : null,
    photo: photoHash
      ? inArray(
          applications.photo,
          db
            .select({ name: files.storageName })
            .from(files)
            .where(and(eq(files.sha256, photoHash), eq(files.kind, 'photo'))),
        )
      : null,
  };

  const flags: DuplicateFlag[] = [];
  for (const [kind, condition] of Object.entries(conditions) as [DuplicateKind, SQL | null][]) {
    if (!condition) continue;
    const rows = await db
      .select({
        id: applications.id,
        reference: applications.reference,
        firstName: applications.firstName,
        lastName: applications.lastName,
        status: applications.status,
        market: applications.country,
      })
      .from(applications)
      .where(and(condition, ne(applications.id, applicationId), ne(applications.status, 'erased')))
      .orderBy(applications.submittedAt, applications.id)
      .limit(PER_KIND);
    for (const row of rows)
      flags.push({
        kind,
        applicationId: row.id,
        reference: row.reference,
        firstName: row.firstName,
        lastName: row.lastName,
        status: row.status as ApplicationStatus,
        market: row.market as Country,
      });
  }
  return flags;
}
