// GET /api/areamanager-accord-csv (issue 12 item 7): an area manager's pharmacies as CSV for
// Excel in Italy (UTF-8 with BOM, ';'), streamed from the database a batch at a time. Cells that
// start with = + - @ tab or CR are prefixed with ' (csv.ts), so no formula runs. The answer
// columns come from the catalogue's two field-force forms.
import { Readable } from 'node:stream';
import { FORMS } from '#shared/forms/catalogue.ts';
import { sectionsOf } from '#shared/forms/derive.ts';
import type { AreaManagerPharmacies } from './area-manager-pharmacies.ts';
import { csvRecord } from './csv.ts';

/** Columns of the table itself, in this order (recordOf writes them). */
const TABLE_COLUMNS = ['id', 'pharmacyName', 'fullAddress', 'city', 'prov', 'region', 'placeId', 'lat', 'lng', 'salesRep', 'currentCallFlag', 'month', 'oncStatus', 'createdAt'];

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

/** A double as JavaScript writes it (PostgreSQL's shortest text reads back as the same number). */
const numberText = (text: string) => (text === '' ? '' : String(Number(text)));

/** One pharmacy's cells from the texts of the store's export fields (area-manager-pharmacies.ts EXPORT_FIELDS). */
function recordOf(fields: string[]): string {
  const [id, name, fullAddress, city, province, region, placeId, lat, lng, repFirstName, repLastName, callFlag, month, oncStatus, createdAt, answersJson] = fields as [
    string, string, string, string, string, string, string, string, string, string, string, string, string, string, string, string,
  ];
  const answers = (JSON.parse(answersJson) ?? {}) as Record<string, unknown>;
  const cells = [id, name, fullAddress, city, province, region, placeId, numberText(lat), numberText(lng), repFirstName ? `${repFirstName} ${repLastName}`.trim() : '', callFlag, month, oncStatus, new Date(createdAt).toISOString()];
  for (const column of ANSWER_COLUMNS) cells.push(cell(answers[column]));
  cells.push(extraPharmacists(answers));
  return csvRecord(cells);
}

/** `pharmacies-YYYY-MM-DD.csv` (the day in UTC). */
export const csvFileName = (at: Date) => `pharmacies-${at.toISOString().slice(0, 10)}.csv`;

const BOM = '\uFEFF';

/**
 * The CSV as a stream: the BOM and the header, then one chunk per batch of rows. Read only as fast
 * as the client takes the bytes, so at most one batch is in memory.
 */
export function accordCsvStream(store: AreaManagerPharmacies, areaManagerId: string): Readable {
  async function* chunks() {
    yield BOM + csvRecord(CSV_HEADER);
    for await (const batch of store.exportBatches(areaManagerId)) {
      let text = '';
      for (const fields of batch) text += recordOf(fields);
      yield text;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
