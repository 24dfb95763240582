// GET /api/areamanager-accord-csv?format=readable (issue 24 item 6, decision 0025): the visits an
// area manager's reps recorded within a range of days, one row each with its pharmacy, in words a
// manager reads: headings, call flags, oncology statuses, regions, provinces, yes/no and the
// pharmacist's confirmation in the language asked for, days and months as that language writes
// them. Every word comes from the web's message files (texts.ts), as the pages show them.
// Same file conventions as the machine format (csv.ts: UTF-8 with BOM, ';', CRLF, quoting, an
// apostrophe before a formula), and streamed the same way, a batch of pharmacies' visits at a time:
// by pharmacy name, then each pharmacy's visits oldest first.
import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { FORMS } from '#shared/forms/catalogue.ts';
import { sectionsOf } from '#shared/forms/derive.ts';
import { LANGUAGE_TAG, LANGUAGES, type Language } from '#shared/markets.ts';
import { CALL_FLAGS } from '#shared/reference/call-flags.ts';
import { ITALIAN_PROVINCES, ITALIAN_REGIONS } from '#shared/reference/italy.ts';
import { ONCOLOGY_STATUSES, parseOncologyStatus } from '#shared/reference/oncology-status.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { callEntries, fieldPharmacies, staffUsers } from '../../db/schema.ts';
import { csvRecord } from '../csv.ts';
import type { ExportSent } from './accord-csv.ts';
import { texts } from '../texts.ts';

/** Days are Rome's: the field force is Italian, and a visit at 00:30 in Rome belongs to that day there. */
const ZONE = 'Europe/Rome';

/** A visit with what the file shows of its pharmacy, as the batch's JSON gives it (the same from PGlite and PostgreSQL). */
interface VisitRow {
  id: string;
  pharmacy_id: string;
  day: string;
  time: string;
  call_flag: string;
  month: number | null;
  note: string | null;
  next_visit: string | null;
  by_gone: boolean;
  by_name: string;
  name: string;
  full_address: string;
  city: string | null;
  province: string | null;
  region: string | null;
  current_call_flag: string | null;
  onc_status: string | null;
  answers: Answers;
  pharmacist_status: string | null;
  confirmed_day: string | null;
  rep_name: string;
}

type Answers = Record<string, unknown>;

/** The words and formats of one language, resolved when this module loads (a missing message fails the start, not a download). */
function wordsOf(language: Language) {
  const t = texts(language);
  const tag = LANGUAGE_TAG[language];
  const day = new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' });
  return {
    t,
    callFlag: new Map<string, string>(CALL_FLAGS.map((flag) => [flag, t(`callFlag.${flag}`)])),
    oncStatus: new Map<string, string>(ONCOLOGY_STATUSES.map((status) => [status, t(`oncStatus.${status}`)])),
    yes: t('form.yes'),
    no: t('form.no'),
    formerStaff: t('staff.dashboard.joins.formerStaff'),
    pharmacist: {
      awaiting: t('staff.pharmacist.awaiting'),
      erased: t('staff.pharmacist.erased'),
      confirmed: (date: string) => t('staff.pharmacist.confirmed', { date }),
    },
    fileName: t('staff.readableCsv.fileName'),
    /** YYYY-MM-DD as the language writes a day: 25/11/2026, 25.11.2026. */
    day: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
    /** 1-12 as the month's name: novembre, November. */
    month: (value: unknown) => {
      const n = Number(value);
      return Number.isInteger(n) && n >= 1 && n <= 12 ? month.format(new Date(Date.UTC(2000, n - 1, 1))) : text(value);
    },
  };
}
type Words = ReturnType<typeof wordsOf>;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const REGION_NAMES = new Map<string, string>(ITALIAN_REGIONS.map((region) => [region.id, region.name]));
const PROVINCE_NAMES = new Map<string, string>(ITALIAN_PROVINCES.map((province) => [province.code, province.name]));

