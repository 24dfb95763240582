// The review desk: the queue (filters, search, paging, age bands), one application in its form's
// order, and the decisions (one transaction: the status, the edit link of "request changes", the
// audit row with its internal note, the end of any claim, and the applicant's e-mail, queued in
// the outbox); internal notes written on their own (issue 25).
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { FORMS, applicationFormFor } from '#shared/forms/catalogue.ts';
import { answerFields, fieldOrder, repeatNumbers, sectionsOf, transportFields } from '#shared/forms/derive.ts';
import type { FormDef } from '#shared/forms/model.ts';
import { clockBounds, decisionClock, hasClock, type ClockState } from '#shared/decision-clock.ts';
import { COUNTRIES, isCountry, isLanguage, type Country, type Language } from '#shared/markets.ts';
import { routePath } from '#shared/routes.ts';
import { PHOTO_URL_PREFIX } from '#shared/schemas/api.ts';
import {
  AGE_BANDS,
  AGE_BAND_WEEKS,
  DUE_WEEKS,
  EDIT_LINK_DAYS,
  OVERDUE_WEEKS,
  REVIEW_PAGE_SIZE,
  REVIEW_TOTAL_CAP,
  TRANSITIONS,
  decisionsFrom,
  type AgeBand,
  type AgeBandCounts,
  type AgeFilter,
  type ApplicationStatus,
  type Decision,
  type ReviewDetail,
  type ReviewField,
  type ReviewList,
  type ReviewListItem,
} from '#shared/schemas/review.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { applications, fieldPharmacies, files, pharmacies, reviewAudit, reviewClaims, staffUsers } from '../../db/schema.ts';
import { newEditTokenWithHash } from '../applications.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { newStatusToken } from '../my-application.ts';
import { decisionMail } from './decision-mail.ts';
import { keepAnswersAtChangeRequest } from './review-snapshots.ts';
import { consentsOf } from '../consents.ts';
import { claimerNameOf, claimView, liveClaim } from './review-claims.ts';

const DAY_MS = 24 * 3600 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** Statuses still waiting for someone: the oldest first; decided ones the newest first. */
const WAITING: readonly string[] = ['submitted', 'changes_requested'];
/** Answers the detail shows with the place and the photo, not again in the field list. */
const SHOWN_ELSEWHERE = ['lat', 'lng', 'photoId'];

export interface ListQuery {
  status?: ApplicationStatus;
  /** Any of these markets (none: every market). */
  markets?: Country[];
  age?: AgeFilter;
  clock?: ClockState;
  q?: string;
  page: number;
}

export type DecideResult =
  | { ok: true; status: ApplicationStatus; mailId: string | null }
  | { ok: false; reason: 'notFound' | 'invalidTransition' }
  | { ok: false; reason: 'claimedByOther'; claimedBy: string };

export interface DecisionInput {
  decision: Decision;
  /** Mailed to the applicant (the approval's note, the other decisions' reason). */
  reason: string;
  /** For the reviewers only. */
  internalNote: string;
  /** Decide although someone else has claimed the application. */
  confirmClaim: boolean;
}

export interface ReviewDeskOptions {
  now: () => Date;
  productName: string;
  supportEmail: string;
}

/** A link to a page of the applicant's market in their language (built by the route, which knows the origin: links.ts applicantLinkBuilder). */
export type ApplicantLinkFor = (country: string, language: string, path: string) => string;

const likePrefix = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Name, e-mail or registration number, each matched from its start (index-backed prefix matches). */
function searchCondition(q: string): SQL {
  const words = q.trim().split(/\s+/).filter(Boolean);
  const whole = likePrefix(q.trim());
  const matches = [
    sql`${applications.emailNormalized} like ${whole}`,
    sql`lower(${applications.registrationNumber}) like ${whole}`,
    sql`lower(${applications.firstName}) like ${whole}`,
    sql`lower(${applications.lastName}) like ${whole}`,
  ];
  if (words.length >= 2) {
    const first = likePrefix(words[0]!);
    const last = likePrefix(words.slice(1).join(' '));
    matches.push(sql`(lower(${applications.firstName}) like ${first} and lower(${applications.lastName}) like ${last})`);
  }
  return or(...matches)!;
}

