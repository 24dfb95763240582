// The database schema (PostgreSQL, also run on embedded PGlite). Migrations are generated from
// this file with `npm run db:generate` into ./migrations and committed.
import { sql } from 'drizzle-orm';
import { STAFF_ROLES } from '#shared/schemas/staff.ts';
import { REPORT_NAMES, STAFF_CHANGE_ACTIONS } from '#shared/schemas/activity-log.ts';
import type { Country } from '#shared/markets.ts';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A pharmacy known to us, keyed by the place id of the map provider. */
export const pharmacies = pgTable(
  'pharmacies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    placeId: text('place_id').notNull().unique('pharmacies_place_id_unique'),
    name: text('name').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    services: text('services').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The review desk's same-address flag (issue 25): the address without case, spaces or punctuation.
    index('pharmacies_address_key_idx').on(sql`regexp_replace(lower(${t.address}), '[^[:alnum:]]+', '', 'g')`),
  ],
);

/** A pharmacist's application to be listed as a champion. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** SHA-256 of the edit link's token (pharmacistId / loginToken); the token itself is never stored (docs/decisions/0042). */
    editTokenHash: text('edit_token_hash').notNull().unique('applications_edit_token_hash_unique'),
    /** After this the edit link answers as an unknown one; null: no limit (never e-mailed by a reviewer). */
    editTokenExpiresAt: timestamp('edit_token_expires_at', { withTimezone: true }),
    country: text('country').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull().default('submitted'),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    /** The address as one mailbox (services/mailbox.ts: case and IDN spelling folded, a +tag kept): what data rights match. */
    mailbox: text('mailbox'),
    /** Signed up in the field: the rep (or area manager) who recorded the pharmacist; the pharmacist confirmed it through their link. */
    signedInFieldBy: uuid('signed_in_field_by').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    registrationBody: text('registration_body').notNull(),
    registrationNumber: text('registration_number').notNull(),
    placeId: text('place_id')
      .notNull()
      .references(() => pharmacies.placeId, { onUpdate: 'cascade' }),
    photo: text('photo'),
    /** The public id of its finder listing (/finder/{listingId}, the finder API's `id`): random, never the application's id (issue 25 item 9). */
    listingId: uuid('listing_id')
      .notNull()
      .default(sql`gen_random_uuid()`)
      .unique('applications_listing_id_unique'),
    /** The short reference the applicant is given on submitting (e.g. PC-7K3M9Q); none on older rows. */
    reference: text('reference'),
    /** SHA-256 of the token of the applicant's status link (/my-application/{token}, issue 25); the token itself is never stored. None on older rows. */
    statusTokenHash: text('status_token_hash'),
    /** SHA-256 of the status link's token sent with the approval (only hashes are kept, so the approval mail needs a token of its own): the received e-mail's link keeps working beside it. */
    decisionStatusTokenHash: text('decision_status_token_hash'),
    /** Every field of the payload as validated (without the bot-check and login tokens). */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    /** The pin the applicant placed (answers.lat/lng), as columns so that the finder's box search has an index. */
    lat: doublePrecision('lat').generatedAlwaysAs(sql`case when jsonb_typeof(answers -> 'lat') = 'number' then (answers ->> 'lat')::double precision end`),
    lng: doublePrecision('lng').generatedAlwaysAs(sql`case when jsonb_typeof(answers -> 'lng') = 'number' then (answers ->> 'lng')::double precision end`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was last (re)submitted: its age in the review queue. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_email_unique').on(t.emailNormalized),
    uniqueIndex('applications_registration_unique').on(t.registrationBody, t.registrationNumber),
    index('applications_place_id_idx').on(t.placeId),
    // The review queue: by status (and market), oldest first; the search's prefix matches.
    index('applications_status_submitted_idx').on(t.status, t.submittedAt, t.id),
    index('applications_country_status_submitted_idx').on(t.country, t.status, t.submittedAt, t.id),
    index('applications_submitted_idx').on(t.submittedAt, t.id),
    index('applications_email_prefix_idx').on(t.emailNormalized.op('text_pattern_ops')),
    index('applications_registration_prefix_idx').on(sql`lower(${t.registrationNumber}) text_pattern_ops`),
    index('applications_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('applications_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    // The finder (listed = approved): a market's listings by latitude band, longitude checked in the
    // index, and the id in it too, so that the box is read from the index alone (index-only scan).
    index('applications_finder_idx')
      .on(t.country, t.lat, t.lng, t.id)
      .where(sql`status = 'approved'`),
    // The retention job: rejected applications by age.
    index('applications_status_updated_idx').on(t.status, t.updatedAt),
    uniqueIndex('applications_reference_unique').on(t.reference),
    uniqueIndex('applications_status_token_hash_unique').on(t.statusTokenHash),
    uniqueIndex('applications_decision_status_token_hash_unique').on(t.decisionStatusTokenHash),
    index('applications_mailbox_idx').on(t.mailbox),
  ],
);

