// GET /api/areamanager-accord-csv (issue 12 item 7): an area manager's pharmacies as CSV for
// Excel in Italy (UTF-8 with BOM, ';'), streamed from the database a page at a time. Cells that
// start with = + - @ tab or CR are prefixed with ' by csv-stringify (escape_formulas), so no
// formula runs. The answer columns come from the catalogue's two field-force forms.
import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify/sync';
import { FORMS } from '#shared/forms/catalogue.ts';
import { sectionsOf } from '#shared/forms/derive.ts';
import type { AreaManagerPharmacies } from './area-manager-pharmacies.ts';
import type { FieldPharmacy } from './field-sales.ts';

type ExportRow = FieldPharmacy & { repName: string | null };

/** Columns of the table itself, in this order. */
const TABLE_COLUMNS: [string, (row: ExportRow) => unknown][] = [
  ['id', (r) => r.id],
  ['pharmacyName', (r) => r.name],
  ['fullAddress', (r) => r.fullAddress],
  ['city', (r) => r.city],
  ['prov', (r) => r.province],
  ['region', (r) => r.region],
  ['placeId', (r) => r.placeId],
  ['lat', (r) => r.lat],
  ['lng', (r) => r.lng],
  ['salesRep', (r) => r.repName],
  ['currentCallFlag', (r) => r.currentCallFlag],
  ['month', (r) => r.month],
  ['oncStatus', (r) => r.oncStatus],
  ['createdAt', (r) => r.createdAt.toISOString()],
];

/** Form fields that are the table's columns above, or never stored. */
const NOT_ANSWERS = new Set(['whereYouWork', 'address', 'city', 'prov', 'region', 'placeId', 'lat', 'lng', 'salesRep', 'callFlag', 'month', 'oncStatus', 'pharmacyId', 'areaManagerId', 'recaptchaToken', 'appStoreCountry', 'formLanguage', 'loginToken']);

const EXTRA_PHARMACISTS = sectionsOf(FORMS['rep-visit']).find((section) => section.repeat)!;

/** Every other answer of the add-pharmacy and visit forms, in form order, once each. */
export const ANSWER_COLUMNS: readonly string[] = [
  ...new Set(
    [FORMS['areamanager-pharmacy'], FORMS['rep-visit']]
      .flatMap((form) => sectionsOf(form))
      .filter((section) => !section.repeat)
      .flatMap((section) => Object.keys(section.fields))
      .filter((name) => !NOT_ANSWERS.has(name)),
  ),
];

export const CSV_HEADER = [...TABLE_COLUMNS.map(([name]) => name), ...ANSWER_COLUMNS, 'additionalPharmacists'];

const cell = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value));

/** The extra pharmacists (firstName2, ...) as one cell: one line each, "name surname, body, number, note". */
function extraPharmacists(answers: Record<string, unknown>): string {
  const lines: string[] = [];
  for (let n = EXTRA_PHARMACISTS.repeat!.from; n <= EXTRA_PHARMACISTS.repeat!.max; n++) {
    const values = Object.keys(EXTRA_PHARMACISTS.fields).map((name) => cell(answers[`${name}${n}`]));
    if (values.some((v) => v !== '')) lines.push(`${values[0]} ${values[1]}`.trim() + values.slice(2).map((v) => (v ? `, ${v}` : '')).join(''));
  }
  return lines.join('\n');
}

function recordOf(row: ExportRow): string[] {
  const answers = row.answers ?? {};
  return [...TABLE_COLUMNS.map(([, read]) => cell(read(row))), ...ANSWER_COLUMNS.map((name) => cell(answers[name])), extraPharmacists(answers)];
}

/** `pharmacies-YYYY-MM-DD.csv` (the day in UTC). */
export const csvFileName = (at: Date) => `pharmacies-${at.toISOString().slice(0, 10)}.csv`;

const CSV_OPTIONS: Options = { delimiter: ';', escape_formulas: true, record_delimiter: 'windows', quoted_match: /[\n\r"]/ };
const BOM = '\uFEFF';

/**
 * The CSV as a stream: the BOM and the header, then each page of rows (csv-stringify's sync API
 * on one page at a time: far fewer stream writes than a record each). Read only as fast as the
 * client takes the bytes, so at most one page is in memory.
 */
export function accordCsvStream(store: AreaManagerPharmacies, areaManagerId: string): Readable {
  async function* chunks() {
    yield BOM + stringify([CSV_HEADER], CSV_OPTIONS);
    for await (const page of store.exportPages(areaManagerId)) yield stringify(page.map(recordOf), CSV_OPTIONS);
  }
  return Readable.from(chunks(), { objectMode: false });
}
