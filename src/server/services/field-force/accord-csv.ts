// GET /api/areamanager-accord-csv (issue 12 item 7): an area manager's pharmacies as CSV for
// Excel in Italy (UTF-8 with BOM, ';'), streamed from the database a batch at a time. Cells that
// start with = + - @ tab or CR are prefixed with ' (csv.ts), so no formula runs. The answer
// columns come from the catalogue's two field-force forms. Each pharmacy's record is rendered when
// the row is written and stored with it (export-lines.ts), so the export mostly copies text: the
// writer of a record and the reader of the stored ones are both here (decision 0015).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { inArray, sql } from 'drizzle-orm';
import { FORMS } from '#shared/forms/catalogue.ts';
import { answerFields, sectionsOf } from '#shared/forms/derive.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { fieldPharmacies, staffUsers } from '../../db/schema.ts';
import { csvCell, csvCells, csvRecord } from '../csv.ts';
import { COLUMN_FIELDS, storedNameOf, type FieldPharmacy } from './pharmacy-row.ts';

const EXTRA_PHARMACISTS = sectionsOf(FORMS['rep-visit']).find((section) => section.repeat)!;

/** Columns of the table itself, in this order (recordOf writes them). */
const TABLE_COLUMNS = [
  'id',
  'pharmacyName',
  'fullAddress',
  'city',
  'prov',
  'region',
  'placeId',
  'lat',
  'lng',
  'salesRep',
  'currentCallFlag',
  'month',
  'oncStatus',
  'createdAt',
];

/** Every other answer of the add-pharmacy and visit forms, in form order, once each. */
const ANSWER_COLUMNS: readonly string[] = [...new Set([FORMS['areamanager-pharmacy'], FORMS['rep-visit']].flatMap(answerFields).map(storedNameOf))].filter(
  (name) => !COLUMN_FIELDS.has(name),
);

export const CSV_HEADER = [...TABLE_COLUMNS, ...ANSWER_COLUMNS, 'additionalPharmacists'];

const cell = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value));

/** The extra pharmacists' answer names (firstName2, ...), one list per pharmacist. */
const EXTRA_PHARMACIST_NAMES: string[][] = [];
for (let n = EXTRA_PHARMACISTS.repeat!.from; n <= EXTRA_PHARMACISTS.repeat!.max; n++)
  EXTRA_PHARMACIST_NAMES.push(Object.keys(EXTRA_PHARMACISTS.fields).map((name) => `${name}${n}`));

/** The extra pharmacists as one cell: one line each, "name surname, body, number, note". */
function extraPharmacists(answers: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const names of EXTRA_PHARMACIST_NAMES) {
    // Most pharmacies have no extra pharmacist: skip the empty ones without building their cells.
    if (!names.some((name) => answers[name] !== undefined && answers[name] !== null && answers[name] !== '')) continue;
    const values = names.map((name) => cell(answers[name]));
    if (values.some((v) => v !== ''))
      lines.push(
        `${values[0]} ${values[1]}`.trim() +
          values
            .slice(2)
            .map((v) => (v ? `, ${v}` : ''))
            .join(''),
      );
  }
  return lines.join('\n');
}

/** The pharmacy's fields the export writes, as the table holds them. */
export type ExportSource = Pick<
  FieldPharmacy,
  | 'id'
  | 'name'
  | 'fullAddress'
  | 'city'
  | 'province'
  | 'region'
  | 'placeId'
  | 'lat'
  | 'lng'
  | 'currentCallFlag'
  | 'month'
  | 'oncStatus'
  | 'createdAt'
  | 'answers'
>;

/**
 * A pharmacy's record without the rep's name, which is another row's and so is written at export
 * time: the cells before it (with their ';') and after it (with the record's CRLF).
 */
export interface ExportLine {
  head: string;
  tail: string;
}

