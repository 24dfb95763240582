// The record of processing (GDPR art. 30) and the retention schedule (issue 42 item 4), derived
// from the data map and the settings: one entry per subject, category, purpose, basis and
// retention rule, with the setting's current value, the recipients of the purpose and the
// processors the settings name (the mail server of SMTP_URL, the tile server of MAP_TILES_URL,
// the place search of PLACES_PROVIDER, and the hosting operator).
import {
  DATA_CATEGORIES,
  DATA_SUBJECTS,
  type ProcessingRecord,
  type Processor,
  type ProcessorRole,
  type PurposeKey,
  type RecordEntry,
  type Recipient,
  type RetentionPeriods,
  type RetentionRule,
} from '#shared/schemas/privacy.ts';
import type { Config } from '../config.ts';
import { PERSONAL_COLUMNS, type PersonalColumn } from './data-map.ts';

export type RecordConfig = Pick<
  Config,
  'operator' | 'mail' | 'mapTilesUrl' | 'places' | 'retentionRejectedMonths' | 'fieldConfirmationDays' | 'finderFeedDays' | 'retentionAccessLogMonths' | 'staff'
>;

/** Who receives the data of each purpose besides the operator's own administrators. */
const PURPOSE_RECIPIENTS: Record<PurposeKey, Recipient[]> = {
  review_application: ['reviewers', 'main_admin', 'patients_public', 'client_apps', 'the_person'],
  field_sales: ['area_managers', 'sales_reps', 'main_admin', 'the_person'],
  resume_draft: ['the_person'],
  send_mail: ['the_person'],
  staff_access: ['main_admin'],
  security: ['main_admin'],
  accountability: ['main_admin'],
  data_rights: ['the_person'],
  consent_proof: ['main_admin', 'reviewers'],
};

/** The processors each purpose uses; hosting holds everything. */
const PURPOSE_PROCESSORS: Record<PurposeKey, ProcessorRole[]> = {
  review_application: ['hosting', 'mail', 'map_tiles', 'places'],
  field_sales: ['hosting', 'mail', 'map_tiles', 'places'],
  resume_draft: ['hosting', 'mail'],
  send_mail: ['hosting', 'mail'],
  staff_access: ['hosting', 'mail'],
  security: ['hosting'],
  accountability: ['hosting'],
  data_rights: ['hosting', 'mail'],
  consent_proof: ['hosting'],
};

export function retentionPeriods(
  config: Pick<Config, 'retentionRejectedMonths' | 'fieldConfirmationDays' | 'finderFeedDays' | 'retentionAccessLogMonths' | 'staff'>,
): RetentionPeriods {
  return {
    RETENTION_REJECTED_MONTHS: config.retentionRejectedMonths,
    FIELD_CONFIRMATION_DAYS: config.fieldConfirmationDays,
    FINDER_FEED_DAYS: config.finderFeedDays,
    STAFF_ABSOLUTE_HOURS: config.staff.absoluteHours,
    RETENTION_ACCESS_LOG_MONTHS: config.retentionAccessLogMonths,
  };
}

/** The host of a URL, without any user name or password in it; null for none or an unreadable one. */
function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    // A tile template's {s}. subdomain is left out; its other {x} parts are never in the host.
    return new URL(url.replace(/\{[a-z]\}\./g, '').replace(/\{[a-z]\}/g, '0')).hostname || null;
  } catch {
    return null;
  }
}

function processorsOf(config: RecordConfig): Processor[] {
  return [
    { role: 'hosting', name: config.operator.company },
    { role: 'mail', name: hostOf(config.mail.smtpUrl) },
    { role: 'map_tiles', name: hostOf(config.mapTilesUrl) },
    { role: 'places', name: config.places.provider === 'nominatim' ? hostOf(config.places.url) : null },
  ];
}

const ruleKey = (rule: RetentionRule) => JSON.stringify(rule);

export function processingRecord(config: RecordConfig, map: readonly PersonalColumn[] = PERSONAL_COLUMNS): ProcessingRecord {
  const periods = retentionPeriods(config);
  const processors = processorsOf(config);
  const named = new Set(processors.filter((p) => p.name).map((p) => p.role));
  const groups = new Map<string, PersonalColumn[]>();
  for (const column of map) {
    const key = [column.subject, column.category, column.purpose, column.basis, ruleKey(column.retention)].join('|');
    groups.set(key, [...(groups.get(key) ?? []), column]);
  }
  const order = (entry: RecordEntry) => DATA_SUBJECTS.indexOf(entry.subject) * 100 + DATA_CATEGORIES.indexOf(entry.category);
  const entries = [...groups.values()].map(([first, ...rest]): RecordEntry => {
    const columns = [first!, ...rest];
    return {
      subject: first!.subject,
      category: first!.category,
      purpose: first!.purpose,
      basis: first!.basis,
      retention: first!.retention,
      retentionValue: 'setting' in first!.retention ? periods[first!.retention.setting] : null,
      recipients: PURPOSE_RECIPIENTS[first!.purpose],
      processors: PURPOSE_PROCESSORS[first!.purpose].filter((role) => named.has(role)),
      exported: columns.every((c) => c.exported),
      erased: columns.every((c) => c.erased),
      columns: columns.map((c) => `${c.table}.${c.column}`),
    };
  });
  return {
    controller: { company: config.operator.company, address: config.operator.address, dpoEmail: config.operator.dpoEmail },
    processors,
    entries: entries.sort((a, b) => order(a) - order(b)),
    retentionPeriods: periods,
  };
}
