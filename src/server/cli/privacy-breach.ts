// `npm run privacy -- breach --from ISO --to ISO [--format md|json]` (issue 42 item 6, docs/breach.md):
// the people whose records were read, changed or exported in a time window, from the accountability
// log: staff views (record_views), CSV exports and the pharmacies they held (csv_exports), review
// actions (review_audit), reps' visits (call_entries), the people's own downloads and erasures
// (data_rights_events) and the records' last change (updated_at). Each person is listed with their
// subject kind and, while their data is held, only what a notification needs: address, language
// and market. Read only; runs through the running server on the embedded database (run.ts).
import { parseArgs } from 'node:util';
import { and, eq, gte, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { applications, callEntries, csvExports, dataRightsEvents, fieldExtraPharmacists, fieldPharmacies, recordViews, reviewAudit } from '../db/schema.ts';
import type { CliOutput } from './staff-cli.ts';

const BREACH_USAGE = `Usage:
  npm run privacy -- breach --from ISO --to ISO [--format md|json]
    (the people whose records were read, changed or exported from --from up to, not including, --to;
     ISO 8601 times, e.g. 2026-11-28T09:00Z; default format md)`;

type Touch = 'read' | 'changed' | 'exported' | 'erased';

interface TouchedPerson {
  subject: 'applicant' | 'field_pharmacist' | 'extra_pharmacist';
  /** The application's id, or the field pharmacy's. */
  recordId: string;
  /** An extra pharmacist's number in the pharmacy (2 to 10); null for the others. */
  number: number | null;
  touched: Touch[];
  first: string;
  last: string;
  /** What a notification needs, while the person's data is held; null once erased. */
  contact: { email: string; language: string; market: string } | null;
}

export interface BreachReport {
  from: string;
  to: string;
  people: TouchedPerson[];
  /** Exports recorded without their list of people (before issue 42, or past RETENTION_ACCESS_LOG_MONTHS): every pharmacy of that area manager may have been in them. */
  exportsWithoutList: { at: string; areaManagerId: string | null }[];
}

type Touches = Map<string, { touched: Set<Touch>; first: Date; last: Date }>;

function touch(map: Touches, id: string | null, how: Touch, at: Date) {
  if (!id) return;
  const seen = map.get(id) ?? { touched: new Set<Touch>(), first: at, last: at };
  seen.touched.add(how);
  if (at < seen.first) seen.first = at;
  if (at > seen.last) seen.last = at;
  map.set(id, seen);
}

const TOUCH_ORDER: Touch[] = ['read', 'changed', 'exported', 'erased'];

async function breachReport(db: Database, from: Date, to: Date): Promise<BreachReport> {
  const within = (column: Parameters<typeof gte>[0]) => and(gte(column, from), lt(column, to));
  const [views, exports, audit, visits, rights, apps, pharmacies] = await Promise.all([
    db.select().from(recordViews).where(within(recordViews.at)),
    db.select({ at: csvExports.at, held: csvExports.fieldPharmacyIds, areaManagerId: csvExports.areaManagerId }).from(csvExports).where(within(csvExports.at)),
    db.select({ id: reviewAudit.applicationId, at: reviewAudit.at }).from(reviewAudit).where(within(reviewAudit.at)),
    db.select({ id: callEntries.pharmacyId, at: callEntries.at }).from(callEntries).where(within(callEntries.at)),
    db
      .select()
      .from(dataRightsEvents)
      .where(and(within(dataRightsEvents.at), ne(dataRightsEvents.event, 'link_sent'))),
    db.select({ id: applications.id, at: applications.updatedAt }).from(applications).where(within(applications.updatedAt)),
    db.select({ id: fieldPharmacies.id, at: fieldPharmacies.updatedAt }).from(fieldPharmacies).where(within(fieldPharmacies.updatedAt)),
  ]);
  const applicationTouches: Touches = new Map();
  const pharmacyTouches: Touches = new Map();
  for (const v of views) touch(v.record === 'application' ? applicationTouches : pharmacyTouches, v.recordId, 'read', v.at);
  for (const e of exports) for (const id of e.held ?? []) touch(pharmacyTouches, id, 'exported', e.at);
  for (const a of [...audit, ...apps]) touch(applicationTouches, a.id, 'changed', a.at);
  for (const p of [...visits, ...pharmacies]) touch(pharmacyTouches, p.id, 'changed', p.at);
  for (const r of rights) {
    const how = r.event === 'erased' ? 'erased' : 'exported';
    touch(applicationTouches, r.applicationId, how, r.at);
    touch(pharmacyTouches, r.fieldPharmacyId, how, r.at);
  }

  const applicationIds = [...applicationTouches.keys()];
  const pharmacyIds = [...pharmacyTouches.keys()];
  const [applicants, firsts, extras] = await Promise.all([
    applicationIds.length
      ? db
          .select({
            id: applications.id,
            status: applications.status,
            email: applications.email,
            language: applications.language,
            country: applications.country,
          })
          .from(applications)
          .where(inArray(applications.id, applicationIds))
      : [],
    pharmacyIds.length
      ? db
          .select({
            id: fieldPharmacies.id,
            status: fieldPharmacies.pharmacistStatus,
            answers: fieldPharmacies.answers,
            language: fieldPharmacies.confirmationLanguage,
          })
          .from(fieldPharmacies)
          .where(and(inArray(fieldPharmacies.id, pharmacyIds), isNotNull(fieldPharmacies.pharmacistStatus)))
      : [],
    pharmacyIds.length
      ? db
          .select({
            id: fieldExtraPharmacists.fieldPharmacyId,
            number: fieldExtraPharmacists.number,
            status: fieldExtraPharmacists.pharmacistStatus,
            answers: fieldPharmacies.answers,
            language: fieldExtraPharmacists.confirmationLanguage,
          })
          .from(fieldExtraPharmacists)
          .innerJoin(fieldPharmacies, eq(fieldPharmacies.id, fieldExtraPharmacists.fieldPharmacyId))
          .where(inArray(fieldExtraPharmacists.fieldPharmacyId, pharmacyIds))
      : [],
  ]);

  const person = (
    subject: TouchedPerson['subject'],
    recordId: string,
    number: number | null,
    seen: Touches,
    contact: TouchedPerson['contact'],
  ): TouchedPerson => {
    const { touched, first, last } = seen.get(recordId)!;
    return { subject, recordId, number, touched: TOUCH_ORDER.filter((t) => touched.has(t)), first: first.toISOString(), last: last.toISOString(), contact };
  };
  const emailIn = (answers: Record<string, unknown>, key: string) => (typeof answers[key] === 'string' ? (answers[key] as string) : '');
  const people = [
    ...applicants.map((a) =>
      person('applicant', a.id, null, applicationTouches, a.status === 'erased' ? null : { email: a.email, language: a.language, market: a.country }),
    ),
    ...firsts.map((p) =>
      person(
        'field_pharmacist',
        p.id,
        null,
        pharmacyTouches,
        p.status === 'erased' ? null : { email: emailIn(p.answers, 'email'), language: p.language ?? 'it', market: 'it' },
      ),
    ),
    ...extras.map((x) =>
      person(
        'extra_pharmacist',
        x.id,
        x.number,
        pharmacyTouches,
        x.status === 'erased' ? null : { email: emailIn(x.answers, `email${x.number}`), language: x.language ?? 'it', market: 'it' },
      ),
    ),
  ].sort((a, b) => a.subject.localeCompare(b.subject) || a.recordId.localeCompare(b.recordId) || (a.number ?? 0) - (b.number ?? 0));
  const exportsWithoutList = exports.filter((e) => e.held === null).map((e) => ({ at: e.at.toISOString(), areaManagerId: e.areaManagerId }));
  return { from: from.toISOString(), to: to.toISOString(), people, exportsWithoutList };
}

function breachMarkdown(report: BreachReport): string {
  const lines = [
    `# People whose records were touched from ${report.from} to ${report.to}`,
    '',
    `${report.people.length} ${report.people.length === 1 ? 'person' : 'people'}. Contact details only while their data is held ("erased": nobody to notify).`,
    '',
    '| subject | record | touched | first | last | e-mail | language | market |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...report.people.map(
      (p) =>
        `| ${p.subject} | ${p.recordId}${p.number ? ` #${p.number}` : ''} | ${p.touched.join(', ')} | ${p.first} | ${p.last} | ${p.contact?.email || 'erased'} | ${p.contact?.language ?? ''} | ${p.contact?.market ?? ''} |`,
    ),
  ];
  if (report.exportsWithoutList.length) {
    lines.push('', '## CSV exports recorded without their list of people', '', 'Every pharmacy of the area manager at the time may have been in them.', '');
    for (const e of report.exportsWithoutList) lines.push(`- ${e.at}: area manager ${e.areaManagerId ?? '(deleted account)'}`);
  }
  return `${lines.join('\n')}\n`;
}

const parseTime = (value: string | undefined) => {
  const time = value && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null;
  return time && !Number.isNaN(time.getTime()) ? time : null;
};

export async function runBreachCommand(ctx: { db: Database; out: CliOutput }, args: string[]): Promise<number> {
  const { out } = ctx;
  let values;
  try {
    ({ values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' }, format: { type: 'string', default: 'md' } } }));
  } catch (error) {
    out.error(`${(error as Error).message}\n${BREACH_USAGE}`);
    return 2;
  }
  const from = parseTime(values.from);
  const to = parseTime(values.to);
  if (!from || !to || from >= to || (values.format !== 'md' && values.format !== 'json')) {
    out.error(BREACH_USAGE);
    return 2;
  }
  const report = await breachReport(ctx.db, from, to);
  out.log(values.format === 'json' ? JSON.stringify(report, null, 2) : breachMarkdown(report));
  return 0;
}