/** Bump when a cell is written differently; a change of columns changes EXPORT_FORMAT by itself. */
const RENDERING_REVISION = 1;

/** The format of stored records (export-lines.ts): a row stored in another one is rendered again. */
export const EXPORT_FORMAT = createHash('sha256')
  .update(JSON.stringify([RENDERING_REVISION, CSV_HEADER]))
  .digest('hex')
  .slice(0, 16);

/** The pharmacy's record, bar the rep's name, in the columns of CSV_HEADER. */
export function exportLineOf(row: ExportSource): ExportLine {
  const answers = row.answers ?? {};
  const before = [row.id, row.name, row.fullAddress, cell(row.city), cell(row.province), cell(row.region), cell(row.placeId), cell(row.lat), cell(row.lng)];
  const after = [cell(row.currentCallFlag), cell(row.month), cell(row.oncStatus), row.createdAt.toISOString()];
  for (const column of ANSWER_COLUMNS) after.push(cell(answers[column]));
  after.push(extraPharmacists(answers));
  return { head: `${csvCells(before)};`, tail: `;${csvRecord(after)}` };
}

/** The rep's cell: first and last name. */
const repCellOf = (firstName: string, lastName: string) => csvCell(`${firstName} ${lastName}`.trim());

/** `pharmacies-YYYY-MM-DD.csv` (the day in UTC). */
export const csvFileName = (at: Date) => `pharmacies-${at.toISOString().slice(0, 10)}.csv`;

/** A pharmacy's row in the CSV export: its stored record and its rep ('' for none). */
export interface ExportRow extends ExportLine {
  id: string;
  salesRepId: string;
}

/**
 * What the CSV export reads of each pharmacy, as text: id, rep id ('' for none), and the stored
 * record's two parts when they are of the current format ('' when not: the row is rendered here).
 */
const isCurrentFormat = sql`p.export_format = ${EXPORT_FORMAT}`;
const EXPORT_FIELDS = sql`p.id::text, coalesce(p.sales_rep_id::text, ''), case when ${isCurrentFormat} then p.export_head else '' end, case when ${isCurrentFormat} then p.export_tail else '' end`;
const EXPORT_FIELD_COUNT = 4;
const FIELD_SEPARATOR = '\u001f';
const ROW_SEPARATOR = '\u001e';

/** One id range of the manager's pharmacies for the CSV export, in id order. */
async function readExportBatch(db: Database, areaManagerId: string, { after, upTo }: { after: string | null; upTo: string | null }): Promise<ExportRow[]> {
  const range = sql.join(
    [sql`p.area_manager_id = ${areaManagerId}`, ...(after ? [sql`p.id > ${after}`] : []), ...(upTo ? [sql`p.id <= ${upTo}`] : [])],
    sql` and `,
  );
  const from = sql`from ${fieldPharmacies} p where ${range}`;
  const [joined] = rowsOf<{ n: number; body: string | null }>(
    await db.execute(sql`select count(*)::int as n, string_agg(concat_ws(${FIELD_SEPARATOR}, ${EXPORT_FIELDS}), ${ROW_SEPARATOR}) as body ${from}`),
  );
  if (!joined?.n) return [];
  let fields = joined.body!.split(ROW_SEPARATOR).map((row) => row.split(FIELD_SEPARATOR));
  if (fields.length !== joined.n || fields.some((row) => row.length !== EXPORT_FIELD_COUNT)) {
    const [asJson] = rowsOf<{ body: string }>(await db.execute(sql`select json_agg(json_build_array(${EXPORT_FIELDS}))::text as body ${from}`));
    fields = JSON.parse(asJson!.body) as string[][];
  }
  const rows = fields.map(([id, salesRepId, head, tail]): ExportRow => ({ id: id!, salesRepId: salesRepId!, head: head!, tail: tail! }));
  const unrendered = rows.filter((row) => row.head === '');
  if (unrendered.length > 0) {
    const lines = new Map(
      (
        await db
          .select()
          .from(fieldPharmacies)
          .where(
            inArray(
              fieldPharmacies.id,
              unrendered.map((row) => row.id),
            ),
          )
      ).map((row) => [row.id, exportLineOf(row)]),
    );
    for (const row of unrendered) Object.assign(row, lines.get(row.id));
  }
  // In id order (lowercase hex compares as PostgreSQL orders uuids); sorted here, where it costs less than in the database.
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * The manager's pharmacies for the CSV export, `size` rows at a time in id order: never all in
 * memory. Each batch comes from the database as one string (fields joined by U+001F, rows by
 * U+001E): PGlite's cost is per field it returns, so one value for thousands of rows is several
 * times faster than a value per cell. A batch whose text holds either separator itself is read
 * again as JSON. Batches are id ranges whose bounds are read first, so each query reads only its
 * own rows whatever the planner's statistics say (a keyset "id > last limit n" sorted all the
 * rows left on every page when the table had never been analysed). A row whose stored record is
 * missing or of an older format is rendered from its fields.
 */
