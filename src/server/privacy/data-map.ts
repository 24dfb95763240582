// The data map (issue 42, docs/decisions/0072): every column of the database is either a personal
// column, with whom it is about, what kind of data it is, why it is kept, on what legal basis, for
// how long and whether the data-rights export and erasure cover it, or listed as holding nothing
// about a person. data-map.test.ts checks both lists against the live schema of a migrated
// database; the record of processing (record.ts) and the privacy texts' periods follow from it.
//
// Not personal by themselves: a row's own id and keys to other rows, token hashes, expiry and
// bookkeeping times, counters and statuses; they say something about a person only through the
// row's personal columns, which are listed. A staff id that records who did something is personal
// (the staff member's, for accountability).
import type { DataCategory, DataSubject, LegalBasis, PurposeKey, RetentionRule } from '#shared/schemas/privacy.ts';

// The map's words (subjects, categories, purposes, bases, rules) are in #shared/schemas/privacy.ts, for the page too.
export type { DataSubject } from '#shared/schemas/privacy.ts';

export interface PersonalColumn {
  table: string;
  column: string;
  /** Whom the value is about (for free text: the person the row is about). */
  subject: DataSubject;
  category: DataCategory;
  purpose: PurposeKey;
  basis: LegalBasis;
  retention: RetentionRule;
  /** In the person's data-rights export. */
  exported: boolean;
  /** Cleared (or its row deleted) at the person's erasure. */
  erased: boolean;
  note?: string;
}

type Classification = Omit<PersonalColumn, 'table' | 'column'>;

function columns(table: string, names: readonly string[], classification: Classification): PersonalColumn[] {
  return names.map((column) => ({ table, column, ...classification }));
}

const whileActive = { whileActive: true } as const;
const noLimit = { noLimit: true } as const;
const days = (amount: number) => ({ fixed: { amount, unit: 'days' } }) as const;

const application = {
  subject: 'applicant',
  purpose: 'review_application',
  basis: 'art6_1_b',
  retention: { setting: 'RETENTION_REJECTED_MONTHS' },
  exported: true,
  erased: true,
} as const;
const fieldPharmacist = {
  subject: 'field_pharmacist',
  purpose: 'field_sales',
  basis: 'art6_1_f',
  retention: { setting: 'FIELD_CONFIRMATION_DAYS' },
  exported: true,
  erased: true,
} as const;
/** Who did what: kept as the accountability log, not part of a staff member's export (staff rights go through the operator as employer). */
const staffAct = {
  subject: 'staff',
  category: 'identity',
  purpose: 'accountability',
  basis: 'art6_1_f',
  retention: noLimit,
  exported: false,
  erased: false,
} as const;
const staffAccount = { subject: 'staff', purpose: 'staff_access', basis: 'art6_1_b', retention: whileActive, exported: false, erased: false } as const;