/** 'yes', 'no' and booleans in words; anything else as it is. */
function yesNo(value: unknown, words: Words): string {
  if (value === true || value === 'yes') return words.yes;
  if (value === false || value === 'no') return words.no;
  return text(value);
}

/** A code in words when the list knows it (old or unknown values as stored). */
const named = (names: ReadonlyMap<string, string>, value: string | null | undefined) => (value ? (names.get(value) ?? value) : '');

/** The staff member's three statements (stored as agreementCheck1..3): yes when all were made. */
const STATEMENTS = ['agreementCheck1', 'agreementCheck2', 'agreementCheck3'];
function statements(answers: Answers, words: Words): string {
  const given = STATEMENTS.map((name) => answers[name]).filter((value) => value !== undefined && value !== null);
  return given.length === 0 ? '' : yesNo(given.length === STATEMENTS.length && given.every((value) => value === true), words);
}

/** The extra pharmacists (firstName2, …), one line each: "name surname, body, number, note", as in the machine format. */
const EXTRA = sectionsOf(FORMS['rep-visit']).find((section) => section.repeat)!;
function otherPharmacists(answers: Answers): string {
  const lines: string[] = [];
  for (let n = EXTRA.repeat!.from; n <= EXTRA.repeat!.max; n++) {
    const [first, last, ...rest] = Object.keys(EXTRA.fields).map((name) => text(answers[`${name}${n}`]).trim());
    const line = [`${first} ${last}`.trim(), ...rest].filter(Boolean).join(', ');
    if (line) lines.push(line);
  }
  return lines.join('\n');
}

function confirmation(row: VisitRow, words: Words): string {
  if (row.pharmacist_status === 'awaiting') return words.pharmacist.awaiting;
  if (row.pharmacist_status === 'erased') return words.pharmacist.erased;
  if (row.pharmacist_status === 'confirmed') return words.pharmacist.confirmed(row.confirmed_day ? words.day(row.confirmed_day) : '');
  return '';
}

/** The file's columns in order: the heading's message key and the cell. */
const COLUMNS: ReadonlyArray<{ heading: string; cell: (row: VisitRow, answers: Answers, words: Words) => string }> = [
  { heading: 'staff.readableCsv.columns.visitDate', cell: (row, _, w) => w.day(row.day) },
  { heading: 'staff.readableCsv.columns.visitTime', cell: (row) => row.time },
  { heading: 'staff.readableCsv.columns.visitedBy', cell: (row, _, w) => (row.by_gone ? w.formerStaff : row.by_name) },
  { heading: 'staff.fieldNames.callFlag', cell: (row, _, w) => named(w.callFlag, row.call_flag) },
  { heading: 'staff.fieldNames.month', cell: (row, _, w) => (row.month ? w.month(row.month) : '') },
  { heading: 'staff.fieldNames.note', cell: (row) => text(row.note) },
  { heading: 'staff.fieldNames.nextVisit', cell: (row, _, w) => (row.next_visit ? w.day(row.next_visit) : '') },
  { heading: 'staff.readableCsv.columns.pharmacy', cell: (row) => row.name },
  { heading: 'staff.readableCsv.columns.address', cell: (row) => row.full_address },
  { heading: 'staff.fieldNames.city', cell: (row) => text(row.city) },
  { heading: 'staff.fieldNames.prov', cell: (row) => named(PROVINCE_NAMES, row.province) },
  { heading: 'staff.fieldNames.region', cell: (row) => named(REGION_NAMES, row.region) },
  { heading: 'staff.areaManagerView.currentFlag', cell: (row, _, w) => named(w.callFlag, row.current_call_flag) },
  { heading: 'staff.fieldNames.salesRep', cell: (row) => row.rep_name },
  { heading: 'staff.fieldNames.oncStatus', cell: (row, _, w) => named(w.oncStatus, parseOncologyStatus(row.onc_status) ?? row.onc_status) },
  { heading: 'staff.fieldNames.piva', cell: (_, a) => text(a.piva) },
  { heading: 'staff.pharmacist.label', cell: (_, a) => `${text(a.firstName)} ${text(a.lastName)}`.trim() },
  { heading: 'staff.readableCsv.columns.pharmacistEmail', cell: (_, a) => text(a.email) },
  { heading: 'italy.fieldNames.bodyOfRegistration', cell: (_, a) => text(a.bodyOfRegistration) },
  { heading: 'italy.fieldNames.professionalRegistrationNumber', cell: (_, a) => text(a.professionalRegistrationNumber) },
  { heading: 'italy.fieldNames.haveYouCompleted', cell: (_, a, w) => yesNo(a.haveYouCompleted, w) },
  { heading: 'staff.fieldNames.completionMonth', cell: (_, a, w) => (a.completionMonth ? w.month(a.completionMonth) : '') },
  { heading: 'italy.fieldNames.services', cell: (_, a) => text(a.services) },
  { heading: 'staff.readableCsv.columns.statements', cell: (_, a, w) => statements(a, w) },
  { heading: 'staff.readableCsv.columns.otherPharmacists', cell: (_, a) => otherPharmacists(a) },
  { heading: 'staff.readableCsv.columns.pharmacistConfirmation', cell: (row, _, w) => confirmation(row, w) },
];