/** Uploaded files: photos now, German certificates later. Unlinked ones are temporary. */
export const files = pgTable(
  'files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: ['photo', 'certificate'] }).notNull(),
    storageName: text('storage_name').notNull().unique('files_storage_name_unique'),
    mime: text('mime').notNull(),
    /** The type detected in the upload as received (a photo is stored re-encoded as jpeg or png). */
    originalMime: text('original_mime'),
    bytes: integer('bytes').notNull(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    /** SHA-256 of the stored bytes (hex): the review desk flags two applications with the same photo (issue 25). */
    sha256: text('sha256'),
  },
  (t) => [
    index('files_application_id_idx').on(t.applicationId),
    index('files_unlinked_created_idx')
      .on(t.createdAt)
      .where(sql`${t.applicationId} is null`),
    index('files_sha256_idx')
      .on(t.sha256)
      .where(sql`${t.sha256} is not null`),
  ],
);

/**
 * The bytes of each uploaded file, kept in the database so that every server serves every file, one
 * backup holds everything, and deleting a `files` row deletes its bytes in the same transaction.
 */
export const fileContents = pgTable('file_contents', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

/** Every e-mail the product sends, kept whether it went out by SMTP or to an .eml file. */
/**
 * Outgoing e-mail (services/mail). Queued: sent_at and failed_at null. A sender claims a message by
 * setting claimed_until (its lease) and claim_token; sent_at or failed_at end it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    /** `to` as one mailbox (services/mailbox.ts), so that data rights find every mail sent to a person. */
    mailbox: text('mailbox'),
    subject: text('subject').notNull(),
    /** The body, until the mail is delivered: then emptied (text '', html null), so that no sent link works from here (docs/decisions/0042). */
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last delivery error. */
    error: text('error'),
    /** Delivery attempts begun (counted when claimed, so a crash mid-send counts too). */
    attempts: integer('attempts').notNull().default(0),
    /** Not tried again before this time (back-off after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender is delivering it until then; afterwards another may claim it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    /** Given up after the last allowed attempt; it stays here, visible with its error. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null and failed_at is null`),
    index('mail_outbox_mailbox_idx').on(t.mailbox),
    // GET /metrics counts the mail given up at every scrape (services/metrics.ts): without a scan of every mail ever sent.
    index('mail_outbox_failed_idx')
      .on(t.failedAt)
      .where(sql`failed_at is not null`),
  ],
);

/** Solved bot-check challenges, so each solution is accepted once, across all server instances. */
export const captchaUsed = pgTable(
  'captcha_used',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_used_expires_idx').on(t.expiresAt)],
);

/**
 * Daily quotas: how much of something (`scope`, e.g. upload bytes) one key (a client address, a
 * mailbox) used on one UTC day. Kept in the database so that every server instance counts together.
 */
export const dailyQuota = pgTable(
  'daily_quota',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    day: date('day').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.day] }), index('daily_quota_day_idx').on(t.day)],
);

/** "Continue on another device": a form half filled in, reachable by an e-mailed token until it expires. */
export const drafts = pgTable(
  'drafts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** SHA-256 of the token in the link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique('drafts_token_hash_unique'),
    email: text('email').notNull(),
    /** The address as one mailbox (services/mailbox.ts): the daily cap counts it with its +tag spellings. */
    mailbox: text('mailbox'),
    /** SHA-256 of the client address that asked: the daily cap counts per client too. */
    clientHash: text('client_hash'),
    country: text('country').notNull(),
    language: text('language').notNull(),
    step: integer('step').notNull(),
    data: jsonb('data').$type<Record<string, string | number | boolean>>().notNull(),
    /** The temp photo the draft refers to: kept from the purge while the draft lives. */
    photo: text('photo'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('drafts_expires_idx').on(t.expiresAt),
    index('drafts_photo_idx').on(t.photo),
    index('drafts_email_created_idx').on(t.email, t.createdAt),
    index('drafts_mailbox_created_idx').on(t.mailbox, t.createdAt),
    index('drafts_client_created_idx').on(t.clientHash, t.createdAt),
  ],
);