export const PERSONAL_COLUMNS: readonly PersonalColumn[] = [
  // An application: the applicant's identity, contact, professional profile, training and free text, all in `answers` too.
  ...columns('applications', ['first_name', 'last_name'], { ...application, category: 'identity' }),
  ...columns('applications', ['email', 'email_normalized', 'mailbox'], { ...application, category: 'contact' }),
  ...columns('applications', ['registration_number', 'photo'], { ...application, category: 'professional_profile' }),
  ...columns('applications', ['answers'], {
    ...application,
    category: 'professional_profile',
    note: 'every answer of the form: profile, training, free text for patients',
  }),
  ...columns('applications', ['lat', 'lng'], { ...application, category: 'location', note: "the pharmacy's pin, generated from answers" }),
  ...columns('applications', ['signed_in_field_by'], { ...staffAct, note: 'the rep who recorded the pharmacist in the field' }),
  ...columns('review_snapshots', ['answers'], { ...application, category: 'professional_profile', note: 'the answers when changes were asked' }),
  ...columns('review_audit', ['reason', 'internal_note'], { ...application, category: 'free_text', note: "a reviewer's words about the applicant" }),
  ...columns('review_audit', ['actor_id'], staffAct),
  ...columns('review_claims', ['reviewer_id'], { ...staffAct, retention: whileActive }),
  ...columns('file_contents', ['content'], {
    ...application,
    category: 'professional_profile',
    note: 'the photo; the German certificate is training evidence',
  }),
  ...columns('files', ['sha256'], { ...application, category: 'technical', exported: false, note: "the photo's fingerprint (same-photo check)" }),
  // Drafts ("continue on another device").
  ...columns('drafts', ['email', 'mailbox'], {
    subject: 'applicant',
    category: 'contact',
    purpose: 'resume_draft',
    basis: 'art6_1_b',
    retention: days(30),
    exported: true,
    erased: true,
  }),
  ...columns('drafts', ['data'], {
    subject: 'applicant',
    category: 'professional_profile',
    purpose: 'resume_draft',
    basis: 'art6_1_b',
    retention: days(30),
    exported: true,
    erased: true,
  }),
  ...columns('drafts', ['client_hash'], {
    subject: 'applicant',
    category: 'technical',
    purpose: 'security',
    basis: 'art6_1_f',
    retention: days(30),
    exported: false,
    erased: true,
  }),
  // E-mail: bodies are emptied once delivered; the rows stay until the person's erasure.
  ...columns('mail_outbox', ['to', 'mailbox'], {
    subject: 'applicant',
    category: 'contact',
    purpose: 'send_mail',
    basis: 'art6_1_b',
    retention: noLimit,
    exported: true,
    erased: true,
    note: 'also field pharmacists and staff',
  }),
  ...columns('mail_outbox', ['subject', 'text', 'html', 'error'], {
    subject: 'applicant',
    category: 'free_text',
    purpose: 'send_mail',
    basis: 'art6_1_b',
    retention: noLimit,
    exported: true,
    erased: true,
    note: 'also field pharmacists and staff',
  }),
  // Data-subject requests.
  ...columns('data_rights_links', ['mailbox'], {
    subject: 'applicant',
    category: 'contact',
    purpose: 'data_rights',
    basis: 'art6_1_c',
    retention: days(7),
    exported: false,
    erased: true,
  }),
  // Abuse prevention: keyed by a client address (hashed) or a mailbox.
  ...columns('daily_quota', ['key'], {
    subject: 'applicant',
    category: 'technical',
    purpose: 'security',
    basis: 'art6_1_f',
    retention: days(2),
    exported: false,
    erased: false,
    note: 'any visitor',
  }),
  ...columns('rate_limit_hits', ['key'], {
    subject: 'applicant',
    category: 'technical',
    purpose: 'security',
    basis: 'art6_1_f',
    retention: { fixed: { amount: 1, unit: 'minutes' } },
    exported: false,
    erased: false,
    note: 'any visitor, hashed',
  }),
  // The Italian field force: the pharmacist a rep recorded, and the reps' own work.
  ...columns('field_pharmacies', ['answers', 'export_head', 'export_tail'], {
    ...fieldPharmacist,
    category: 'professional_profile',
    note: 'the pharmacists recorded (the first and the extra ones); export_head/tail: its CSV record',
  }),
  ...columns('field_pharmacies', ['pharmacist_mailbox'], { ...fieldPharmacist, category: 'contact' }),
  ...columns('field_pharmacies', ['onc_status'], {
    ...fieldPharmacist,
    category: 'training',
    exported: false,
    erased: false,
    note: "the pharmacy's oncology training status",
  }),
  ...columns('field_extra_pharmacists', ['pharmacist_mailbox'], { ...fieldPharmacist, subject: 'extra_pharmacist', category: 'contact' }),
  ...columns('call_entries', ['note'], { ...fieldPharmacist, category: 'free_text', note: "a rep's visit note can name the pharmacist" }),
  ...columns('call_entries', ['by_user_id'], {
    ...staffAct,
    purpose: 'field_sales',
    retention: whileActive,
    note: 'the visits a rep recorded (never where the rep was)',
  }),
  ...columns('field_pharmacies', ['area_manager_id', 'sales_rep_id'], {
    ...staffAct,
    category: 'professional_profile',
    purpose: 'field_sales',
    retention: whileActive,
  }),
  ...columns('field_pharmacies', ['recorded_by'], staffAct),
  ...columns('field_extra_pharmacists', ['recorded_by'], staffAct),
  ...columns('joins_digests', ['area_manager_id'], { ...staffAct, category: 'professional_profile', purpose: 'field_sales', retention: days(60) }),
  ...columns('idempotent_requests', ['user_id'], { ...staffAct, category: 'technical', purpose: 'field_sales', retention: days(30) }),
  ...columns('idempotent_requests', ['answer'], {
    ...fieldPharmacist,
    category: 'professional_profile',
    retention: days(30),
    exported: false,
    erased: false,
    note: "the answer to a rep's offline save, replayed once",
  }),
  // Staff accounts and their sign-in.
  ...columns('staff_users', ['first_name', 'last_name'], { ...staffAccount, category: 'identity' }),
  ...columns('staff_users', ['email'], { ...staffAccount, category: 'contact' }),
  ...columns('staff_users', ['role', 'area_manager_id', 'review_markets'], { ...staffAccount, category: 'professional_profile' }),
  ...columns('staff_users', ['totp_secret'], { ...staffAccount, category: 'session' }),
  ...columns('sign_in_links', ['user_id'], { ...staffAccount, category: 'session', retention: { fixed: { amount: 24, unit: 'hours' } } }),
  ...columns('staff_sessions', ['user_id', 'ip', 'user_agent'], { ...staffAccount, category: 'session', retention: { setting: 'STAFF_ABSOLUTE_HOURS' } }),
  ...columns('auth_events', ['email', 'user_id', 'ip', 'user_agent', 'detail'], {
    ...staffAccount,
    category: 'technical',
    purpose: 'security',
    basis: 'art6_1_f',
    retention: noLimit,
  }),
  // The accountability logs: who did what.
  ...columns('consent_records', ['staff_user_id'], { ...staffAct, purpose: 'consent_proof', basis: 'art6_1_c' }),
  ...columns('csv_exports', ['actor_id', 'area_manager_id'], staffAct),
  ...columns('report_downloads', ['actor_id'], staffAct),
  ...columns('api_clients', ['created_by', 'revoked_by'], staffAct),
  ...columns('api_client_events', ['actor_id'], staffAct),
  ...columns('staff_events', ['staff_user_id', 'actor_id', 'to_staff_user_id'], staffAct),
  ...columns('record_views', ['actor_id'], { ...staffAct, retention: { setting: 'RETENTION_ACCESS_LOG_MONTHS' }, note: 'who opened whose record' }),
  ...columns('review_digests', ['reviewer_id'], { ...staffAct, category: 'professional_profile', purpose: 'review_application', retention: days(60) }),
];

