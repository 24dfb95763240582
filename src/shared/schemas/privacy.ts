// The words of the record of processing (GDPR art. 30, issue 42): the ids the data map
// (src/server/privacy/data-map.ts) classifies every personal column with, and the record the
// main admin's /admin/privacy page shows. Texts live in the language files, by these ids.
export const DATA_SUBJECTS = ['applicant', 'field_pharmacist', 'extra_pharmacist', 'staff', 'patient'] as const;
export type DataSubject = (typeof DATA_SUBJECTS)[number];

/** The policies' data kinds (spec §3), plus free text that can name a person. */
export const DATA_CATEGORIES = ['identity', 'contact', 'professional_profile', 'technical', 'session', 'location', 'training', 'free_text'] as const;
export type DataCategory = (typeof DATA_CATEGORIES)[number];

export type PurposeKey =
  'review_application' | 'field_sales' | 'resume_draft' | 'send_mail' | 'staff_access' | 'security' | 'accountability' | 'data_rights' | 'consent_proof';

/** GDPR art. 6(1) (a consent, b contract, c legal obligation, f legitimate interests), and art. 9(2) where health data applies. */
export type LegalBasis = 'art6_1_a' | 'art6_1_b' | 'art6_1_c' | 'art6_1_f' | 'art9_2_a' | 'art9_2_h';

/** The settings that set a retention period (src/server/config.ts); the period is in the unit the name says. */
type RetentionSetting = 'RETENTION_REJECTED_MONTHS' | 'FIELD_CONFIRMATION_DAYS' | 'FINDER_FEED_DAYS' | 'STAFF_ABSOLUTE_HOURS' | 'RETENTION_ACCESS_LOG_MONTHS';
type PeriodUnit = 'minutes' | 'hours' | 'days' | 'months';

/** The current retention periods the privacy texts state, by setting (the period is in the setting's unit). */
export type RetentionPeriods = Record<RetentionSetting, number>;

/** The settings' defaults (src/server/config.ts). */
export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = {
  RETENTION_REJECTED_MONTHS: 12,
  FIELD_CONFIRMATION_DAYS: 30,
  FINDER_FEED_DAYS: 90,
  STAFF_ABSOLUTE_HOURS: 12,
  RETENTION_ACCESS_LOG_MONTHS: 24,
};

/**
 * How long a column is kept: a setting's period, a fixed period, as long as the person's record
 * (account, application, field pharmacy) exists, or, said honestly, no period set.
 */
export type RetentionRule = { setting: RetentionSetting } | { fixed: { amount: number; unit: PeriodUnit } } | { whileActive: true } | { noLimit: true };

/** Who the data goes to besides the operator's own staff. */
export type Recipient = 'reviewers' | 'main_admin' | 'area_managers' | 'sales_reps' | 'patients_public' | 'client_apps' | 'the_person';

export type ProcessorRole = 'hosting' | 'mail' | 'map_tiles' | 'places';

/** A processor as the settings name it: `name` is a host name, the operator's company, or null (offline: none). */
export interface Processor {
  role: ProcessorRole;
  name: string | null;
}

/** One line of the record: a category of one subject for one purpose, and what follows for it. */
export interface RecordEntry {
  subject: DataSubject;
  category: DataCategory;
  purpose: PurposeKey;
  basis: LegalBasis;
  retention: RetentionRule;
  /** The setting's current value, when the retention is a setting's. */
  retentionValue: number | null;
  recipients: Recipient[];
  processors: ProcessorRole[];
  exported: boolean;
  erased: boolean;
  /** The columns it covers, `table.column`. */
  columns: string[];
}

export interface ProcessingRecord {
  controller: { company: string; address: string; dpoEmail: string };
  processors: Processor[];
  entries: RecordEntry[];
  retentionPeriods: RetentionPeriods;
}