const WORDS = Object.fromEntries(LANGUAGES.map((language) => [language, wordsOf(language)])) as Record<Language, Words>;
const HEADERS = Object.fromEntries(LANGUAGES.map((language) => [language, COLUMNS.map((column) => WORDS[language].t(column.heading))])) as Record<
  Language,
  string[]
>;

export interface VisitsQuery {
  areaManagerId: string;
  /** First day included (YYYY-MM-DD, Rome), or from the first visit. */
  from?: string;
  /** Last day included, or up to now. */
  to?: string;
  language: Language;
}

/** Pharmacies a batch: their visits in the range, however many (a pharmacy has a few a month). */
const PHARMACIES_PER_BATCH = 500;

/** A pharmacy's place in the file's order (name, then id). */
interface PharmacyKey {
  name: string;
  id: string;
}

/**
 * The bounds of the batches: every `size`-th of the manager's pharmacies by name and id, read
 * first in one statement, so each batch is a closed range of pharmacies and reads only its own
 * rows whatever the planner's statistics say (decision 0015 found that a keyset page sorted all
 * the rows left on every page on a table never analysed).
 */
async function batchBounds(db: Database, areaManagerId: string, size: number): Promise<PharmacyKey[]> {
  return rowsOf<PharmacyKey>(
    await db.execute(sql`
      select name, id::text as id from (select name, id, row_number() over (order by name, id) as n from ${fieldPharmacies} where area_manager_id = ${areaManagerId}) counted
      where n % ${size} = 0 order by name, id`),
  );
}

/**
 * The visits in the range of the pharmacies after `after` up to `upTo` (null: no bound), by
 * pharmacy name, then time. Each pharmacy's visits are read through its own (pharmacy, at) index
 * (a lateral join), never by scanning every visit.
 */