/** Tables and columns that hold nothing about a person ('all': the whole table). */
export const NOT_PERSONAL: Readonly<Record<string, readonly string[] | 'all'>> = {
  // A pharmacy is a business: its public place on the map.
  pharmacies: 'all',
  applications: [
    'id',
    'edit_token_hash',
    'edit_token_expires_at',
    'country',
    'language',
    'status',
    'registration_body',
    'place_id',
    'listing_id',
    'reference',
    'status_token_hash',
    'decision_status_token_hash',
    'created_at',
    'updated_at',
    'submitted_at',
  ],
  files: ['id', 'kind', 'storage_name', 'mime', 'original_mime', 'bytes', 'application_id', 'created_at', 'linked_at'],
  file_contents: ['file_id'],
  mail_outbox: ['id', 'created_at', 'sent_at', 'attempts', 'next_attempt_at', 'claimed_until', 'claim_token', 'failed_at'],
  captcha_used: 'all',
  daily_quota: ['scope', 'day', 'amount'],
  drafts: ['id', 'token_hash', 'country', 'language', 'step', 'photo', 'created_at', 'expires_at'],
  staff_users: ['id', 'language', 'totp_enabled_at', 'totp_last_step', 'totp_failures', 'totp_locked_until', 'disabled_at', 'joins_digest', 'created_at'],
  sign_in_links: ['token_hash', 'binding_hash', 'return_to', 'expires_at', 'used_at', 'created_at'],
  staff_sessions: ['id', 'created_at', 'last_seen_at', 'absolute_expires_at', 'mfa_passed', 'revoked_at'],
  auth_events: ['id', 'at', 'event'],
  field_pharmacies: [
    'id',
    'name',
    'full_address',
    'place_id',
    'lat',
    'lng',
    'city',
    'region',
    'province',
    'current_call_flag',
    'month',
    'created_at',
    'updated_at',
    'export_format',
    'pharmacist_status',
    'confirmation_requested_at',
    'confirmation_reminded_at',
    'confirmed_at',
    'confirmation_link_base',
    'confirmation_language',
    'application_id',
  ],
  field_extra_pharmacists: [
    'field_pharmacy_id',
    'number',
    'pharmacist_status',
    'confirmation_requested_at',
    'confirmation_reminded_at',
    'confirmed_at',
    'confirmation_link_base',
    'confirmation_language',
    'application_id',
  ],
  call_entries: ['id', 'pharmacy_id', 'at', 'call_flag', 'month', 'next_visit'],
  review_audit: ['id', 'at', 'application_id', 'action', 'from_status', 'to_status'],
  review_snapshots: ['id', 'application_id', 'audit_id', 'taken_at'],
  review_claims: ['application_id', 'claimed_at', 'last_action_at'],
  idempotent_requests: ['key', 'route', 'body_hash', 'created_at'],
  data_rights_links: ['token_hash', 'application_id', 'country', 'language', 'created_at', 'expires_at'],
  data_rights_events: 'all',
  app_secrets: 'all',
  rate_limit_hits: ['count', 'resets_at'],
  scheduled_jobs: 'all',
  field_confirmation_links: 'all',
  consent_records: [
    'id',
    'application_id',
    'field_pharmacy_id',
    'given_by',
    'statements',
    'country',
    'language',
    'privacy_version',
    'terms_version',
    'given_at',
  ],
  csv_exports: ['id', 'at', 'rows', 'actor_role', 'format', 'field_pharmacy_ids'],
  record_views: ['id', 'at', 'actor_role', 'record', 'record_id'],
  review_digests: ['market', 'day', 'applications', 'created_at'],
  joins_digests: ['day', 'joins', 'created_at'],
  backup_runs: 'all',
  finder_changes: 'all',
  finder_feed: 'all',
  api_clients: ['id', 'name', 'key_prefix', 'key_hash', 'quota_per_minute', 'created_at', 'rotated_at', 'revoked_at'],
  api_client_usage: 'all',
  api_client_events: ['id', 'at', 'client_id', 'action'],
  staff_events: ['id', 'at', 'action', 'pharmacies', 'markets'],
  field_signup_lapses: 'all',
  report_downloads: ['id', 'at', 'report', 'from_day', 'to_day', 'rows'],
};