/** Staff: main admin, reviewers, Italian area managers and their sales reps. No passwords. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** A sales rep's area manager. */
    areaManagerId: uuid('area_manager_id').references((): AnyPgColumn => staffUsers.id),
    language: text('language').notNull().default('it'),
    /** AES-256-GCM of the TOTP secret (STAFF_SECRET_KEY); set at enrolment, in use once totp_enabled_at is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last accepted code: a code is accepted once. */
    totpLastStep: integer('totp_last_step'),
    totpFailures: integer('totp_failures').notNull().default(0),
    totpLockedUntil: timestamp('totp_locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** An area manager's choice: the daily e-mail of the joins their reps recorded the day before (issue 24; on unless turned off). */
    joinsDigest: boolean('joins_digest').notNull().default(true),
    /** A reviewer's markets (issue 41, decision on reviewers by market): the queue opens on them; none set means every market. */
    reviewMarkets: text('review_markets')
      .array()
      .$type<Country[]>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_users_email_unique').on(sql`lower(${t.email})`), index('staff_users_area_manager_idx').on(t.areaManagerId)],
);

/** One-time sign-in links. Only the token's hash is kept; a link works in the browser that asked for it. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** Hash of the pc_signin cookie of the browser that asked; null for console links (decision 0003). */
    bindingHash: text('binding_hash'),
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_links_user_idx').on(t.userId), index('sign_in_links_expires_idx').on(t.expiresAt)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 of the cookie value. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    /** Every factor the user's role needs has been given (false while a TOTP code is pending). */
    mfaPassed: boolean('mfa_passed').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
);

