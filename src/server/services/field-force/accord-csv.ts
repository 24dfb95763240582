// GET /api/areamanager-accord-csv (issue 12 item 7): an area manager's pharmacies as CSV for
// Excel in Italy (UTF-8 with BOM, ';'), streamed from the database a batch at a time. Cells that
// start with = + - @ tab or CR are prefixed with ' (csv.ts), so no formula runs. The answer
// columns come from the catalogue's two field-force forms. Each pharmacy's record is rendered when
// the row is written and stored with it (export-lines.ts), so the export mostly copies text.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { FORMS } from '#shared/forms/catalogue.ts';
import { answerFields, sectionsOf } from '#shared/forms/derive.ts';
import type { fieldPharmacies } from '../../db/schema.ts';
import type { AreaManagerPharmacies } from './area-manager-pharmacies.ts';
import { csvCell, csvCells, csvRecord } from '../csv.ts';
import { COLUMN_FIELDS } from './field-pharmacy-columns.ts';

const EXTRA_PHARMACISTS = sectionsOf(FORMS['rep-visit']).find((section) => section.repeat)!;

/** Columns of the table itself, in this order (recordOf writes them). */
const TABLE_COLUMNS = ['id', 'pharmacyName', 'fullAddress', 'city', 'prov', 'region', 'placeId', 'lat', 'lng', 'salesRep', 'currentCallFlag', 'month', 'oncStatus', 'createdAt'];

/** Every other answer of the add-pharmacy and visit forms, in form order, once each. */
export const ANSWER_COLUMNS: readonly string[] = [...new Set([FORMS['areamanager-pharmacy'], FORMS['rep-visit']].flatMap(answerFields))].filter((name) => !COLUMN_FIELDS.has(name));

export const CSV_HEADER = [...TABLE_COLUMNS, ...ANSWER_COLUMNS, 'additionalPharmacists'];

const cell = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value));

/** The extra pharmacists' answer names (firstName2, ...), one list per pharmacist. */
const EXTRA_PHARMACIST_NAMES: string[][] = [];
for (let n = EXTRA_PHARMACISTS.repeat!.from; n <= EXTRA_PHARMACISTS.repeat!.max; n++) EXTRA_PHARMACIST_NAMES.push(Object.keys(EXTRA_PHARMACISTS.fields).map((name) => `${name}${n}`));

/** The extra pharmacists as one cell: one line each, "name surname, body, number, note". */
function extraPharmacists(answers: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const names of EXTRA_PHARMACIST_NAMES) {
    // Most pharmacies have no extra pharmacist: skip the empty ones without building their cells.
    if (!names.some((name) => answers[name] !== undefined && answers[name] !== null && answers[name] !== '')) continue;
    const values = names.map((name) => cell(answers[name]));
    if (values.some((v) => v !== '')) lines.push(`${values[0]} ${values[1]}`.trim() + values.slice(2).map((v) => (v ? `, ${v}` : '')).join(''));
  }
  return lines.join('\n');
}

/** The pharmacy's fields the export writes, as the table holds them. */
export type ExportSource = Pick<typeof fieldPharmacies.$inferSelect, 'id' | 'name' | 'fullAddress' | 'city' | 'province' | 'region' | 'placeId' | 'lat' | 'lng' | 'currentCallFlag' | 'month' | 'oncStatus' | 'createdAt' | 'answers'>;

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
export const EXPORT_FORMAT = createHash('sha256').update(JSON.stringify([RENDERING_REVISION, CSV_HEADER])).digest('hex').slice(0, 16);

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
export const repCellOf = (firstName: string, lastName: string) => csvCell(`${firstName} ${lastName}`.trim());

/** `pharmacies-YYYY-MM-DD.csv` (the day in UTC). */
export const csvFileName = (at: Date) => `pharmacies-${at.toISOString().slice(0, 10)}.csv`;

const BOM = '\uFEFF';

/**
 * The CSV as a stream: the BOM and the header, then one chunk per batch of rows. Read only as fast
 * as the client takes the bytes, so at most one batch is in memory. The reps' names are read once
 * each, as their rows first appear.
 */
export function accordCsvStream(store: AreaManagerPharmacies, areaManagerId: string): Readable {
  async function* chunks() {
    yield BOM + csvRecord(CSV_HEADER);
    const repCells = new Map<string, string>([['', '']]);
    for await (const batch of store.exportBatches(areaManagerId)) {
      const unread = [...new Set(batch.map((row) => row.salesRepId))].filter((id) => !repCells.has(id));
      if (unread.length > 0) {
        const reps = await store.repNames(unread);
        for (const id of unread) repCells.set(id, reps.has(id) ? repCellOf(reps.get(id)!.firstName, reps.get(id)!.lastName) : '');
      }
      let text = '';
      for (const row of batch) text += row.head + repCells.get(row.salesRepId)! + row.tail;
      yield text;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