const listColumns = (now: Date) => ({
  id: applications.id,
  firstName: applications.firstName,
  lastName: applications.lastName,
  email: applications.email,
  registrationNumber: applications.registrationNumber,
  market: applications.country,
  language: applications.language,
  status: applications.status,
  pharmacyName: pharmacies.name,
  submittedAt: applications.submittedAt,
  updatedAt: applications.updatedAt,
  reference: applications.reference,
  signedInFieldBy: sql<string | null>`(select s.first_name || ' ' || s.last_name from ${staffUsers} s where s.id = ${applications.signedInFieldBy})`,
  claimedBy: claimerNameOf(now),
});

type ListRow = { [K in keyof ReturnType<typeof listColumns>]: unknown } & { submittedAt: Date; updatedAt: Date };

/** Only applications waiting for a reviewer run the decision clock. */
function clockOf(row: ListRow, now: Date): Pick<ReviewListItem, 'dueBy' | 'clock'> {
  if (!hasClock(row.status as string) || !isCountry(row.market)) return { dueBy: null, clock: null };
  const { dueBy, clock } = decisionClock(row.submittedAt, row.market, now);
  return { dueBy, clock };
}

/** Submitted applications whose clock is in `state` at `now`, each market counted in its own time zone. */
function clockCondition(state: ClockState, now: Date): SQL {
  const inMarket = COUNTRIES.map((market) => {
    const { overdueBefore, dueSoonBefore } = clockBounds(market, now);
    const submitted = applications.submittedAt;
    const range =
      state === 'overdue'
        ? lt(submitted, overdueBefore)
        : state === 'due_soon'
          ? and(gte(submitted, overdueBefore), lt(submitted, dueSoonBefore))
          : gte(submitted, dueSoonBefore);
    return and(eq(applications.country, market), range)!;
  });
  return and(eq(applications.status, 'submitted'), or(...inMarket))!;
}

const listItem = (row: ListRow, now: Date): ReviewListItem => ({
  id: row.id as string,
  firstName: row.firstName as string,
  lastName: row.lastName as string,
  // An erased application's placeholders (`erased:<id>`) are no e-mail and no number (issue 25).
  email: row.status === 'erased' ? '' : (row.email as string),
  registrationNumber: row.status === 'erased' ? '' : (row.registrationNumber as string),
  reference: (row.reference as string | null) ?? null,
  market: row.market as Country,
  language: row.language as Language,
  status: row.status as ApplicationStatus,
  pharmacyName: row.pharmacyName as string,
  submittedAt: row.submittedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  signedInFieldBy: (row.signedInFieldBy as string | null) ?? null,
  claimedBy: (row.claimedBy as string | null) ?? null,
  ...clockOf(row, now),
});

/**
 * What a pharmacist signed in the field was asked (decisions 0021, 0022): the pharmacy and the short
 * form's answers that the rep or area manager recorded, and the pharmacist's own three declarations.
 */
const FIELD_SIGNED_FORM: FormDef = { ...FORMS['field-confirmation'], steps: [['pharmacy', 'short-italian', 'confirmations-3']] };

/** The form whose questions an application answered: a field-signed one's short form, until the pharmacist resubmits through the full one. */
function formOf(country: string, language: string, answers: Record<string, unknown>, fieldSigned: boolean): FormDef {
  const full = applicationFormFor(isCountry(country) ? country : 'uk', isLanguage(language) ? language : 'en');
  if (!fieldSigned) return full;
  const asked = new Set([...answerFields(FIELD_SIGNED_FORM), ...transportFields(full)]);
  return Object.keys(answers).every((name) => asked.has(name)) ? FIELD_SIGNED_FORM : full;
}

/** What the review detail knows beside the answers: the files given (by field) and whether the application was signed in the field. */
interface AnswersContext {
  files?: Record<string, number>;
  fieldSigned?: boolean;
}

/**
 * The stored answers in the form's field order, each with the wording namespace of its section;
 * a section's fields that no input shows (the address of the chosen place) follow its shown ones,
 * and answers of no section come last. A file field's answer is the number of files given.
 */