/** Sign-ins, refusals, TOTP failures and sign-outs: the security log. Never holds a token. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull(),
    event: text('event').notNull(),
    email: text('email'),
    userId: uuid('user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: text('detail'),
  },
  (t) => [index('auth_events_at_idx').on(t.at), index('auth_events_email_event_idx').on(t.email, t.event, t.at)],
);

/** Italian field sales: a pharmacy an area manager's team visits. */
export const fieldPharmacies = pgTable(
  'field_pharmacies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    areaManagerId: uuid('area_manager_id')
      .notNull()
      .references(() => staffUsers.id),
    salesRepId: uuid('sales_rep_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    fullAddress: text('full_address').notNull(),
    placeId: text('place_id'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    city: text('city'),
    region: text('region'),
    province: text('province'),
    oncStatus: text('onc_status'),
    currentCallFlag: text('current_call_flag'),
    month: integer('month'),
    /** Every other answer of the area manager's and the reps' forms (spec §3), by field name. */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    /** The CSV export's record bar the rep's name: the cells before it and after it (services/field-force/export-lines.ts). */
    exportHead: text('export_head'),
    exportTail: text('export_tail'),
    /** The format the record was rendered in; a record of another format is rendered again. */
    exportFormat: text('export_format'),
    /**
     * The pharmacist a field-force save recorded (issue 23): their mailbox, who recorded them, and
     * whether they confirmed through their e-mailed link. Status: 'awaiting', 'confirmed', or
     * 'erased' (their data erased on request or unconfirmed after FIELD_CONFIRMATION_DAYS); null
     * when no pharmacist's address was recorded.
     */
    pharmacistMailbox: text('pharmacist_mailbox'),
    pharmacistStatus: text('pharmacist_status', { enum: ['awaiting', 'confirmed', 'erased'] }),
    recordedBy: uuid('recorded_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    confirmationRequestedAt: timestamp('confirmation_requested_at', { withTimezone: true }),
    confirmationRemindedAt: timestamp('confirmation_reminded_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Where the pharmacist's link starts (the market's origin and path prefix), for the reminder sent without a request. */
    confirmationLinkBase: text('confirmation_link_base'),
    /** The language of the save that recorded the pharmacist: their e-mails and page are in it. */
    confirmationLanguage: text('confirmation_language'),
    /** The application the confirmation created, which goes to the review queue. */
    applicationId: uuid('application_id').references((): AnyPgColumn => applications.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('field_pharmacies_area_manager_idx').on(t.areaManagerId),
    // The manager's list, a page at a time by name, and the CSV export, a page at a time by id.
    index('field_pharmacies_area_manager_name_idx').on(t.areaManagerId, t.name, t.id),
    index('field_pharmacies_area_manager_id_idx').on(t.areaManagerId, t.id),
    index('field_pharmacies_sales_rep_idx').on(t.salesRepId),
    // The temp-photo purge keeps a photo a field pharmacy refers to.
    index('field_pharmacies_photo_idx').on(sql`(${t.answers} ->> 'photo')`),
    uniqueIndex('field_pharmacies_place_id_unique').on(t.placeId),
    index('field_pharmacies_pharmacist_mailbox_idx').on(t.pharmacistMailbox),
    // The reminder and the 30-day deletion: awaiting pharmacists by when they were asked.
    index('field_pharmacies_awaiting_idx')
      .on(t.confirmationRequestedAt)
      .where(sql`pharmacist_status = 'awaiting'`),
  ],
);

/**
 * The pharmacists a rep recorded beside a field pharmacy's first one (issue 39 item 7: "Farmacista
 * 2", …; their answers stay in the pharmacy's `answers` as firstName2, email2, …): each is asked to
 * confirm for themselves, as the first one is, and has the same columns for it. Their data rights and
 * lapse are their own; a number is the block's, so a row goes when the rep removes the block.
 */
export const fieldExtraPharmacists = pgTable(
  'field_extra_pharmacists',
  {
    fieldPharmacyId: uuid('field_pharmacy_id')
      .notNull()
      .references(() => fieldPharmacies.id, { onDelete: 'cascade' }),
    /** The block's number (2 to 10): firstName{number}, email{number}, … in the pharmacy's answers. */
    number: integer('number').notNull(),
    pharmacistMailbox: text('pharmacist_mailbox'),
    pharmacistStatus: text('pharmacist_status', { enum: ['awaiting', 'confirmed', 'erased'] }).notNull(),
    recordedBy: uuid('recorded_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    confirmationRequestedAt: timestamp('confirmation_requested_at', { withTimezone: true }).notNull(),
    confirmationRemindedAt: timestamp('confirmation_reminded_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmationLinkBase: text('confirmation_link_base'),
    confirmationLanguage: text('confirmation_language'),
    /** The application their confirmation created (or their own, when they had applied). */
    applicationId: uuid('application_id').references((): AnyPgColumn => applications.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.fieldPharmacyId, t.number] }),
    index('field_extra_pharmacists_mailbox_idx').on(t.pharmacistMailbox),
    index('field_extra_pharmacists_awaiting_idx')
      .on(t.confirmationRequestedAt)
      .where(sql`pharmacist_status = 'awaiting'`),
  ],
);

/** The call history of a field pharmacy: one entry per visit outcome. */
export const callEntries = pgTable(
  'call_entries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    pharmacyId: uuid('pharmacy_id')
      .notNull()
      .references(() => fieldPharmacies.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    byUserId: uuid('by_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    callFlag: text('call_flag').notNull(),
    month: integer('month'),
    note: text('note'),
    nextVisit: date('next_visit', { mode: 'string' }),
  },
  (t) => [
    index('call_entries_pharmacy_at_idx').on(t.pharmacyId, t.at),
    // The manager's reps page: each rep's visits this week and month, and their last visit.
    index('call_entries_by_user_at_idx').on(t.byUserId, t.at),
    // The daily digest: yesterday's joins across every area.
    index('call_entries_joined_at_idx')
      .on(t.at)
      .where(sql`call_flag = 'joined_unify'`),
  ],
);

/** The review desk's audit: every decision and resubmission (who, when, what, why, from/to status). */
export const reviewAudit = pgTable(
  'review_audit',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    /** The reviewer or main admin; null for the applicant's resubmission through the edit link. */
    actorId: uuid('actor_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    /** The reviewers' own note (issue 25): shown in the history, never e-mailed; action 'note' when written alone. */
    internalNote: text('internal_note'),
  },
  (t) => [index('review_audit_application_at_idx').on(t.applicationId, t.at)],
);

/**
 * What an application looked like when a reviewer asked for changes (issue 25): its answers then,
 * so that the review desk shows what the applicant changed. Personal data: exported and erased
 * with the application (services/data-rights.ts); deleted with it.
 */
export const reviewSnapshots = pgTable(
  'review_snapshots',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The "request changes" entry of the history it was taken at. */
    auditId: uuid('audit_id').references(() => reviewAudit.id, { onDelete: 'set null' }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('review_snapshots_application_taken_idx').on(t.applicationId, t.takenAt)],
);

/**
 * "I am reviewing this" (issue 25): one claim per application, in the database so that every
 * server agrees. It lapses 30 minutes after the claimer's last action on the application
 * (REVIEW_CLAIM_IDLE_MINUTES) and ends at a decision.
 */
export const reviewClaims = pgTable(
  'review_claims',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    lastActionAt: timestamp('last_action_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('review_claims_reviewer_idx').on(t.reviewerId)],
);

/**
 * Requests sent with an Idempotency-Key (the rep's offline queue): the first answer, kept so that
 * the same key from the same user gets it again instead of a second write.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** "METHOD /path" the key was first used with. */
    route: text('route').notNull(),
    /** SHA-256 of the first request's checked body (canonical JSON): the key reused with another body is refused. Null for keys from before. */
    bodyHash: text('body_hash'),
    /** The answer's data, set in the same transaction as the write. */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);

/** Data rights (issue 13): an e-mailed link to an applicant's data, valid 7 days. Only the token's hash is kept. */
export const dataRightsLinks = pgTable(
  'data_rights_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The mailbox's newest application when the link was sent (none when it held field records or drafts only). */
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    /** The mailbox the link was sent to, whose records alone it shows and erases (services/mailbox.ts). */
    mailbox: text('mailbox'),
    /** The market and language of the person's records, for the pages and mails after the link. */
    country: text('country'),
    language: text('language'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('data_rights_links_application_idx').on(t.applicationId),
    index('data_rights_links_mailbox_idx').on(t.mailbox),
    index('data_rights_links_expires_idx').on(t.expiresAt),
  ],
);

/** What was done with a person's data rights (link sent, data downloaded, erased): by record id, never personal data. */
export const dataRightsEvents = pgTable(
  'data_rights_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id'),
    fieldPharmacyId: uuid('field_pharmacy_id'),
    event: text('event', { enum: ['link_sent', 'downloaded', 'erased'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('data_rights_events_application_idx').on(t.applicationId, t.at)],
);

/**
 * Secrets the server generates when the environment does not set them (bot-check key, staff key):
 * generated once, so that every server on the database and every restart agree.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Per-minute request counts of the rate limits, shared by every server (key: a hash of the route and
 * the client address). Unlogged: a count lost in a database crash costs nothing.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_resets_idx').on(t.resetsAt)],
);

/** Background jobs: the server that moves `next_run_at` on runs the job; the others skip that turn. */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});

/** A field-signed pharmacist's personal link (issue 23): confirm or correct what was recorded, give the declarations. */
export const fieldConfirmationLinks = pgTable(
  'field_confirmation_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    fieldPharmacyId: uuid('field_pharmacy_id')
      .notNull()
      .references(() => fieldPharmacies.id, { onDelete: 'cascade' }),
    /** The extra pharmacist (field_extra_pharmacists.number) the link is for; null: the pharmacy's first pharmacist. */
    extraPharmacist: integer('extra_pharmacist'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('field_confirmation_links_pharmacy_idx').on(t.fieldPharmacyId)],
);

/**
 * Declarations and consents on record (issue 23 item 3): which boxes, given by whom (the applicant,
 * the pharmacist through their link, or a staff member's own statement), when, and the versions of
 * the privacy policy and terms shown. No personal data: the record points at the application or
 * field pharmacy, and stays after an erasure as proof of what was agreed.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    fieldPharmacyId: uuid('field_pharmacy_id').references(() => fieldPharmacies.id, { onDelete: 'cascade' }),
    givenBy: text('given_by', { enum: ['applicant', 'pharmacist', 'staff'] }).notNull(),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The form's boxes ticked, by field name (agreementCheck1…, isChecked). */
    statements: jsonb('statements').$type<string[]>().notNull(),
    country: text('country').notNull(),
    language: text('language').notNull(),
    privacyVersion: text('privacy_version').notNull(),
    termsVersion: text('terms_version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('consent_records_application_idx').on(t.applicationId, t.givenAt),
    index('consent_records_field_pharmacy_idx').on(t.fieldPharmacyId, t.givenAt),
  ],
);

/** Every CSV export of the field force's pharmacies (issue 23 item 5): who, when, how many rows. */
export const csvExports = pgTable(
  'csv_exports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** Whose pharmacies were exported (the area manager). */
    areaManagerId: uuid('area_manager_id'),
    rows: integer('rows').notNull(),
    /** The exporter's role at the time (kept when the account goes); null before issue 42. */
    actorRole: text('actor_role', { enum: STAFF_ROLES }),
    /** Which export: 'machine' or 'readable' (the visits); null before issue 42. */
    format: text('format', { enum: ['machine', 'readable'] }),
    /**
     * The field pharmacies whose people the file held (issue 42 item 5, docs/decisions/0073):
     * one array per export, not a row per person; emptied (null) after RETENTION_ACCESS_LOG_MONTHS.
     */
    fieldPharmacyIds: uuid('field_pharmacy_ids').array(),
  },
  (t) => [index('csv_exports_at_idx').on(t.at), index('csv_exports_field_pharmacy_ids_idx').using('gin', t.fieldPharmacyIds)],
);

/**
 * Who opened whose record (issue 42 item 5, docs/decisions/0073): a member of staff's view of an application (the review
 * detail) or of a field pharmacy with its pharmacists. `record_id` names the record by its id only,
 * with no foreign key, so the fact of access outlives the record's erasure; the role is copied so
 * that the person's export can say which role looked even once the account is gone. At most one
 * entry per person and record in ACCESS_REPEAT_MINUTES; deleted after RETENTION_ACCESS_LOG_MONTHS.
 */
export const recordViews = pgTable(
  'record_views',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    actorRole: text('actor_role', { enum: STAFF_ROLES }).notNull(),
    record: text('record', { enum: ['application', 'fieldPharmacy'] }).notNull(),
    recordId: uuid('record_id').notNull(),
  },
  (t) => [index('record_views_at_idx').on(t.at), index('record_views_record_idx').on(t.recordId, t.at)],
);

/**
 * The daily digest of joins sent to an area manager (issue 24): one row per manager and day (the
 * day in Europe/Rome whose joins it reports), written in the transaction that queues the mail, so
 * however many servers run the job, each day's digest is queued once. Counts only, no names.
 */
export const joinsDigests = pgTable(
  'joins_digests',
  {
    areaManagerId: uuid('area_manager_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    joins: integer('joins').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.areaManagerId, t.day] }), index('joins_digests_day_idx').on(t.day)],
);

/**
 * The reviewers' digest of decisions due soon or overdue (issue 41, decision 0065): one row per
 * reviewer, market and working day (in the market's time zone), written in the transaction that
 * queues the mail, so each is queued once whichever server runs the job. Counts only, no names.
 */
export const reviewDigests = pgTable(
  'review_digests',
  {
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    applications: integer('applications').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewerId, t.market, t.day] }), index('review_digests_day_idx').on(t.day)],
);

/**
 * The scheduled backups (services/scheduled-backup.ts, docs/decisions/0049): one row per run, on
 * whichever server of the fleet took it, so that every server's /readyz and /metrics know the
 * last one. What was written and whether it restored; no personal data. Left out of backups
 * (db/backup/format.ts): it describes the site that took them, not the site a backup restores.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The moment the backup's snapshot was taken (its header's createdAt). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    /** The server (host name) whose BACKUP_DIR holds the file. */
    host: text('host').notNull(),
    /** The file's name in BACKUP_DIR; a failed verification keeps it as NAME.unverified. */
    file: text('file').notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    rows: integer('rows'),
    /** Written, checked, restored into a scratch database and counted: the backup proved itself. */
    verified: boolean('verified').notNull(),
    /** Why not, when it did not (a message without values). */
    error: text('error'),
    writeMs: integer('write_ms'),
    verifyMs: integer('verify_ms'),
  },
  (t) => [index('backup_runs_started_at_idx').on(t.startedAt)],
);

