// A field pharmacy's row and the field-force forms' answers, both ways. `field_pharmacies` keeps some
// answers in columns of their own (the place, the rep, the oncology status, the latest visit's flag
// and month: COLUMN_FIELDS); every other answer of those forms is kept in its `answers` and written
// to the CSV after the columns. The visit's note and next visit are its call-history entry's.
import { FORMS } from '#shared/forms/catalogue.ts';
import { answersOf } from '#shared/forms/derive.ts';
import type { FormDef } from '#shared/forms/model.ts';
import { sectionOf } from '#shared/forms/sections.ts';
import { CALL_FLAG_JOINED_UNIFY } from '#shared/reference/call-flags.ts';
import { STORED_NAME_OF_CHECK } from '#shared/reference/options.ts';
import type { PharmacistConfirmation } from '#shared/schemas/field-confirmation.ts';
import type { fieldPharmacies } from '../../db/schema.ts';

export type FieldPharmacy = typeof fieldPharmacies.$inferSelect;

/** Each answer the row keeps in a column, and that column. */
const COLUMN_OF = {
  whereYouWork: 'name',
  address: 'fullAddress',
  city: 'city',
  prov: 'province',
  region: 'region',
  placeId: 'placeId',
  lat: 'lat',
  lng: 'lng',
  salesRep: 'salesRepId',
  oncStatus: 'oncStatus',
  callFlag: 'currentCallFlag',
  month: 'month',
} as const satisfies Record<string, keyof FieldPharmacy>;

/** The answers kept in columns of their own rather than in `answers`. */
export const COLUMN_FIELDS: ReadonlySet<string> = new Set(Object.keys(COLUMN_OF));

/** The call-history entry's own answers (the visit-note section): never kept on the pharmacy. */
const CALL_ENTRY_FIELDS: ReadonlySet<string> = new Set(Object.keys(sectionOf('visit-note').fields));

/** The name the row keeps an answer under: the short form's check1..3 as agreementCheck1..3 (decision 0022). */
export const storedNameOf = (name: string): string => STORED_NAME_OF_CHECK[name as keyof typeof STORED_NAME_OF_CHECK] ?? name;

/** The answers of a payload of `form` that the row keeps in `answers`: no column's, no call entry's, no transport, no refs. */
function keptAnswersOf(form: FormDef, payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answersOf(form, payload))
      .filter(([name, value]) => value !== undefined && !COLUMN_FIELDS.has(name) && !CALL_ENTRY_FIELDS.has(name))
      .map(([name, value]) => [storedNameOf(name), value]),
  );
}

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const numberOf = (value: unknown) => (typeof value === 'number' ? value : null);

/** A validated payload of one of the area manager's forms (add, edit) as the row's columns, and its other answers. */
export function rowFromAnswers(form: FormDef, payload: Record<string, unknown>) {
  return {
    salesRepId: textOf(payload.salesRep),
    name: String(payload.whereYouWork ?? ''),
    fullAddress: String(payload.address ?? ''),
    placeId: textOf(payload.placeId),
    lat: numberOf(payload.lat),
    lng: numberOf(payload.lng),
    city: textOf(payload.city),
    region: textOf(payload.region),
    province: textOf(payload.prov),
    oncStatus: textOf(payload.oncStatus),
    answers: keptAnswersOf(form, payload),
  };
}

/** Answers of the joined_unify part: replaced whole when it is sent again, kept when another flag is recorded. */
const JOINED_SECTIONS = FORMS['rep-visit'].steps.flat().filter((id) => sectionOf(id).visibleWhen);
const JOINED_PLAIN = new Set(JOINED_SECTIONS.filter((id) => !sectionOf(id).repeat).flatMap((id) => Object.keys(sectionOf(id).fields).map(storedNameOf)));
const JOINED_NUMBERED = new Set(JOINED_SECTIONS.filter((id) => sectionOf(id).repeat).flatMap((id) => Object.keys(sectionOf(id).fields)));
const isJoinedAnswer = (name: string) => JOINED_PLAIN.has(name) || (/\d+$/.test(name) && JOINED_NUMBERED.has(name.replace(/\d+$/, '')));

/** The rep's visit (a validated rep-visit payload) as changes to the row as it is: a place left empty keeps the row's. */
export function rowAfterVisit(row: FieldPharmacy, payload: Record<string, unknown> & { callFlag: string; month: number }): Partial<FieldPharmacy> {
  const joined = payload.callFlag === CALL_FLAG_JOINED_UNIFY;
  const answers = joined ? Object.fromEntries(Object.entries(row.answers).filter(([name]) => !isJoinedAnswer(name))) : { ...row.answers };
  return {
    currentCallFlag: payload.callFlag,
    month: payload.month,
    placeId: textOf(payload.placeId) ?? row.placeId,
    lat: numberOf(payload.lat) ?? row.lat,
    lng: numberOf(payload.lng) ?? row.lng,
    fullAddress: textOf(payload.address) ?? row.fullAddress,
    oncStatus: joined ? textOf(payload.oncStatus) : row.oncStatus,
    answers: { ...answers, ...keptAnswersOf(FORMS['rep-visit'], payload) },
  };
}

/** The visit's note and next visit, for its call-history entry ('' as null). */
export const callEntryAnswersOf = (payload: Record<string, unknown>) => ({ note: textOf(payload.note), nextVisit: textOf(payload.nextVisit) });

/** The pharmacist's confirmation as the lists show it (issue 23). */
export function pharmacistOf(row: Pick<FieldPharmacy, 'pharmacistStatus' | 'confirmedAt'>): PharmacistConfirmation | null {
  if (!row.pharmacistStatus) return null;
  const at = row.confirmedAt as Date | string | null;
  return { status: row.pharmacistStatus, confirmedAt: at instanceof Date ? at.toISOString() : at ? new Date(at).toISOString() : null };
}

/** The answers the row's columns hold, under the forms' names. */
type ColumnAnswers = { -readonly [K in keyof typeof COLUMN_OF]: FieldPharmacy[(typeof COLUMN_OF)[K]] };

/** The row's columns as the forms' answers. */
export function columnAnswersOf(row: FieldPharmacy): ColumnAnswers {
  return Object.fromEntries(Object.entries(COLUMN_OF).map(([answer, column]) => [answer, row[column]])) as ColumnAnswers;
}

/** The row as the forms' answers: what `answers` kept (extra pharmacists included), then its columns under their answer names. */
export function answersFromRow(row: FieldPharmacy): ColumnAnswers & Record<string, unknown> {
  return { ...row.answers, ...columnAnswersOf(row) };
}