export function fieldsInFormOrder(
  country: string,
  language: string,
  answers: Record<string, unknown>,
  context: AnswersContext = {},
): { formId: string; formTexts: string; fields: ReviewField[] } {
  const form = formOf(country, language, answers, context.fieldSigned === true);
  const shown = fieldOrder(form, undefined, answers);
  const fields: ReviewField[] = [];
  // Transport fields (the market, the bot check) are not answers; rows stored before decision 0018 hold them.
  const listed = new Set<string>([...SHOWN_ELSEWHERE, ...transportFields(form)]);
  const add = (name: string, texts: string) => {
    if (listed.has(name)) return;
    listed.add(name);
    fields.push({ name, value: answers[name] ?? null, texts });
  };
  for (const section of sectionsOf(form)) {
    for (const name of section.files ?? []) {
      listed.add(name);
      fields.push({ name, value: context.files?.[name] || null, texts: section.texts });
    }
    const base = Object.keys({ ...section.fields, ...section.formFields });
    const names = section.repeat ? repeatNumbers(section, answers).flatMap((n) => base.map((name) => `${name}${n}`)) : base;
    for (const name of shown) if (names.includes(name)) add(name, section.texts);
    for (const name of names) if (name in answers) add(name, section.texts);
  }
  for (const name of Object.keys(answers)) add(name, form.texts);
  return { formId: form.id, formTexts: form.texts, fields };
}