/**
 * The finder's change feed (issue 38 item 3, docs/decisions/0051): one row per change of a listing,
 * written by the trigger finder_changes_of_applications (migration 0027) on every write to
 * applications, in commit order (the trigger takes an advisory lock before it takes a seq). An
 * 'upsert' or 'delete' of the listing id in the market; the feed answers each with the listing's
 * current state. Pruned after FINDER_FEED_DAYS. Left out of backups (db/backup/format.ts).
 */
export const finderChanges = pgTable(
  'finder_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    market: text('market').notNull(),
    listingId: uuid('listing_id').notNull(),
    op: text('op', { enum: ['upsert', 'delete'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('finder_changes_market_seq_idx').on(t.market, t.seq), index('finder_changes_at_idx').on(t.at)],
);

/**
 * The change feed's one row: its epoch (a random id that cursors carry, new in every database, so a
 * cursor from before a restore answers 410) and the highest seq pruned (older cursors answer 410).
 * Left out of backups (db/backup/format.ts).
 */
export const finderFeed = pgTable('finder_feed', {
  id: integer('id').primaryKey().default(1),
  epoch: uuid('epoch')
    .notNull()
    .default(sql`gen_random_uuid()`),
  prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull().default(0),
});

/**
 * API keys of client apps (issue 38 item 5, docs/decisions/0052). The key itself is never stored:
 * key_hash is its SHA-256 (hex), looked up on every public API request that carries one;
 * key_prefix its first characters, shown in lists. A revoked key stays, revoked, with its usage.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    quotaPerMinute: integer('quota_per_minute').notNull(),
    createdAt: createdAt(),
    /** The main admin who issued it; null when issued from the console or the account is gone. */
    createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('api_clients_key_hash_idx').on(t.keyHash)],
);