async function readVisits(db: Database, query: VisitsQuery, { after, upTo }: { after: PharmacyKey | null; upTo: PharmacyKey | null }): Promise<VisitRow[]> {
  const pharmacies: SQL[] = [sql`p.area_manager_id = ${query.areaManagerId}`];
  if (after) pharmacies.push(sql`(p.name, p.id) > (${after.name}, ${after.id}::uuid)`);
  if (upTo) pharmacies.push(sql`(p.name, p.id) <= (${upTo.name}, ${upTo.id}::uuid)`);
  const visits: SQL[] = [sql`c.pharmacy_id = p.id`];
  if (query.from) visits.push(sql`c.at >= (${query.from}::date::timestamp at time zone ${ZONE})`);
  if (query.to) visits.push(sql`c.at < ((${query.to}::date + 1)::timestamp at time zone ${ZONE})`);
  const local = (column: SQL, format: string) => sql`to_char(${column} at time zone ${ZONE}, ${format})`;
  // One JSON text for the whole batch: PGlite's cost is per value it returns (decision 0015).
  const [batch] = rowsOf<{ rows: string }>(
    await db.execute(sql`
      select coalesce(json_agg(json_build_object(
        'id', c.id, 'pharmacy_id', p.id, 'day', ${local(sql`c.at`, 'YYYY-MM-DD')}, 'time', ${local(sql`c.at`, 'HH24:MI')},
        'call_flag', c.call_flag, 'month', c.month, 'note', c.note, 'next_visit', c.next_visit,
        'by_gone', c.by_user_id is null, 'by_name', trim(concat_ws(' ', v.first_name, v.last_name)),
        'name', p.name, 'full_address', p.full_address, 'city', p.city, 'province', p.province, 'region', p.region,
        'current_call_flag', p.current_call_flag, 'onc_status', p.onc_status, 'answers', p.answers,
        'pharmacist_status', p.pharmacist_status, 'confirmed_day', ${local(sql`p.confirmed_at`, 'YYYY-MM-DD')},
        'rep_name', trim(concat_ws(' ', r.first_name, r.last_name))
      ) order by p.name, p.id, c.at, c.id), '[]')::text as rows
      from ${fieldPharmacies} p
      cross join lateral (select * from ${callEntries} c where ${sql.join(visits, sql` and `)}) c
      left join ${staffUsers} v on v.id = c.by_user_id
      left join ${staffUsers} r on r.id = p.sales_rep_id
      where ${sql.join(pharmacies, sql` and `)}`),
  );
  return JSON.parse(batch!.rows) as VisitRow[];
}

/**
 * The readable file as a stream: the BOM and the headings, then one chunk per batch of
 * pharmacies that had visits in the range, read only as fast as the client takes them; the next
 * batch is read while this one is written. `sent.rows` counts the visits handed out (for the
 * activity log) and `sent.pharmacyIds` whose they were (who saw whom, issue 42); `size` pharmacies a batch.
 */
export function visitsCsvStream(db: Database, query: VisitsQuery, sent: ExportSent = { rows: 0 }, size = PHARMACIES_PER_BATCH): Readable {
  const words = WORDS[query.language];
  async function* chunks() {
    yield '\uFEFF' + csvRecord(HEADERS[query.language]);
    const bounds = await batchBounds(db, query.areaManagerId, size);
    const ranges = [...bounds, null].map((upTo, i) => ({ after: bounds[i - 1] ?? null, upTo }));
    let next: Promise<VisitRow[]> | null = readVisits(db, query, ranges[0]!);
    for (let i = 0; next; i++) {
      const rows: VisitRow[] = await next;
      next = i + 1 < ranges.length ? readVisits(db, query, ranges[i + 1]!) : null;
      // A client gone before the next batch arrives leaves it unread: its failure is nobody's to see.
      next?.catch(() => {});
      if (rows.length === 0) continue;
      let chunk = '';
      for (const row of rows) {
        chunk += csvRecord(COLUMNS.map((column) => column.cell(row, row.answers, words)));
        sent.pharmacyIds?.add(row.pharmacy_id);
      }
      sent.rows += rows.length;
      yield chunk;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Today in Rome, YYYY-MM-DD. */
const romeDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);

/** `visite-2026-11-01-2026-11-30.csv` (in the file's language); `to` is today when the range has no end, and a range with no start names its end alone. */
export function visitsCsvFileName({ from, to, language }: Pick<VisitsQuery, 'from' | 'to' | 'language'>, now: Date): string {
  return `${[WORDS[language].fileName, from, to ?? romeDay(now)].filter(Boolean).join('-')}.csv`;
}