export async function* exportBatches(db: Database, areaManagerId: string, size = 2000): AsyncGenerator<ExportRow[]> {
  const bounds = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from (select id, row_number() over (order by id) as n from ${fieldPharmacies} where area_manager_id = ${areaManagerId}) counted
      where n % ${size} = 0 order by id`),
  ).map((row) => row.id);
  const ranges = [...bounds, null].map((upTo, i) => ({ after: bounds[i - 1] ?? null, upTo }));
  // The next batch is read while this one is written, so PostgreSQL works while we do: at most two in memory.
  let next: Promise<ExportRow[]> | null = readExportBatch(db, areaManagerId, ranges[0]!);
  for (let i = 0; next; i++) {
    const rows: ExportRow[] = await next;
    next = i + 1 < ranges.length ? readExportBatch(db, areaManagerId, ranges[i + 1]!) : null;
    // A client gone before the next batch arrives leaves it unread: its failure is nobody's to see.
    next?.catch(() => {});
    if (rows.length > 0) yield rows;
  }
}

/** The reps' cells (first and last name), by id; a staff user who is gone gets ''. */
async function repCellsOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  const reps = await db
    .select({ id: staffUsers.id, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
    .from(staffUsers)
    .where(inArray(staffUsers.id, ids));
  return new Map(reps.map(({ id, firstName, lastName }) => [id, repCellOf(firstName, lastName)]));
}

const BOM = '\uFEFF';

/** What an export handed out so far: its data rows and, when asked for, the field pharmacies they were of (who saw whom, issue 42). */
export interface ExportSent {
  rows: number;
  pharmacyIds?: Set<string>;
}

/**
 * The CSV as a stream: the BOM and the header, then one chunk per batch of rows. Read only as fast
 * as the client takes the bytes, so at most one batch is in memory. The reps' names are read once
 * each, as their rows first appear. `sent.rows` counts the data rows handed to the stream so far
 * (the header is not one), for the activity log, and `sent.pharmacyIds` collects whose they were.
 */
export function accordCsvStream(db: Database, areaManagerId: string, sent: ExportSent = { rows: 0 }): Readable {
  async function* chunks() {
    yield BOM + csvRecord(CSV_HEADER);
    const repCells = new Map<string, string>([['', '']]);
    for await (const batch of exportBatches(db, areaManagerId)) {
      const unread = [...new Set(batch.map((row) => row.salesRepId))].filter((id) => !repCells.has(id));
      if (unread.length > 0) {
        const read = await repCellsOf(db, unread);
        for (const id of unread) repCells.set(id, read.get(id) ?? '');
      }
      let text = '';
      for (const row of batch) {
        text += row.head + repCells.get(row.salesRepId)! + row.tail;
        sent.pharmacyIds?.add(row.id);
      }
      sent.rows += batch.length;
      yield text;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