/** Requests per key and UTC day (added to in batches by every server; `limited`: of them answered 429). */
export const apiClientUsage = pgTable(
  'api_client_usage',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => apiClients.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    limited: bigint('limited', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.day] })],
);

/** The main admin's activity log of API keys: each issue, rotation and revocation, and who did it (null: the console). */
export const apiClientEvents = pgTable(
  'api_client_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => apiClients.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['issue', 'rotate', 'revoke'] }).notNull(),
    actorId: uuid('actor_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [index('api_client_events_at_idx').on(t.at)],
);

/**
 * The main admin's activity log of staff accounts (issue 39 item 12, decision 0059): a member of staff
 * added, disabled or enabled, and a rep's pharmacies moved to another rep (`to_staff_user_id`, how many
 * in `pharmacies`); who did it (null: the console). Names are read from the accounts, never copied here.
 */
export const staffEvents = pgTable(
  'staff_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action', { enum: STAFF_CHANGE_ACTIONS }).notNull(),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    toStaffUserId: uuid('to_staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    pharmacies: integer('pharmacies'),
    /** A reviewer's markets as set by the change ('markets'); empty: every market. */
    markets: text('markets').array().$type<Country[]>(),
  },
  (t) => [index('staff_events_at_idx').on(t.at)],
);