export function createReviewDesk(db: Database, options: ReviewDeskOptions) {
  const { now } = options;

  return {
    /** The route adds the reviewer's own markets (`yourMarkets`). */
    async list(query: ListQuery): Promise<Omit<ReviewList, 'yourMarkets'>> {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(applications.status, query.status));
      if (query.markets?.length) conditions.push(inArray(applications.country, query.markets));
      if (query.age) {
        const weeks = query.age === 'over6w' ? OVERDUE_WEEKS : DUE_WEEKS;
        conditions.push(lt(applications.submittedAt, new Date(now().getTime() - weeks * WEEK_MS)));
      }
      if (query.clock) conditions.push(clockCondition(query.clock, now()));
      if (query.q) conditions.push(searchCondition(query.q));
      const where = conditions.length ? and(...conditions) : undefined;
      // Waiting ones by due date, the oldest due first: the due date follows the submission (decision 0065).
      const newestFirst = query.status !== undefined && !WAITING.includes(query.status);
      const order = newestFirst ? [desc(applications.submittedAt), desc(applications.id)] : [asc(applications.submittedAt), asc(applications.id)];
      // Counted up to a cap: an exact count of tens of thousands of rows would cost more than the
      // page itself. The count rides on the page's statement (evaluated once, as an InitPlan); only
      // a page past the end, which has no row to carry it, counts on its own.
      const counted = db
        .select({ one: sql`1` })
        .from(applications)
        .where(where)
        .limit(REVIEW_TOTAL_CAP + 1);
      const matches = sql<number>`(select count(*)::int from (${counted}) as counted)`;
      const rows = await db
        .select({ ...listColumns(now()), matches })
        .from(applications)
        .innerJoin(pharmacies, eq(pharmacies.placeId, applications.placeId))
        .where(where)
        .orderBy(...order)
        .limit(REVIEW_PAGE_SIZE)
        .offset((query.page - 1) * REVIEW_PAGE_SIZE);
      const countAlone = async () => Number(rowsOf<{ n: number }>(await db.execute(sql`select ${matches} as n`))[0]?.n ?? 0);
      const matched = rows.length ? Number(rows[0]!.matches) : query.page > 1 ? await countAlone() : 0;
      const total = Math.min(matched, REVIEW_TOTAL_CAP);
      const at = now();
      return {
        items: (rows as ListRow[]).map((row) => listItem(row, at)),
        total,
        totalCapped: matched > REVIEW_TOTAL_CAP,
        page: query.page,
        pageSize: REVIEW_PAGE_SIZE,
      };
    },

    async exists(id: string): Promise<{ id: string } | null> {
      const [row] = await db.select({ id: applications.id }).from(applications).where(eq(applications.id, id));
      return row ?? null;
    },

    /** One application as `viewerId` sees it (their own claim says so). */
    async detail(id: string, viewerId: string): Promise<Omit<ReviewDetail, 'outsideYourMarkets'> | null> {
      const at = now();
      const [row] = await db
        .select({
          ...listColumns(at),
          answers: applications.answers,
          photo: applications.photo,
          signedInFieldById: applications.signedInFieldBy,
          place: pharmacies,
        })
        .from(applications)
        .innerJoin(pharmacies, eq(pharmacies.placeId, applications.placeId))
        .where(eq(applications.id, id));
      if (!row) return null;
      const linked = await db
        .select({ id: files.id, kind: files.kind, storageName: files.storageName })
        .from(files)
        .where(and(eq(files.applicationId, id), inArray(files.kind, ['photo', 'certificate'])));
      const history = await db
        .select({
          id: reviewAudit.id,
          at: reviewAudit.at,
          action: reviewAudit.action,
          fromStatus: reviewAudit.fromStatus,
          toStatus: reviewAudit.toStatus,
          reason: reviewAudit.reason,
          internalNote: reviewAudit.internalNote,
          firstName: staffUsers.firstName,
          lastName: staffUsers.lastName,
        })
        .from(reviewAudit)
        .leftJoin(staffUsers, eq(staffUsers.id, reviewAudit.actorId))
        .where(eq(reviewAudit.applicationId, id))
        .orderBy(desc(reviewAudit.at), desc(reviewAudit.id));
      const photo = row.photo ? linked.find((f) => f.kind === 'photo' && f.storageName === row.photo) : undefined;
      const certificates = linked.filter((f) => f.kind === 'certificate');
      const fieldRecords = await db.select({ id: fieldPharmacies.id }).from(fieldPharmacies).where(eq(fieldPharmacies.applicationId, id));
      const { place } = row;
      return {
        ...listItem(row as ListRow, at),
        ...fieldsInFormOrder(row.market, row.language, row.answers, {
          files: { file: certificates.length },
          fieldSigned: row.signedInFieldById !== null || fieldRecords.length > 0,
        }),
        photoFileId: photo?.id ?? null,
        photoUrl: row.photo ? `${PHOTO_URL_PREFIX}${row.photo}` : null,
        certificateFileIds: certificates.map((f) => f.id),
        place: { placeId: place.placeId, name: place.name, address: place.address, lat: place.lat, lng: place.lng },
        history: history.map((h) => ({
          id: h.id,
          at: h.at.toISOString(),
          action: h.action as Decision | 'resubmit',
          fromStatus: h.fromStatus,
          toStatus: h.toStatus,
          reason: h.reason,
          internalNote: h.internalNote,
          by: h.firstName === null ? null : `${h.firstName} ${h.lastName ?? ''}`.trim(),
        })),
        // The application's own declarations, and for one signed in the field the staff statements of its field record.
        consents: await consentsOf(db, { applicationIds: [id], fieldPharmacyIds: fieldRecords.map((r) => r.id) }),
        decisions: decisionsFrom(row.status as string),
        claim: await liveClaim(db, id, at).then((claim) => (claim ? claimView(claim, viewerId) : null)),
      };
    },

    /** A note for the reviewers, written on its own: a history entry that changes nothing and is mailed to nobody; false when there is no such application (or it was erased). */
    async addNote(id: string, note: string, actorId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ status: applications.status }).from(applications).where(eq(applications.id, id)).for('update');
        // An erased application keeps no words about its applicant.
        if (!row || row.status === 'erased') return false;
        await tx
          .insert(reviewAudit)
          .values({ at: now(), applicationId: id, actorId, action: 'note', fromStatus: null, toStatus: row.status, internalNote: note });
        return true;
      });
    },

    /** Per market, the applications waiting for a reviewer (submitted), by weeks since their (last) submission. */
    async ageBands(): Promise<AgeBandCounts[]> {
      const at = now().getTime();
      const since = (band: AgeBand) => new Date(at - AGE_BAND_WEEKS[band] * WEEK_MS);
      const count = (band: AgeBand, index: number) => {
        const next = AGE_BANDS[index + 1];
        const older = sql`${applications.submittedAt} <= ${since(band)}`;
        return next
          ? sql<number>`count(*) filter (where ${older} and ${applications.submittedAt} > ${since(next)})::int`
          : sql<number>`count(*) filter (where ${older})::int`;
      };
      const columns = Object.fromEntries(AGE_BANDS.map((band, index) => [band, count(band, index)])) as Record<AgeBand, SQL<number>>;
      const rows = await db
        .select({ market: applications.country, ...columns })
        .from(applications)
        .where(eq(applications.status, 'submitted'))
        .groupBy(applications.country);
      return COUNTRIES.map((market) => {
        const row = rows.find((r) => r.market === market);
        return { market, counts: Object.fromEntries(AGE_BANDS.map((band) => [band, Number(row?.[band] ?? 0)])) as Record<AgeBand, number> };
      });
    },

    /** Takes a decision if the application's status allows it, audits it, then e-mails the applicant. */
    async decide(id: string, input: DecisionInput, actorId: string, linkFor: ApplicantLinkFor): Promise<DecideResult> {
      const { decision, reason, internalNote, confirmClaim } = input;
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            status: applications.status,
            email: applications.email,
            firstName: applications.firstName,
            language: applications.language,
            country: applications.country,
            listingId: applications.listingId,
          })
          .from(applications)
          .where(eq(applications.id, id))
          .for('update');
        if (!row) return { ok: false as const, reason: 'notFound' as const };
        const transition = TRANSITIONS[decision];
        if (!(transition.from as readonly string[]).includes(row.status)) return { ok: false as const, reason: 'invalidTransition' as const };
        const claim = await liveClaim(tx, id, at);
        if (claim && claim.reviewerId !== actorId && !confirmClaim) return { ok: false as const, reason: 'claimedByOther' as const, claimedBy: claim.name };
        // The decision ends the claim, whoever held it.
        await tx.delete(reviewClaims).where(eq(reviewClaims.applicationId, id));
        // "Request changes" issues a fresh edit link: any earlier one stops working. Only its hash is kept;
        // the token is in the e-mail alone (docs/decisions/0042).
        const edit = decision === 'request_changes' ? newEditTokenWithHash() : null;
        // The approval links the status page with a token of its own, as only hashes are kept; the
        // received e-mail's link keeps working beside it (docs/decisions/0061).
        const status = decision === 'approve' ? newStatusToken() : null;
        await tx
          .update(applications)
          .set({
            status: transition.to,
            updatedAt: at,
            ...(edit ? { editTokenHash: edit.hash, editTokenExpiresAt: new Date(at.getTime() + EDIT_LINK_DAYS * DAY_MS) } : {}),
            ...(status ? { decisionStatusTokenHash: status.hash } : {}),
          })
          .where(eq(applications.id, id));
        await tx.insert(reviewAudit).values({
          at,
          applicationId: id,
          actorId,
          action: decision,
          fromStatus: row.status,
          toStatus: transition.to,
          reason: reason || null,
          internalNote: internalNote || null,
        });
        // What the application looks like now, to show what the applicant changes (issue 25 item 3).
        if (decision === 'request_changes') await keepAnswersAtChangeRequest(tx, id, at);
        const mail = decisionMail({
          decision,
          language: row.language,
          firstName: row.firstName,
          reason,
          editLink: edit ? linkFor(row.country, row.language, routePath('editRedirect', { id: edit.token })) : undefined,
          listingLink: status ? linkFor(row.country, row.language, routePath('finderListing', { listingId: row.listingId })) : undefined,
          statusLink: status ? linkFor(row.country, row.language, routePath('myApplication', { token: status.token })) : undefined,
          productName: options.productName,
          supportEmail: options.supportEmail,
        });
        // The applicant's e-mail commits with the decision, or neither does.
        const mailId = await enqueueMail(tx, { to: row.email, subject: mail.subject, text: mail.text, html: mail.html });
        return { ok: true as const, status: transition.to, mailId };
      });
      return outcome;
    },
  };
}

export type ReviewDesk = ReturnType<typeof createReviewDesk>;