/**
 * A field-signed pharmacist who did not confirm in time (issue 41 item 3, decision 0070): the
 * programme report's "field sign-ups lapsed", which the field pharmacy's own columns forget (the
 * lapse blanks them). Ids and a time only, no personal data; written with the lapse itself.
 */
export const fieldSignupLapses = pgTable(
  'field_signup_lapses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull(),
    market: text('market').notNull(),
    fieldPharmacyId: uuid('field_pharmacy_id').notNull(),
    /** field_extra_pharmacists.number; null: the pharmacy's first pharmacist. */
    extraPharmacist: integer('extra_pharmacist'),
  },
  (t) => [index('field_signup_lapses_at_idx').on(t.at)],
);

/** The main admin's downloads of the programme report and of the activity log itself (issue 41 items 3 and 4): who, when, which days, how many rows. */
export const reportDownloads = pgTable(
  'report_downloads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    report: text('report', { enum: REPORT_NAMES }).notNull(),
    fromDay: date('from_day', { mode: 'string' }),
    toDay: date('to_day', { mode: 'string' }),
    rows: integer('rows').notNull(),
  },
  (t) => [index('report_downloads_at_idx').on(t.at)],
);

export const schema = {
  pharmacies,
  applications,
  files,
  mailOutbox,
  captchaUsed,
  dailyQuota,
  drafts,
  staffUsers,
  signInLinks,
  staffSessions,
  authEvents,
  fieldPharmacies,
  callEntries,
  reviewAudit,
  reviewClaims,
  idempotentRequests,
  dataRightsLinks,
  dataRightsEvents,
  fileContents,
  appSecrets,
  rateLimitHits,
  scheduledJobs,
  fieldConfirmationLinks,
  consentRecords,
  csvExports,
  joinsDigests,
  reviewDigests,
  backupRuns,
  finderChanges,
  finderFeed,
  apiClients,
  apiClientUsage,
  apiClientEvents,
};
